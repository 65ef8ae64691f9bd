package io.redcron.store.mysql;

import io.redcron.port.RunStatistics;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.redcron.testkit.RunStatisticsContract;

import java.time.Clock;

class MysqlRunStatisticsContractIT extends RunStatisticsContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected TaskStore newTaskStore(Clock clock) {
        return new MysqlTaskStore(mysql.pool(), clock);
    }

    @Override
    protected RunStore newRunStore(Clock clock) {
        return new MysqlRunStore(mysql.pool(), clock);
    }

    @Override
    protected RunStatistics newStatistics() {
        return new MysqlRunStatistics(mysql.pool());
    }
}
