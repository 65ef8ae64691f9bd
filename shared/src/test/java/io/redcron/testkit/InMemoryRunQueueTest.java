package io.redcron.testkit;

import io.redcron.port.QueuedRun;

import java.time.Duration;
import java.util.List;

/** The in-memory queue, schedule index and inspector keep the promises the Redis ones keep. */
class InMemoryRunQueueTest extends RunQueueContract {
    private ManualClock clock;

    @Override
    protected Backend open() {
        clock = new ManualClock(NOW);
        InMemoryStores stores = new InMemoryStores(clock);
        return new Backend(stores.queue(), stores.index(), stores.inspector());
    }

    @Override
    protected List<QueuedRun> reclaimOnceIdle(String group, String consumer, Duration idle) {
        clock.advance(idle);
        return queue.reclaimIdle(group, consumer, idle, 100);
    }
}
