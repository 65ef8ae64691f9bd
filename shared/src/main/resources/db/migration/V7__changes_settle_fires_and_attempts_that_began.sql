-- The misfire threshold of the namespace's leader, written when it takes its term. A task change
-- made while no scheduler runs records the fires its old schedule missed, and judges them as the
-- leader would (see ScheduleChange): operators' tools have no scheduler configuration of their own.
ALTER TABLE scheduler_epoch
    ADD COLUMN misfire_threshold_ms BIGINT NULL;

-- Whether the current attempt began executing. A run claimed ahead of its time (the lookahead) is
-- held by its worker until then: its claim is not yet an attempt, and if the worker stops before
-- the run's time the claim is released, not recorded as a lost attempt. A claim of a run already
-- due, and every row written before this migration, count as begun.
ALTER TABLE task_run
    ADD COLUMN attempt_began BOOLEAN NOT NULL DEFAULT TRUE;
