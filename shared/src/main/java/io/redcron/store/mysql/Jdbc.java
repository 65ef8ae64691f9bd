package io.redcron.store.mysql;

import io.redcron.port.StoreException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Transactions and value binding for the MySQL adapters. Times are written as UTC text with
 * milliseconds: the connector would shift a {@code Timestamp} by a time zone, and it drops the
 * fraction of any temporal value sent to MariaDB 10, whose "5.5.5-10.x" version makes it look
 * older than fractional seconds. They are read back as UTC {@link LocalDateTime}s.
 */
final class Jdbc {
    private static final int DUPLICATE_KEY = 1062;
    private static final int DEADLOCK = 1213;
    private static final int LOCK_WAIT_TIMEOUT = 1205;
    private static final int MAX_TRIES = 3;

    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final DataSource dataSource;

    Jdbc(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet row) throws SQLException;
    }

    /**
     * Runs {@code work} in one transaction. A deadlock victim is tried again from the start: the
     * work reads what it needs inside the transaction, so a second try sees the winner's rows.
     *
     * <p>The transaction is committed by switching auto-commit back on, which commits (JDBC and
     * MySQL both say so): a {@code COMMIT} followed by the pool restoring auto-commit costs a round
     * trip more, and the worker's batches are short (a claim takes five round trips this way, a
     * batch of results three). On failure it is rolled back and the pool restores auto-commit.
     * The work itself must not commit; it may roll back to start over.
     */
    <T> T transaction(String what, Work<T> work) {
        for (int tries = 1; ; tries++) {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    T result = work.run(connection);
                    commit(connection);
                    return result;
                } catch (SQLException | RuntimeException e) {
                    rollback(connection, e);
                    throw e;
                }
            } catch (SQLException e) {
                if (!isTransient(e) || tries >= MAX_TRIES) {
                    throw failure(what, e);
                }
            }
        }
    }

    /**
     * Commits by switching auto-commit back on. Should that fail, the driver already believes the
     * switch happened while the server may still be in the transaction: such a connection must
     * not go back to the pool, where the next user would write into a transaction nobody commits.
     */
    private static void commit(Connection connection) throws SQLException {
        try {
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            try {
                connection.abort(Runnable::run);
            } catch (SQLException | RuntimeException abortFailed) {
                e.addSuppressed(abortFailed);
            }
            throw e;
        }
    }

    /**
     * Runs {@code work} in auto-commit mode, each statement its own commit, and runs it again
     * (up to {@value #MAX_TRIES} times) when a statement is chosen as a deadlock victim or times
     * out on a lock, which undoes just that statement: the work must come to the same end when
     * repeated after any of its statements.
     */
    <T> T autoCommitRepeatable(String what, Work<T> work) {
        for (int tries = 1; ; tries++) {
            try (Connection connection = dataSource.getConnection()) {
                return work.run(connection);
            } catch (SQLException e) {
                if (!isTransient(e) || tries >= MAX_TRIES) {
                    throw failure(what, e);
                }
            }
        }
    }

    /** Runs {@code work} on a connection in auto-commit mode (single statements, reads). */
    <T> T autoCommit(String what, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    static PreparedStatement prepare(Connection connection, String sql, Object... values) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            bind(statement, values);
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    static int update(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, values)) {
            return statement.executeUpdate();
        }
    }

    /**
     * Runs an {@code INSERT IGNORE} that may skip rows whose key is taken, and nothing else: IGNORE
     * also turns a value too long or out of range into a warning and stores it changed. Any
     * warning but a duplicate key fails the statement, so the caller's transaction rolls back.
     * The connector asks for the warnings only when the server reported some.
     */
    static int insertSkippingDuplicates(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, values)) {
            int inserted = statement.executeUpdate();
            refuseAnyWarningButDuplicates(statement);
            return inserted;
        }
    }

    /**
     * {@link #insertSkippingDuplicates} for many rows of one single-row {@code INSERT IGNORE}: sent
     * as a JDBC batch, which the connector rewrites into multi-row statements. The single-row text
     * is parsed once and cached; a statement of a thousand rows spelled out would be parsed anew on
     * every call, and that parse was a third of what recording fires cost the leader.
     */
    static void insertAllSkippingDuplicates(Connection connection, String sql, List<Object[]> rows)
            throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                bind(statement, row);
                statement.addBatch();
            }
            statement.executeBatch();
            refuseAnyWarningButDuplicates(statement);
        }
    }

    /** Fails on any warning of an {@code INSERT IGNORE} but a duplicate key, so the caller's transaction rolls back. */
    private static void refuseAnyWarningButDuplicates(PreparedStatement statement) throws SQLException {
        for (SQLWarning warning = statement.getWarnings(); warning != null; warning = warning.getNextWarning()) {
            if (warning.getErrorCode() != DUPLICATE_KEY) {
                throw new SQLException("an insert would have stored a changed value: " + warning.getMessage(),
                        warning.getSQLState(), warning.getErrorCode());
            }
        }
    }

    static <T> Optional<T> one(Connection connection, String sql, RowMapper<T> mapper, Object... values)
            throws SQLException {
        List<T> rows = list(connection, sql, mapper, values);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    static <T> List<T> list(Connection connection, String sql, RowMapper<T> mapper, Object... values)
            throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, values);
             ResultSet rows = statement.executeQuery()) {
            List<T> out = new ArrayList<>();
            while (rows.next()) {
                out.add(mapper.map(rows));
            }
            return out;
        }
    }

    /**
     * Hands each row to {@code reader} as it arrives: the connector streams the rows instead of
     * holding them all, for reads whose size only the window asked for bounds. The connection
     * reads nothing else until the rows are done.
     */
    static void each(Connection connection, String sql, RowMapper<?> reader, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY,
                ResultSet.CONCUR_READ_ONLY)) {
            statement.setFetchSize(Integer.MIN_VALUE);
            bind(statement, values);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reader.map(rows);
                }
            }
        }
    }

    static long count(Connection connection, String sql, Object... values) throws SQLException {
        return one(connection, sql, row -> row.getLong(1), values).orElse(0L);
    }

    static void bind(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            int index = i + 1;
            if (value == null) {
                statement.setNull(index, Types.NULL);
            } else if (value instanceof Instant instant) {
                statement.setString(index, DATETIME.format(toUtc(instant)));
            } else if (value instanceof Enum<?> constant) {
                statement.setString(index, constant.name());
            } else {
                statement.setObject(index, value);
            }
        }
    }

    /** Millisecond precision, as stored: MySQL would round a finer value, MariaDB truncate it. */
    static Instant millis(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS);
    }

    static LocalDateTime toUtc(Instant instant) {
        return LocalDateTime.ofInstant(millis(instant), ZoneOffset.UTC);
    }

    static Instant instant(ResultSet row, String column) throws SQLException {
        LocalDateTime value = row.getObject(column, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }

    static Integer nullableInt(ResultSet row, String column) throws SQLException {
        int value = row.getInt(column);
        return row.wasNull() ? null : value;
    }

    static boolean isDuplicateKey(SQLException e) {
        return e.getErrorCode() == DUPLICATE_KEY;
    }

    static boolean isTransient(SQLException e) {
        return e.getErrorCode() == DEADLOCK || e.getErrorCode() == LOCK_WAIT_TIMEOUT || "40001".equals(e.getSQLState());
    }

    static StoreException failure(String what, SQLException e) {
        return new StoreException("database: " + what + " failed: " + MysqlDataSources.reason(e), e);
    }

    private static void rollback(Connection connection, Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
