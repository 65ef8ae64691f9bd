package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.AuditLog;
import io.redcron.port.TaskStore;
import io.redcron.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.time.Clock;

class MysqlTaskStoreIT extends TaskStoreContract {
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
    protected TaskStore newTaskStore(Clock clock) {
        return new MysqlTaskStore(pool, clock);
    }

    @Override
    protected AuditLog auditLog() {
        return new MysqlAuditLog(pool);
    }
}
