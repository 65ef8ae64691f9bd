package io.redcron.node.alert;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** The leader's check for lost nodes, on heartbeats kept in a real Redis. */
class NodeWatchIT {
    private static final Duration SILENCE = Duration.ofSeconds(10);

    private final RedisClient redis = RedisClient.create(TestRedis.uri());
    private final RedisNodeRegistry registry = new RedisNodeRegistry(redis, new RedisKeys(TestRedis.freshNamespace()));
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T12:00:00Z"));
    private final List<Alert> raised = new ArrayList<>();
    private final AtomicBoolean leading = new AtomicBoolean(true);
    private final NodeWatch watch = new NodeWatch(registry, raised::add, leading::get, SILENCE, clock);

    @AfterEach
    void close() {
        redis.close();
    }

    @Test
    void aNodeWhoseHeartbeatStopsIsReportedOnce() {
        beat("node-a");
        beat("node-b");
        watch.run();

        clock.advance(Duration.ofSeconds(11));
        beat("node-a");
        watch.run();
        watch.run();

        assertThat(raised).singleElement().satisfies(alert -> {
            assertThat(alert.kind()).isEqualTo(AlertKind.NODE_LOST);
            assertThat(alert.node()).isEqualTo("node-b");
            assertThat(alert.subject()).isEqualTo("node node-b");
            assertThat(alert.message()).isEqualTo("node node-b on host-node-b has not sent a heartbeat for 11s");
        });
    }

    @Test
    void aNodeWhoseHeartbeatExpiredUnseenIsReportedWhenItVanishes() {
        beat("node-b");
        watch.run();
        clock.advance(Duration.ofSeconds(15));
        registry.remove("node-b");

        watch.run();

        assertThat(raised).extracting(Alert::node).containsExactly("node-b");
    }

    @Test
    void aNodeThatStopsCleanlyIsNotReported() {
        beat("node-b");
        watch.run();
        clock.advance(Duration.ofSeconds(4));
        registry.remove("node-b");

        watch.run();
        clock.advance(Duration.ofSeconds(30));
        watch.run();

        assertThat(raised).isEmpty();
    }

    @Test
    void onlyTheLeaderReports() {
        leading.set(false);
        beat("node-b");
        clock.advance(Duration.ofSeconds(30));

        watch.run();

        assertThat(raised).isEmpty();
    }

    @Test
    void aNodeThatComesBackAndIsLostAgainIsReportedAgain() {
        beat("node-b");
        clock.advance(Duration.ofSeconds(11));
        watch.run();
        beat("node-b");
        watch.run();
        clock.advance(Duration.ofSeconds(11));
        watch.run();

        assertThat(raised).extracting(Alert::node).containsExactly("node-b", "node-b");
    }

    private void beat(String nodeId) {
        registry.heartbeat(new NodeInfo(nodeId, "host-" + nodeId, 1, "test", Set.of(NodeRole.WORKER), Set.of("default"),
                1, 0, clock.instant(), clock.instant()), Duration.ofMinutes(5));
    }
}
