package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import io.redcron.testkit.CalendarContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;

class MysqlCalendarIT extends CalendarContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        tasks = new MysqlTaskStore(mysql.pool(), clock);
        runs = new MysqlRunStore(mysql.pool(), clock);
        calendars = new MysqlCalendarStore(mysql.pool(), clock);
        audit = new MysqlAuditLog(mysql.pool());
    }
}
