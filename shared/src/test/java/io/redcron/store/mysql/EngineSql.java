package io.redcron.store.mysql;

import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;

/**
 * Reads the columns of the engine that the ports do not show (due time, cancel flag, planned
 * fire), and watches the server for a transaction waiting on a row lock.
 */
final class EngineSql {
    private static final String LOCK_WAITS = "SELECT COUNT(*) FROM information_schema.INNODB_TRX t"
            + " JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id"
            + " WHERE t.trx_state = 'LOCK WAIT' AND p.DB = ?";

    private final Jdbc jdbc;
    private final String database;

    EngineSql(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
        this.database = jdbc.autoCommit("name the database",
                connection -> Jdbc.one(connection, "SELECT DATABASE()", row -> row.getString(1)).orElseThrow());
    }

    Instant dueAt(long runId) {
        return instant("SELECT due_at FROM task_run WHERE id = ?", runId);
    }

    boolean cancelRequested(long runId) {
        return jdbc.autoCommit("read the cancel flag", connection -> Jdbc.one(connection,
                "SELECT cancel_requested FROM task_run WHERE id = ?", row -> row.getBoolean(1), runId).orElseThrow());
    }

    Instant nextFireAt(long taskId) {
        return instant("SELECT next_fire_at FROM task WHERE id = ?", taskId);
    }

    long runsOf(String namespace) {
        return jdbc.autoCommit("count runs", connection ->
                Jdbc.count(connection, "SELECT COUNT(*) FROM task_run WHERE namespace = ?", namespace));
    }

    /** Writes a column as another node or an operator would have, outside the stores. */
    void update(String sql, Object... values) {
        jdbc.autoCommit("change rows", connection -> Jdbc.update(connection, sql, values));
    }

    /**
     * Waits until some transaction on this database waits for a row lock, or until {@code done}
     * (the work expected to wait finished without waiting: the caller's assertions then fail).
     */
    void awaitLockWaitOr(BooleanSupplier done) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10))
                .until(() -> done.getAsBoolean() || jdbc.autoCommit("look for lock waits",
                        connection -> Jdbc.count(connection, LOCK_WAITS, database)) > 0);
    }

    /** The time in the first column of the one row {@code sql} finds; null when it holds none. */
    private Instant instant(String sql, long id) {
        return jdbc.autoCommit("read a time", connection -> readInstant(connection, sql, id));
    }

    private static Instant readInstant(Connection connection, String sql, long id) throws SQLException {
        Optional<Optional<Instant>> row = Jdbc.one(connection, sql,
                r -> Optional.ofNullable(Jdbc.instant(r, r.getMetaData().getColumnLabel(1))), id);
        return row.orElseThrow(() -> new AssertionError("no row with id " + id)).orElse(null);
    }
}
