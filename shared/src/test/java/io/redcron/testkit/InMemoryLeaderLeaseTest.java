package io.redcron.testkit;

import io.redcron.port.LeaderLease;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory lease keeps the Redis lease's promises; it expires when the clock is moved past it. */
class InMemoryLeaderLeaseTest extends LeaderLeaseContract {
    private ManualClock clock;
    private InMemoryStores stores;

    @Override
    protected LeaderLease openEmpty() {
        clock = new ManualClock(Instant.parse("2030-01-01T00:00:00Z"));
        stores = new InMemoryStores(clock);
        return stores.lease();
    }

    @Override
    protected LeaderLease anotherClient() {
        return stores.lease();
    }

    @Override
    protected void letPass(Duration time, BooleanSupplier done) {
        clock.advance(time);
        assertThat(done.getAsBoolean()).as("after " + time).isTrue();
    }
}
