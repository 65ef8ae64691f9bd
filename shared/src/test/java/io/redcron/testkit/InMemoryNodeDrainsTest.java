package io.redcron.testkit;

import java.time.Clock;

/** The in-memory drains keep the promises the MySQL ones keep. */
class InMemoryNodeDrainsTest extends NodeDrainsContract {

    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        drains = stores.drains();
        audit = stores.audit();
    }
}
