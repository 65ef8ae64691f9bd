package io.redcron.testkit;

import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.time.Clock;

/** The in-memory run store keeps the promises the MySQL one keeps. */
class InMemoryRunStoreTest extends RunStoreContract {
    private InMemoryStores stores;

    @Override
    protected TaskStore newTaskStore(Clock clock) {
        stores = new InMemoryStores(clock);
        return stores.tasks();
    }

    @Override
    protected RunStore newRunStore(Clock clock) {
        return stores.runs();
    }
}
