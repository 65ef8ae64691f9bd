package io.redcron.testkit;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.NodeRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link NodeRegistry} must do; one subclass per backend supplies it, with no node in it. */
public abstract class NodeRegistryContract {
    protected static final Duration TTL = Duration.ofSeconds(30);
    protected static final Instant STARTED = Instant.parse("2026-03-29T00:59:12.345Z");

    protected NodeRegistry registry;

    protected abstract NodeRegistry openEmpty();

    /** Lets at least {@code time} pass, then until {@code done} holds. */
    protected abstract void letPass(Duration time, BooleanSupplier done);

    @BeforeEach
    void noNodes() {
        registry = openEmpty();
    }

    @Test
    void aHeartbeatIsListedWithEveryField() {
        NodeInfo node = new NodeInfo("node-a", "host-a.example.org", 4242, "0.1.0",
                Set.of(NodeRole.SCHEDULER, NodeRole.WORKER), Set.of("etl", "default"), 8, 3,
                STARTED, STARTED.plusSeconds(47).plusMillis(1));

        registry.heartbeat(node, TTL);

        assertThat(registry.list()).containsExactly(node);
    }

    @Test
    void aNodeWithoutGroupsOrRunsIsListedAsSuch() {
        NodeInfo node = new NodeInfo("scheduler-only", "h", 1, "0.1.0", Set.of(NodeRole.SCHEDULER), Set.of(),
                0, 0, STARTED, STARTED);

        registry.heartbeat(node, TTL);

        assertThat(registry.list()).containsExactly(node);
    }

    @Test
    void aNewHeartbeatReplacesTheOldOne() {
        registry.heartbeat(worker("node-a", 1, STARTED), TTL);
        NodeInfo later = worker("node-a", 5, STARTED.plusSeconds(10));

        registry.heartbeat(later, TTL);

        assertThat(registry.list()).containsExactly(later);
    }

    @Test
    void manyNodesAreAllListed() {
        IntStream.range(0, 700).forEach(i -> registry.heartbeat(worker("node-" + i, 0, STARTED), TTL));

        assertThat(registry.list()).hasSize(700);
    }

    @Test
    void aNodeThatStopsBeatingDisappearsAfterItsTtl() {
        registry.heartbeat(worker("steady", 0, STARTED), TTL);
        registry.heartbeat(worker("dying", 0, STARTED), Duration.ofMillis(200));

        letPass(Duration.ofMillis(200), () -> registry.list().stream().map(NodeInfo::nodeId).toList()
                .equals(List.of("steady")));
    }

    @Test
    void aNodeThatStopsBeatingIsKeptAsLostAsLastSeen() {
        NodeInfo steady = worker("steady", 0, STARTED);
        NodeInfo dying = new NodeInfo("dying", "host-d", 7, "0.1.0", Set.of(NodeRole.WORKER), Set.of("gpu"), 2, 1,
                STARTED, STARTED.plusSeconds(5), Duration.ofMillis(-1500));
        registry.heartbeat(steady, TTL);
        registry.heartbeat(dying, Duration.ofMillis(200));
        assertThat(registry.lost()).as("a live node is not lost").isEmpty();

        letPass(Duration.ofMillis(200), () -> registry.list().equals(List.of(steady)));

        assertThat(registry.lost()).containsExactly(dying);
        registry.heartbeat(dying, TTL);
        assertThat(registry.lost()).as("beating again, it is live").isEmpty();
    }

    @Test
    void aNodeRemovedIsNeitherLiveNorLost() {
        registry.heartbeat(worker("stopped", 0, STARTED), Duration.ofMillis(200));
        registry.heartbeat(worker("crashed", 0, STARTED), Duration.ofMillis(200));
        registry.remove("stopped");

        letPass(Duration.ofMillis(200), () -> registry.list().isEmpty());

        assertThat(registry.lost()).extracting(NodeInfo::nodeId).containsExactly("crashed");
    }

    @Test
    void theClockOffsetANodeReportsIsKept() {
        NodeInfo ahead = new NodeInfo("ahead", "h", 1, "0.1.0", Set.of(NodeRole.WORKER), Set.of("default"), 4, 0,
                STARTED, STARTED, Duration.ofMillis(2345));

        registry.heartbeat(ahead, TTL);

        assertThat(registry.list()).singleElement().extracting(NodeInfo::clockOffset).isEqualTo(Duration.ofMillis(2345));
    }

    @Test
    void removeTakesANodeOffAtOnce() {
        registry.heartbeat(worker("node-a", 0, STARTED), TTL);
        registry.heartbeat(worker("node-b", 0, STARTED), TTL);

        registry.remove("node-a");
        registry.remove("never-there");

        assertThat(registry.list()).extracting(NodeInfo::nodeId).containsExactly("node-b");
    }

    @Test
    void nodesAreListedById() {
        IntStream.of(3, 1, 2).mapToObj(i -> worker("node-" + i, 0, STARTED)).forEach(node -> registry.heartbeat(node, TTL));

        assertThat(registry.list()).extracting(NodeInfo::nodeId).containsExactly("node-1", "node-2", "node-3");
    }

    protected static NodeInfo worker(String id, int running, Instant lastSeen) {
        return new NodeInfo(id, "host", 100, "0.1.0", Set.of(NodeRole.WORKER), Set.of("default"), 4, running,
                STARTED, lastSeen);
    }
}
