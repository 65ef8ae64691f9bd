package io.redcron.store.redis;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.NodeRegistry;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class RedisNodeRegistryIT {
    private static final Duration TTL = Duration.ofSeconds(30);
    private static final Instant STARTED = Instant.parse("2026-03-29T00:59:12.345Z");

    @RegisterExtension
    static final RedisNamespace redis = RedisNamespace.onSharedServer();
    private NodeRegistry registry;

    @BeforeEach
    void noNodes() {
        redis.clear();
        registry = new RedisNodeRegistry(redis.client(), redis.keys());
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
    void nodesAreListedByIdAndOnlyFromTheirNamespace() {
        List<NodeInfo> nodes = IntStream.of(3, 1, 2).mapToObj(i -> worker("node-" + i, 0, STARTED)).toList();
        nodes.forEach(node -> registry.heartbeat(node, TTL));
        try (RedisNamespace other = RedisNamespace.onSharedServer()) {
            new RedisNodeRegistry(other.client(), other.keys()).heartbeat(worker("stranger", 0, STARTED), TTL);

            assertThat(registry.list()).extracting(NodeInfo::nodeId).containsExactly("node-1", "node-2", "node-3");
        }
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

        await().atMost(Duration.ofSeconds(5))
                .until(() -> registry.list().stream().map(NodeInfo::nodeId).toList(), ids -> ids.equals(List.of("steady")));
    }

    @Test
    void eachHeartbeatRestartsTheTtl() {
        registry.heartbeat(worker("node-a", 0, STARTED), Duration.ofMillis(500));
        registry.heartbeat(worker("node-a", 0, STARTED), TTL);

        assertThat(redis.client().pttl(redis.keys().node("node-a"))).isGreaterThan(Duration.ofSeconds(25).toMillis());
    }

    @Test
    void removeTakesANodeOffAtOnce() {
        registry.heartbeat(worker("node-a", 0, STARTED), TTL);
        registry.heartbeat(worker("node-b", 0, STARTED), TTL);

        registry.remove("node-a");
        registry.remove("never-there");

        assertThat(registry.list()).extracting(NodeInfo::nodeId).containsExactly("node-b");
    }

    private static NodeInfo worker(String id, int running, Instant lastSeen) {
        return new NodeInfo(id, "host", 100, "0.1.0", Set.of(NodeRole.WORKER), Set.of("default"), 4, running,
                STARTED, lastSeen);
    }
}
