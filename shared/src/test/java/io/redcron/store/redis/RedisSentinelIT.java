package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.config.Secret;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import io.redcron.port.QueuedRun;
import io.redcron.port.StoreException;
import io.redcron.testing.RedisServerProcess;
import io.redcron.testing.SentinelSetup;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A client opened through three sentinels (with their own password) writes to the primary they
 * name, and follows them to the replica on a clean failover and on a killed primary.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisSentinelIT {
    @TempDir
    static Path dir;

    private static SentinelSetup sentinel;
    private static UnifiedJedis redis;
    private final RedisKeys keys = new RedisKeys(TestRedis.freshNamespace());

    @BeforeAll
    static void start() {
        sentinel = SentinelSetup.start(dir);
        redis = RedisConnector.open(sentinel.config(), "redcron-sentinel-it", 8);
    }

    @AfterAll
    static void stop() {
        if (redis != null) {
            redis.close();
        }
        if (sentinel != null) {
            sentinel.close();
        }
    }

    @Test
    @Order(1)
    void writesGoToThePrimaryTheSentinelsName() {
        RedisLeaderLease lease = new RedisLeaderLease(redis, keys);
        assertThat(lease.tryAcquire("node-a:1", Duration.ofMinutes(1))).isTrue();

        try (Jedis primary = sentinel.primary().connect()) {
            assertThat(primary.get(keys.leader())).isEqualTo("node-a:1");
        }
    }

    @Test
    @Order(2)
    void theClientAndItsSubscriptionFollowACleanFailoverAndAKilledPrimary() throws Exception {
        RedisRunQueue queue = new RedisRunQueue(redis, keys);
        RedisEventBus bus = new RedisEventBus(redis, keys, sentinel.config());
        List<Event> received = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = bus.subscribe(received::add)) {
            RedisServerProcess first = sentinel.primary();
            long failoverStarted = System.nanoTime();
            RedisServerProcess promoted = sentinel.failover();
            assertThat(promoted).isNotSameAs(first);
            enqueueOnceReachable(queue, 1);
            Outage.report("Sentinel, SENTINEL FAILOVER", failoverStarted);
            try (Jedis primary = promoted.connect()) {
                assertThat(primary.xlen(keys.stream("etl"))).isEqualTo(1);
            }
            received.clear();
            awaitEvent(bus, received, 1);

            sentinel.awaitReplicaInSync();
            long killed = System.nanoTime();
            RedisServerProcess third = sentinel.killPrimary();
            assertThat(third).isSameAs(first);
            enqueueOnceReachable(queue, 2);
            Outage.report("Sentinel, SIGKILL of the primary", killed);
            assertThat(queue.waiting("etl", 10)).contains(2L);
            awaitEvent(bus, received, 2);
        }
    }

    @Test
    @Order(3)
    void aWrongSentinelPasswordIsReportedWithoutShowingIt() {
        RedisConfig good = sentinel.config();
        RedisTopology.Sentinel topology = (RedisTopology.Sentinel) good.topology();
        RedisConfig wrong = good.withTopology(new RedisTopology.Sentinel(topology.master(), topology.sentinels(),
                Secret.of("not-the-sentinel-password")));

        assertThatThrownBy(() -> RedisConnector.open(wrong, "redcron-it", 1))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("redis-sentinel://127.0.0.1:")
                .hasMessageNotContaining("not-the-sentinel-password");
    }

    /** Commands fail while the switch is going on; the first that succeeds must reach the new primary. */
    private static void enqueueOnceReachable(RedisRunQueue queue, long runId) {
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            queue.enqueue(List.of(QueuedRun.of("etl", runId)));
            return true;
        });
    }

    private static void awaitEvent(RedisEventBus bus, List<Event> received, long id) {
        Event event = new Event(Kind.TASK_CHANGED, id);
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            bus.publish(event);
            return received.contains(event);
        });
    }
}
