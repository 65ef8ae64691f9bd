package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.RunOutbox;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.testing.TestDatabase;
import io.redcron.testkit.RunOutboxContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;

class MysqlRunOutboxIT extends RunOutboxContract {
    private static HikariDataSource pool;

    @BeforeAll
    static void openDatabase() {
        pool = TestDatabase.freshDataSource();
    }

    @AfterAll
    static void closeDatabase() {
        pool.close();
    }

    @Override
    protected TaskStore tasks() {
        return new MysqlTaskStore(pool, Clock.systemUTC());
    }

    @Override
    protected RunStore runs() {
        return new MysqlRunStore(pool, Clock.systemUTC());
    }

    @Override
    protected RunOutbox outbox() {
        return new MysqlRunOutbox(pool);
    }

    @Override
    protected void add(String namespace, long runId, String group, Instant dueAt) {
        try (Connection connection = pool.getConnection(); PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO run_outbox (run_id, namespace, task_group, due_at, created_at) VALUES (?, ?, ?, ?, ?)")) {
            Jdbc.bind(insert, runId, namespace, group, dueAt, dueAt);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
