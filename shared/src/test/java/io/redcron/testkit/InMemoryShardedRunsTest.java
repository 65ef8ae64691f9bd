package io.redcron.testkit;

import java.time.Clock;

/** The in-memory sharded runs keep the promises the MySQL ones keep. */
class InMemoryShardedRunsTest extends ShardedRunsContract {

    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        tasks = stores.tasks();
        runs = stores.runs();
        sharded = stores.sharded();
        epochs = stores.epochs();
    }
}
