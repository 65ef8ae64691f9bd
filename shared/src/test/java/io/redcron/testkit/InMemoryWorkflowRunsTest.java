package io.redcron.testkit;

import java.time.Clock;

class InMemoryWorkflowRunsTest extends WorkflowRunsContract {
    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        workflows = stores.workflows();
        runs = stores.workflowRuns();
        tasks = stores.tasks();
        taskRuns = stores.runs();
        epochs = stores.epochs();
        audit = stores.audit();
    }
}
