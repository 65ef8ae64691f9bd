package io.redcron.testkit;

import io.redcron.port.AlertOutbox;

/** The in-memory outbox that node tests deliver from keeps the same promises as the MySQL one. */
class InMemoryAlertOutboxTest extends AlertOutboxContract {

    @Override
    protected AlertOutbox newOutbox() {
        return new InMemoryAlertOutbox();
    }
}
