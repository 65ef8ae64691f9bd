package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.ApiTokenStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

class MysqlApiTokenStoreIT extends ApiTokenStoreContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores() {
        tokens = new MysqlApiTokenStore(mysql.pool());
        audit = new MysqlAuditLog(mysql.pool());
    }
}
