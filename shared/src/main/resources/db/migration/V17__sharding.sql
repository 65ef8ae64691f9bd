-- Sharded tasks: each fire becomes a parent run (status SHARDED) and N shard runs, each a run of
-- its own (claimed, leased, retried and recovered alone).
--
-- task.shards: 0 the task is not sharded; N > 0 each fire is split into N logical shards
--              (1-1000, stable whichever workers come and go); -1 one shard per live worker
--              node serving the task's group when the fire is split (at least one).
ALTER TABLE task
    ADD COLUMN shards INT NOT NULL DEFAULT 0;

-- task_run.shard_index: which shard of its fire a run is (0-based); -1 for every other run.
-- task_run.shard_total: on a shard, how many shards its fire has; on a parent, the same once the
--                       leader split it (0 until then, which is how an unsplit parent is found);
--                       0 on every other run.
-- The shards of a fire share their parent's task and fire time, so the one-run-per-fire key takes
-- the shard index: a fire is still one parent row, and each of its shards one row, found through
-- that key's range. No new index: task_run is the hot table.
ALTER TABLE task_run
    ADD COLUMN shard_index INT NOT NULL DEFAULT -1,
    ADD COLUMN shard_total INT NOT NULL DEFAULT 0,
    DROP INDEX uq_task_run_fire,
    ADD UNIQUE KEY uq_task_run_fire (task_id, scheduled_at, shard_index);
