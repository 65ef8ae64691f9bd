-- The misfire threshold of the namespace's leader, written when it takes its term. A task change
-- made while no scheduler runs records the fires its old schedule missed, and judges them as the
-- leader would (see MysqlTaskStore): operators' tools have no scheduler configuration of their own.
ALTER TABLE scheduler_epoch
    ADD COLUMN misfire_threshold_ms BIGINT NULL;
