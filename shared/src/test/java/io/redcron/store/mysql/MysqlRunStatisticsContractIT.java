package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.testing.TestDatabase;
import io.redcron.testkit.RunStatisticsContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.time.Clock;

class MysqlRunStatisticsContractIT extends RunStatisticsContract {
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
    protected RunStore newRunStore(Clock clock) {
        return new MysqlRunStore(pool, clock);
    }

    @Override
    protected RunStatistics newStatistics() {
        return new MysqlRunStatistics(pool);
    }
}
