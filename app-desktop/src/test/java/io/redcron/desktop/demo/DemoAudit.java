package io.redcron.desktop.demo;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Dates the audit entries of the demo's changes when they would have been made. The database
 * stamps every entry with its own time, so a change played now is moved back afterwards: the
 * entries it added get the time the story gives them (only in the demo's own schema).
 */
final class DemoAudit {
    private static final String NEWEST = "SELECT COALESCE(MAX(id), 0) FROM audit_log";
    private static final String MOVE = "UPDATE audit_log SET at = ? WHERE id > ? AND namespace = ?";
    private static final String TASK_TIMES = "UPDATE task SET created_at = ?, updated_at = ? WHERE id = ?";

    private final DataSource dataSource;
    private final String namespace;

    DemoAudit(DataSource dataSource, String namespace) {
        this.dataSource = dataSource;
        this.namespace = namespace;
    }

    /** Makes a change, and dates the audit entries it wrote {@code when}. */
    <T> T at(Instant when, Supplier<T> change) {
        long before = newest();
        T result = change.get();
        update(MOVE, DemoHistory.utc(when), before, namespace);
        return result;
    }

    void at(Instant when, Runnable change) {
        at(when, () -> {
            change.run();
            return null;
        });
    }

    /** A task's creation and last change, as its audit entries say. */
    void taskTimes(long taskId, Instant created, Instant updated) {
        update(TASK_TIMES, DemoHistory.utc(created), DemoHistory.utc(updated), taskId);
    }

    private long newest() {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(NEWEST);
             ResultSet row = statement.executeQuery()) {
            row.next();
            return row.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the audit log", e);
        }
    }

    private void update(String sql, Object... values) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot date the demo's changes", e);
        }
    }
}
