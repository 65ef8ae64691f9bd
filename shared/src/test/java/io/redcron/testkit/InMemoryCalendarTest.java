package io.redcron.testkit;

import java.time.Clock;

/** The in-memory calendar store keeps the promises the MySQL one keeps. */
class InMemoryCalendarTest extends CalendarContract {

    @Override
    protected void openStores(Clock clock) {
        InMemoryStores stores = new InMemoryStores(clock);
        tasks = stores.tasks();
        runs = stores.runs();
        calendars = stores.calendars();
        audit = stores.audit();
    }
}
