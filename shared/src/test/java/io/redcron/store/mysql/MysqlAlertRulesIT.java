package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.AlertRulesContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

class MysqlAlertRulesIT extends AlertRulesContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        rules = new MysqlAlertRules(mysql.pool(), clock);
        silences = new MysqlAlertSilences(mysql.pool(), clock);
        audit = new MysqlAuditLog(mysql.pool());
    }
}
