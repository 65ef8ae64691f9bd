package io.redcron.testkit;

import io.redcron.port.NodeRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory registry keeps the Redis registry's promises; heartbeats expire by the kit's clock. */
class InMemoryNodeRegistryTest extends NodeRegistryContract {
    private ManualClock clock;

    @Override
    protected NodeRegistry openEmpty() {
        clock = new ManualClock(STARTED);
        return new InMemoryStores(clock).nodes();
    }

    @Override
    protected void letPass(Duration time, BooleanSupplier done) {
        clock.advance(time);
        assertThat(done.getAsBoolean()).as("after " + time).isTrue();
    }

    @Test
    void eachHeartbeatRestartsTheTtl() {
        registry.heartbeat(worker("node-a", 0, STARTED), Duration.ofMillis(500));
        registry.heartbeat(worker("node-a", 0, STARTED), TTL);

        clock.advance(TTL.minusMillis(1));
        assertThat(registry.list()).hasSize(1);
        clock.advance(Duration.ofMillis(1));
        assertThat(registry.list()).isEmpty();
    }
}
