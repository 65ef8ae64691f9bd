package io.redcron.testkit;

import io.redcron.port.ScheduleIndex;

/** The in-memory schedule index keeps the Redis index's promises. */
class InMemoryScheduleIndexTest extends ScheduleIndexContract {

    @Override
    protected ScheduleIndex openEmpty() {
        return InMemoryStores.at(NOW).index();
    }
}
