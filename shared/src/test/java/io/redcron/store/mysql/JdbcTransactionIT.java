package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.StoreException;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Jdbc#transaction} commits by switching auto-commit back on: what it wrote is there for
 * everyone once it returns, nothing of a failed one is, and the pool gets its connection back in
 * auto-commit mode with no transaction left open.
 */
class JdbcTransactionIT {
    /** One connection: every step below must find the same one, as the pool left it. */
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase(1);
    private static final HikariDataSource pool = mysql.pool();
    private static Jdbc jdbc;

    @BeforeAll
    static void open() {
        jdbc = new Jdbc(pool);
        jdbc.autoCommit("create", connection -> Jdbc.update(connection,
                "CREATE TABLE jdbc_probe (id INT PRIMARY KEY, value VARCHAR(20))"));
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

    @Test
    void aConnectionWhoseCommitFailedIsNotGivenBack() {
        List<String> calls = new CopyOnWriteArrayList<>();
        DataSource failingCommits = (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(),
                new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    Connection real = pool.getConnection();
                    return Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                            (connectionProxy, call, values) -> {
                                calls.add(call.getName());
                                if (call.getName().equals("setAutoCommit") && Boolean.TRUE.equals(values[0])) {
                                    throw new SQLException("commit failed on purpose");
                                }
                                try {
                                    return call.invoke(real, values);
                                } catch (InvocationTargetException e) {
                                    throw e.getCause();
                                }
                            });
                });

        assertThatThrownBy(() -> new Jdbc(failingCommits).transaction("write", connection ->
                Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (4, 'lost')")))
                .isInstanceOf(StoreException.class).hasMessageContaining("commit failed on purpose");

        assertThat(calls).contains("abort").endsWith("close");
        assertThat(valueOf(4)).isNull();
    }

    @Test
    void anInsertSkippingDuplicatesKeepsTheRowsThereAndAddsTheOthers() {
        jdbc.autoCommit("seed", connection -> Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (5, 'first')"));

        int inserted = jdbc.transaction("insert", connection -> Jdbc.insertSkippingDuplicates(connection,
                "INSERT IGNORE INTO jdbc_probe VALUES (?, ?), (?, ?)", 5, "second", 6, "new"));

        assertThat(inserted).isOne();
        assertThat(valueOf(5)).isEqualTo("first");
        assertThat(valueOf(6)).isEqualTo("new");
    }

    /** IGNORE would store the value cut to the column; a changed value must fail instead. */
    @Test
    void anInsertSkippingDuplicatesFailsItsTransactionRatherThanStoreAChangedValue() {
        assertThatThrownBy(() -> jdbc.transaction("insert", connection -> {
            Jdbc.update(connection, "INSERT INTO jdbc_probe VALUES (7, 'same transaction')");
            return Jdbc.insertSkippingDuplicates(connection, "INSERT IGNORE INTO jdbc_probe VALUES (?, ?)", 8,
                    "longer than twenty characters");
        })).isInstanceOf(StoreException.class).hasMessageContaining("changed value");

        assertThat(valueOf(7)).isNull();
        assertThat(valueOf(8)).isNull();
    }

    private static String valueOf(int id) {
        return jdbc.autoCommit("read", connection -> Jdbc.one(connection, "SELECT value FROM jdbc_probe WHERE id = ?",
                row -> row.getString(1), id).orElse(null));
    }
}
