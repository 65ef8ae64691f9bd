package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.TriggerType;
import io.redcron.port.TaskNotFoundException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

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

    /** How many taken milliseconds a run looks past for a free one before giving up. */
    private static final int MAX_TRIES = 1000;

    private NewRuns() {
    }

    /**
     * Records a run that is no cron fire at the first free millisecond from {@code asked}, never
     * on a whole second (those are the cron fires'): the task's runs are unique by time.
     *
     * @return the new run's id
     * @throws TaskNotFoundException when there is no such task
     */
    static long insertAtFreeMoment(Connection connection, long taskId, TriggerType trigger, Instant asked,
                                   int maxAttempts, String paramsJson, Instant now) throws SQLException {
        Instant at = offTheSecond(Jdbc.millis(asked));
        for (int tries = 0; tries < MAX_TRIES; tries++) {
            try (PreparedStatement statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, trigger, at, at, maxAttempts, now, paramsJson, taskId);
                if (statement.executeUpdate() == 0) {
                    throw new TaskNotFoundException("with id " + taskId);
                }
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            } catch (SQLException e) {
                if (!Jdbc.isDuplicateKey(e)) {
                    throw e;
                }
            }
            at = offTheSecond(at.plusMillis(1));
        }
        throw new IllegalStateException("task " + taskId + " has runs at every millisecond from " + asked
                + " on; no free moment for a " + trigger.name().toLowerCase(java.util.Locale.ROOT) + " run");
    }

    /** The moment itself, or a millisecond later when it is a whole second. */
    static Instant offTheSecond(Instant at) {
        return at.getNano() == 0 ? at.plusMillis(1) : at;
    }
}
