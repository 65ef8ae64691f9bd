-- One secondary index holding `status` instead of two: each claim and each result changes a
-- run's status, and every index holding it is rewritten then (an entry deleted, one inserted,
-- both purged later). With two such indexes that upkeep was the largest part of what a run
-- cost the database. What the merged index serves:
--
-- ix_task_run_state (namespace, status, task_id, due_at)
--   the runs in flight of a FORBID/REPLACE task (claim)     (namespace, 'RUNNING', task_id)
--   expired leases (reaper)                                 (namespace, 'RUNNING'); the running runs
--                                                           of a namespace are few, all are read
--   waiting runs (reconciler)                               (namespace, 'QUEUED' | 'RETRYING'), with
--                                                           due_at checked in the index itself
--
-- It replaces ix_task_run_task_status (task_id, status) and ix_task_run_waiting
-- (namespace, status, due_at). uq_task_run_fire and ix_task_run_namespace stay as they were.
ALTER TABLE task_run
    ADD KEY ix_task_run_state (namespace, status, task_id, due_at),
    DROP INDEX ix_task_run_task_status,
    DROP INDEX ix_task_run_waiting;
