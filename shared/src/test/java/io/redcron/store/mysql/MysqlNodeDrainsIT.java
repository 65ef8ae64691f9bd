package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.NodeDrainsContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

class MysqlNodeDrainsIT extends NodeDrainsContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        drains = new MysqlNodeDrains(mysql.pool(), clock);
        audit = new MysqlAuditLog(mysql.pool());
    }
}
