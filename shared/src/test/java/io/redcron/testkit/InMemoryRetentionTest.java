package io.redcron.testkit;

import java.time.Clock;

/** The in-memory retention stores keep the promises the MySQL ones keep. */
class InMemoryRetentionTest extends RetentionContract {

    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        tasks = stores.tasks();
        runs = stores.runs();
        retention = stores.retention();
        cleanup = stores.cleanup();
        audit = stores.audit();
        workflows = stores.workflows();
        workflowRuns = stores.workflowRuns();
        epochs = stores.epochs();
    }
}
