package io.redcron.client;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;

/**
 * Every statement of the client, on a connection it is given. The run is recorded as the core's
 * own insert of a requested run records it ({@code NewRuns} in redcron-shared; a test compares
 * the two): task names, group and attempt limit copied from the task's row, status QUEUED (or
 * SHARDED for a sharded task, which the leader splits), attempt 0. The task's row is read, not
 * selected from in the insert: an {@code INSERT … SELECT} would share-lock it until the caller's
 * transaction ends, and the leader locks the rows of the tasks it fires.
 *
 * <p>Times are bound as UTC text with milliseconds, as the core binds them: whatever time zone the
 * application's connections use, {@code DATETIME} columns hold UTC.
 */
final class ClientSql {
    static final int DUPLICATE_KEY = 1062;
    static final int LOCK_WAIT_TIMEOUT = 1205;
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    static final String TASK = "SELECT id, name, task_group, retry_max_attempts, shards, UTC_TIMESTAMP(3) AS now"
            + " FROM task WHERE namespace = ? AND name = ?";
    static final String INSERT_RUN = "INSERT INTO task_run (task_id, namespace, task_name, task_group, trigger_type,"
            + " scheduled_at, due_at, status, attempt, max_attempts, created_at, params)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)";
    /** The key is taken before the run is recorded, pointing nowhere until it is (run 0). */
    static final String TAKE_KEY = "INSERT INTO run_request_key (task_id, idempotency_key, run_id, created_at)"
            + " VALUES (?, ?, 0, ?)";
    static final String POINT_KEY = "UPDATE run_request_key SET run_id = ?, created_at = ?"
            + " WHERE task_id = ? AND idempotency_key = ? AND run_id = ?";
    /** Locking, so it reads the committed row whatever snapshot the caller's transaction reads. */
    static final String KEYED_RUN = "SELECT run_id FROM run_request_key WHERE task_id = ? AND idempotency_key = ?"
            + " LOCK IN SHARE MODE";
    static final String RUN = "SELECT id, scheduled_at FROM task_run WHERE id = ?";
    static final String RUN_LOCKED = RUN + " LOCK IN SHARE MODE";
    static final String ADD_TO_OUTBOX = "INSERT INTO run_outbox (run_id, namespace, task_group, due_at, created_at)"
            + " VALUES (?, ?, ?, ?, ?)";
    /** Only a run that never started: waiting, never attempted, not claimed. */
    static final String CANCEL = "UPDATE task_run SET status = 'CANCELLED', finished_at = UTC_TIMESTAMP(3), error = ?"
            + " WHERE id = ? AND namespace = ? AND status = 'QUEUED' AND attempt = 0";

    /** The row of a task, and the database's time when it was read. */
    record TaskRow(long id, String name, String group, int maxAttempts, boolean sharded, Instant now) {
    }

    private ClientSql() {
    }

    static Optional<TaskRow> task(Connection connection, String namespace, String name) throws SQLException {
        try (PreparedStatement statement = prepare(connection, TASK, namespace, name);
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                return Optional.empty();
            }
            return Optional.of(new TaskRow(row.getLong("id"), row.getString("name"), row.getString("task_group"),
                    row.getInt("retry_max_attempts"), row.getInt("shards") != 0, instant(row, "now")));
        }
    }

    /** The new run's id; empty when the task has a run at that moment already. */
    static Optional<Long> insertRun(Connection connection, String namespace, TaskRow task, String trigger,
                                    Instant at, Instant now, Map<String, String> params) throws SQLException {
        try (PreparedStatement statement = prepareReturningKeys(connection, INSERT_RUN, task.id(),
                namespace, task.name(), task.group(), trigger, at, at, task.sharded() ? "SHARDED" : "QUEUED",
                task.maxAttempts(), now, json(params))) {
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                keys.next();
                return Optional.of(keys.getLong(1));
            }
        } catch (SQLException e) {
            if (e.getErrorCode() == DUPLICATE_KEY) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** The run's scheduled time, if it exists; {@code locking} reads the latest committed row. */
    static Optional<Instant> runTime(Connection connection, long runId, boolean locking) throws SQLException {
        try (PreparedStatement statement = prepare(connection, locking ? RUN_LOCKED : RUN, runId);
             ResultSet row = statement.executeQuery()) {
            return row.next() ? Optional.of(instant(row, "scheduled_at")) : Optional.empty();
        }
    }

    static Optional<Long> keyedRun(Connection connection, long taskId, String key) throws SQLException {
        try (PreparedStatement statement = prepare(connection, KEYED_RUN, taskId, key);
             ResultSet row = statement.executeQuery()) {
            return row.next() ? Optional.of(row.getLong(1)) : Optional.empty();
        }
    }

    static int update(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, values)) {
            return statement.executeUpdate();
        }
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... values) throws SQLException {
        return bind(connection.prepareStatement(sql), values);
    }

    private static PreparedStatement prepareReturningKeys(Connection connection, String sql, Object... values)
            throws SQLException {
        return bind(connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS), values);
    }

    private static PreparedStatement bind(PreparedStatement statement, Object... values) throws SQLException {
        try {
            for (int i = 0; i < values.length; i++) {
                Object value = values[i];
                if (value instanceof Instant instant) {
                    statement.setString(i + 1, DATETIME.format(LocalDateTime.ofInstant(millis(instant), ZoneOffset.UTC)));
                } else {
                    statement.setObject(i + 1, value);
                }
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    static Instant millis(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        return row.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC);
    }

    /** Parameters as a JSON object of strings, as the core stores them. */
    static String json(Map<String, String> params) {
        StringBuilder json = new StringBuilder("{");
        params.forEach((name, value) -> {
            if (json.length() > 1) {
                json.append(',');
            }
            quote(json, name).append(':');
            quote(json, value);
        });
        return json.append('}').toString();
    }

    private static StringBuilder quote(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }
}
