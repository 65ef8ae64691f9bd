package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.ManagedTaskStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

class MysqlManagedTaskStoreIT extends ManagedTaskStoreContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores() {
        tasks = new MysqlTaskStore(mysql.pool(), Clock.systemUTC());
        managed = new MysqlManagedTaskStore(mysql.pool());
    }
}
