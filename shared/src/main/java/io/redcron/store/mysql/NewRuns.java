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
    /**
     * One shard of a fire recorded again on its own (queued, whatever the task's sharding). Bind:
     * trigger, scheduled_at, due_at, max_attempts, created_at, params (JSON), shard_index,
     * shard_total, task id.
     */
    static final String INSERT_SHARD_AGAIN = "INSERT INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, created_at, params, shard_index,"
            + " shard_total) SELECT t.id, t.namespace, t.name, t.task_group, ?, ?, ?, "
            + RunTransition.RECORD_NEW.literal(RunStatus.QUEUED) + ", 0, ?, ?, ?, ?, ? FROM task t WHERE t.id = ?";

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
        return atFreeMoment(connection, taskId, asked, trigger.name().toLowerCase(java.util.Locale.ROOT) + " run",
                INSERT, at -> new Object[] {trigger, at, at, maxAttempts, now, paramsJson, taskId});
    }

    /**
     * Records shard {@code shardIndex} of {@code shardTotal} again as a manual run, as
     * {@link #insertAtFreeMoment} records a manual run.
     *
     * @return the new run's id
     */
    static long insertShardAgainAtFreeMoment(Connection connection, long taskId, int shardIndex, int shardTotal,
                                             Instant asked, int maxAttempts, String paramsJson, Instant now)
            throws SQLException {
        return atFreeMoment(connection, taskId, asked, "shard run again", INSERT_SHARD_AGAIN, at -> new Object[] {
            TriggerType.MANUAL, at, at, maxAttempts, now, paramsJson, shardIndex, shardTotal, taskId});
    }

    /** The binds of an insert at one moment. */
    @FunctionalInterface
    private interface Binds {
        Object[] at(Instant moment);
    }

    private static long atFreeMoment(Connection connection, long taskId, Instant asked, String what, String sql,
                                     Binds binds) throws SQLException {
        Instant at = offTheSecond(Jdbc.millis(asked));
        for (int tries = 0; tries < MAX_TRIES; tries++) {
            try (PreparedStatement statement = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, binds.at(at));
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
                + " on; no free moment for a " + what);
    }

    /** The moment itself, or a millisecond later when it is a whole second. */
    static Instant offTheSecond(Instant at) {
        return at.getNano() == 0 ? at.plusMillis(1) : at;
    }
}
