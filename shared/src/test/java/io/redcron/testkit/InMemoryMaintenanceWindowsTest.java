package io.redcron.testkit;

import java.time.Clock;

class InMemoryMaintenanceWindowsTest extends MaintenanceWindowsContract {
    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        windows = stores.windows();
        audit = stores.audit();
    }
}
