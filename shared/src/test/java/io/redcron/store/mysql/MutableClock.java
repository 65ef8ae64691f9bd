package io.redcron.store.mysql;

import io.redcron.testkit.ManualClock;

import java.time.Instant;

/** The store tests' name for the kit's {@link ManualClock}. */
public final class MutableClock extends ManualClock {

    public MutableClock(Instant start) {
        super(start);
    }
}
