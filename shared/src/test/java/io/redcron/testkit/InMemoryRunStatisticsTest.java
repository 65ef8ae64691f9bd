package io.redcron.testkit;

import io.redcron.port.RunStatistics;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.time.Clock;

/** The in-memory statistics say what the MySQL ones say of the same runs. */
class InMemoryRunStatisticsTest extends RunStatisticsContract {
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

    @Override
    protected RunStatistics newStatistics() {
        return stores.statistics();
    }
}
