package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;

/**
 * The one statement that records a new run of a task with a given trigger (a cron fire read back
 * one at a time, a manual run, and any other run an operator or the engine starts), read from the
 * task's row in the same statement: its names, its group and whether it is sharded. A sharded
 * task's run is recorded as the parent of its shards (SHARDED), which the leader splits; any
 * other is queued.
 *
 * <p>Bind: trigger, scheduled_at, due_at, max_attempts, created_at, params (JSON), task id. No row
 * inserted means no such task.
 */
final class NewRuns {
    /** The status a new run of task {@code t} is recorded in. */
    static final String INITIAL_STATUS = "CASE WHEN t.shards <> 0 THEN "
            + RunTransition.RECORD_NEW.literal(RunStatus.SHARDED) + " ELSE "
            + RunTransition.RECORD_NEW.literal(RunStatus.QUEUED) + " END";
    private static final String COLUMNS = " INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, created_at, params)"
            + " SELECT t.id, t.namespace, t.name, t.task_group, ?, ?, ?, " + INITIAL_STATUS
            + ", 0, ?, ?, ? FROM task t WHERE t.id = ?";
    /** Fails with a duplicate key when the moment is taken. */
    static final String INSERT = "INSERT" + COLUMNS;
    // A fire recorded before is kept as it is; IGNORE rather than ON DUPLICATE KEY UPDATE, which
    // needs the UPDATE right on every inserted column (see FireRows).
    /** Keeps a run recorded before at the same moment as it is. */
    static final String INSERT_IGNORE = "INSERT IGNORE" + COLUMNS;

    private NewRuns() {
    }
}
