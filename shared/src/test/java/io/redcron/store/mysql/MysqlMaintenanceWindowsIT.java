package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.MaintenanceWindowsContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

class MysqlMaintenanceWindowsIT extends MaintenanceWindowsContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        windows = new MysqlMaintenanceWindows(mysql.pool(), clock);
        audit = new MysqlAuditLog(mysql.pool());
    }
}
