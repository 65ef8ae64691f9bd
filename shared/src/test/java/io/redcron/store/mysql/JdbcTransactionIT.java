package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.StoreException;
import io.redcron.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Jdbc#transaction} commits by switching auto-commit back on: what it wrote is there for
 * everyone once it returns, nothing of a failed one is, and the pool gets its connection back in
 * auto-commit mode with no transaction left open.
 */
class JdbcTransactionIT {
    private static HikariDataSource pool;
    private static Jdbc jdbc;

    @BeforeAll
    static void open() {
        // One connection: every step below must find the same one, as the pool left it.
        pool = MysqlDataSources.open(TestDatabase.freshSchema().withPoolSize(1));
        jdbc = new Jdbc(pool);
        jdbc.autoCommit("create", connection -> Jdbc.update(connection,
                "CREATE TABLE jdbc_probe (id INT PRIMARY KEY, value VARCHAR(20))"));
    }

    @AfterAll
    static void close() {
        pool.close();
    }

    @Test
    void aCommittedTransactionIsVisibleAndLeavesTheConnectionInAutoCommit() throws SQLException {
        jdbc.transaction("write", connection -> Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (1, 'kept')"));

        try (Connection connection = pool.getConnection()) {
            assertThat(connection.getAutoCommit()).isTrue();
            assertThat(Jdbc.count(connection, "SELECT @@in_transaction")).isZero();
        }
        assertThat(valueOf(1)).isEqualTo("kept");
    }

    @Test
    void aFailedTransactionLeavesNothing() throws SQLException {
        assertThatThrownBy(() -> jdbc.transaction("write then fail", connection -> {
            Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (2, 'undone')");
            throw new IllegalStateException("failing on purpose");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(valueOf(2)).isNull();
        try (Connection connection = pool.getConnection()) {
            assertThat(connection.getAutoCommit()).isTrue();
        }
    }

    @Test
    void aFailingStatementRollsBackTheWholeTransaction() {
        assertThatThrownBy(() -> jdbc.transaction("duplicate", connection -> {
            Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (3, 'first')");
            return Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (3, 'again')");
        })).isInstanceOf(StoreException.class);

        assertThat(valueOf(3)).isNull();
    }

    private static String valueOf(int id) {
        return jdbc.autoCommit("read", connection -> Jdbc.one(connection, "SELECT value FROM jdbc_probe WHERE id = ?",
                row -> row.getString(1), id).orElse(null));
    }
}
