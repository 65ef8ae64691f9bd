-- Fewer secondary indexes on task_run: every index that holds `status` (or `lease_until`) is
-- rewritten on each claim, result and lease renewal, and those writes were what a run cost the
-- database. What each remaining index is for:
--
-- uq_task_run_fire        (task_id, scheduled_at)       one run per fire; a task's history; last results
-- ix_task_run_namespace   (namespace, scheduled_at)     run listings and the dashboard (never rewritten:
--                                                       neither column changes after the insert)
-- ix_task_run_task_status (task_id, status)             the runs in flight of a FORBID/REPLACE task (claim)
-- ix_task_run_waiting     (namespace, status, due_at)   waiting runs (reconciler) and, through its
--                                                       (namespace, 'RUNNING') range, expired leases (reaper)
--
-- Dropped: ix_task_run_status (namespace, status, scheduled_at), which only served listings
-- filtered by status (they now walk the namespace's history newest first, as unfiltered ones do),
-- and ix_task_run_lease (status, lease_until), which every lease renewal rewrote; the running
-- runs of a namespace are few (at most the slots of its workers), so the reaper reads them all.
ALTER TABLE task_run
    DROP INDEX ix_task_run_status,
    DROP INDEX ix_task_run_lease;
