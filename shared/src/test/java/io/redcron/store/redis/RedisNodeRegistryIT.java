package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.domain.NodeInfo;
import io.redcron.port.NodeRegistry;
import io.redcron.testkit.NodeRegistryContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The Redis registry under the registry's contract, and what Redis keeps itself: the key's TTL, namespaces apart. */
class RedisNodeRegistryIT extends NodeRegistryContract {
    private static RedisNamespace redis;

    @BeforeAll
    static void openNamespace() {
        redis = RedisNamespace.onSharedServer();
    }

    @AfterAll
    static void closeNamespace() {
        redis.close();
    }

    @Override
    protected NodeRegistry openEmpty() {
        redis.clear();
        return new RedisNodeRegistry(redis.client(), redis.keys());
    }

    @Override
    protected void letPass(Duration time, BooleanSupplier done) {
        await().atMost(Duration.ofSeconds(5).plus(time)).until(done::getAsBoolean);
    }

    @Test
    void eachNamespaceListsOnlyItsOwnNodes() {
        List<NodeInfo> nodes = IntStream.of(3, 1, 2).mapToObj(i -> worker("node-" + i, 0, STARTED)).toList();
        nodes.forEach(node -> registry.heartbeat(node, TTL));
        try (RedisNamespace other = RedisNamespace.onSharedServer()) {
            new RedisNodeRegistry(other.client(), other.keys()).heartbeat(worker("stranger", 0, STARTED), TTL);

            assertThat(registry.list()).extracting(NodeInfo::nodeId).containsExactly("node-1", "node-2", "node-3");
        }
    }

    @Test
    void eachHeartbeatRestartsTheTtl() {
        registry.heartbeat(worker("node-a", 0, STARTED), Duration.ofMillis(500));
        registry.heartbeat(worker("node-a", 0, STARTED), TTL);

        assertThat(redis.client().pttl(redis.keys().node("node-a"))).isGreaterThan(Duration.ofSeconds(25).toMillis());
    }
}
