package io.redcron.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.port.AuditLog;
import io.redcron.port.NodeDrains;
import io.redcron.port.NodeDrains.Drain;
import io.redcron.port.PageRequest;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** What every {@link NodeDrains} must do; one subclass per backend. Each test has a namespace of its own. */
public abstract class NodeDrainsContract {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00Z");

    protected final ManualClock clock = new ManualClock(NOW);
    protected NodeDrains drains;
    protected AuditLog audit;
    protected String ns;

    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void aDrainIsAskedOnceAndStaysUntilWithdrawn() {
        assertThat(drains.request(ns, "worker-2", "alice")).isTrue();
        assertThat(drains.request(ns, "worker-2", "bob")).as("asked already").isFalse();

        assertThat(drains.of(ns, "worker-2")).contains(new Drain(ns, "worker-2", NOW, "alice", null));
        assertThat(drains.of(TaskFixtures.freshNamespace(), "worker-2")).as("another namespace").isEmpty();
        assertThat(drains.list(ns)).extracting(Drain::nodeId).containsExactly("worker-2");

        assertThat(drains.withdraw(ns, "worker-2", "bob")).isTrue();
        assertThat(drains.withdraw(ns, "worker-2", "bob")).isFalse();
        assertThat(drains.of(ns, "worker-2")).isEmpty();
        assertThat(audit.list(ns, "node:worker-2", PageRequest.first(10)).items())
                .extracting(entry -> entry.action() + " by " + entry.actor())
                .containsExactlyInAnyOrder("node.drain by alice", "node.undrain by bob");
    }

    @Test
    void aNodeSaysOnceThatItIsDrained() {
        drains.request(ns, "worker-1", "alice");
        drains.request(ns, "worker-2", "alice");

        drains.drained(ns, "worker-1", NOW.plusSeconds(30));
        drains.drained(ns, "worker-1", NOW.plusSeconds(90));
        drains.drained(ns, "worker-3", NOW.plusSeconds(30));

        assertThat(drains.of(ns, "worker-1")).hasValueSatisfying(drain -> {
            assertThat(drain.isDrained()).isTrue();
            assertThat(drain.drainedAt()).isEqualTo(NOW.plusSeconds(30));
        });
        assertThat(drains.of(ns, "worker-2").orElseThrow().isDrained()).isFalse();
        assertThat(drains.of(ns, "worker-3")).as("never asked").isEmpty();
        clock.advance(Duration.ofMinutes(5));
        drains.withdraw(ns, "worker-1", "alice");
        drains.request(ns, "worker-1", "alice");
        assertThat(drains.of(ns, "worker-1").orElseThrow().isDrained()).as("asked anew").isFalse();
    }

    @Test
    void aBadNodeIdOrActorChangesNothing() {
        assertThatThrownBy(() -> drains.request(ns, " ", "alice")).hasMessageStartingWith("node:");
        assertThatThrownBy(() -> drains.request(ns, "worker-1", "")).hasMessageStartingWith("actor:");
        assertThat(drains.list(ns)).isEmpty();
    }
}
