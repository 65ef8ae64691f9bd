package io.redcron.store.mysql;

import io.redcron.testkit.AlertOutboxContract;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.AlertOutbox;
import io.redcron.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class MysqlAlertOutboxIT extends AlertOutboxContract {
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
    protected AlertOutbox newOutbox() {
        return new MysqlAlertOutbox(pool);
    }
}
