-- What the scheduler and workers need beyond the history itself.
--
-- due_at:           when a waiting run should start (creation for a new run, the backoff's end
--                   for a retry); the reconciler looks for waiting runs that Redis no longer holds.
-- lost_attempts:    attempts that ended without a result (worker died, or handed the run back on
--                   shutdown). They do not use up max_attempts, so a run survives a crashed node.
-- cancel_requested: an operator (or the REPLACE policy) asked for a running run to stop; whoever
--                   holds or recovers the run honours it.
ALTER TABLE task_run
    ADD COLUMN due_at DATETIME(3) NULL AFTER scheduled_at,
    ADD COLUMN lost_attempts INT NOT NULL DEFAULT 0 AFTER max_attempts,
    ADD COLUMN cancel_requested BOOLEAN NOT NULL DEFAULT FALSE AFTER lost_attempts,
    ADD KEY ix_task_run_task_status (task_id, status),
    ADD KEY ix_task_run_waiting (namespace, status, due_at);

UPDATE task_run SET due_at = created_at WHERE due_at IS NULL AND status IN ('QUEUED', 'RETRYING');
