package io.redcron.testkit;

import java.time.Clock;

/** The in-memory alert rules and silences keep the promises the MySQL ones keep. */
class InMemoryAlertRulesTest extends AlertRulesContract {

    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        rules = stores.alertRules();
        silences = stores.silences();
        audit = stores.audit();
    }
}
