package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.ShardedRunsContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

class MysqlShardedRunsIT extends ShardedRunsContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        tasks = new MysqlTaskStore(mysql.pool(), clock);
        runs = new MysqlRunStore(mysql.pool(), clock);
        sharded = new MysqlShardedRuns(mysql.pool());
        epochs = new MysqlFencingEpochs(mysql.pool(), clock);
    }
}
