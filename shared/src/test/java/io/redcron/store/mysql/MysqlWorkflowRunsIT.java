package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.WorkflowRunsContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;

class MysqlWorkflowRunsIT extends WorkflowRunsContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        workflows = new MysqlWorkflowStore(mysql.pool());
        runs = new MysqlWorkflowRuns(mysql.pool());
        tasks = new MysqlTaskStore(mysql.pool(), clock);
        taskRuns = new MysqlRunStore(mysql.pool(), clock);
        epochs = new MysqlFencingEpochs(mysql.pool(), clock, Duration.ofSeconds(5));
        audit = new MysqlAuditLog(mysql.pool());
    }
}
