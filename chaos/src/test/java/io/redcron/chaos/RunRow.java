package io.redcron.chaos;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** What the invariants need of one {@code task_run} row, read with plain JDBC. */
record RunRow(long id, long taskId, Instant scheduledAt, String status, String triggerType, int attempt,
              int maxAttempts, int lostAttempts, String node, String error, Instant createdAt, Instant startedAt) {

    private static final String SELECT = "SELECT id, task_id, scheduled_at, status, trigger_type, attempt, max_attempts,"
            + " lost_attempts, node, error, created_at, started_at FROM task_run WHERE namespace = ? ORDER BY id";

    /** A row as the invariants of every scenario see it: no reason, and times that do not matter. */
    RunRow(long id, long taskId, Instant scheduledAt, String status, String triggerType, int attempt, int maxAttempts,
           int lostAttempts, String node) {
        this(id, taskId, scheduledAt, status, triggerType, attempt, maxAttempts, lostAttempts, node, null, scheduledAt, null);
    }

    RunRow withTask(long task) {
        return new RunRow(id, task, scheduledAt, status, triggerType, attempt, maxAttempts, lostAttempts, node, error,
                createdAt, startedAt);
    }

    RunRow withError(String reason) {
        return new RunRow(id, taskId, scheduledAt, status, triggerType, attempt, maxAttempts, lostAttempts, node, reason,
                createdAt, startedAt);
    }

    boolean isFinal() {
        // SHARDED: the parent of a sharded fire, waiting for its shards.
        return !(status.equals("QUEUED") || status.equals("RUNNING") || status.equals("RETRYING")
                || status.equals("SHARDED"));
    }

    static List<RunRow> readAll(String jdbcUrl, String namespace) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, "root", "");
             PreparedStatement select = connection.prepareStatement(SELECT)) {
            select.setString(1, namespace);
            List<RunRow> rows = new ArrayList<>();
            try (ResultSet result = select.executeQuery()) {
                while (result.next()) {
                    rows.add(new RunRow(result.getLong(1), result.getLong(2), utc(result.getObject(3, LocalDateTime.class)),
                            result.getString(4), result.getString(5), result.getInt(6), result.getInt(7), result.getInt(8),
                            result.getString(9), result.getString(10), utc(result.getObject(11, LocalDateTime.class)),
                            utc(result.getObject(12, LocalDateTime.class))));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("read task_run: " + e.getMessage(), e);
        }
    }

    private static Instant utc(LocalDateTime time) {
        return time == null ? null : time.toInstant(ZoneOffset.UTC);
    }
}
