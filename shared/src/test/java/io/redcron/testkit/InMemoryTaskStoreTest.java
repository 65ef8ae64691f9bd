package io.redcron.testkit;

import io.redcron.port.AuditLog;
import io.redcron.port.TaskStore;

import java.time.Clock;

/** The in-memory task store keeps the promises the MySQL one keeps. */
class InMemoryTaskStoreTest extends TaskStoreContract {
    private InMemoryStores stores;

    @Override
    protected TaskStore newTaskStore(Clock clock) {
        stores = new InMemoryStores(clock);
        return stores.tasks();
    }

    @Override
    protected AuditLog auditLog() {
        return stores.audit();
    }
}
