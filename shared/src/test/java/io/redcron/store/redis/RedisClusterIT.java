package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.Dispatch;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import io.redcron.port.QueueInspector;
import io.redcron.port.QueuedRun;
import io.redcron.testing.ClusterSetup;
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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every Redis operation Redcron uses, on a real six-process Redis Cluster, with two namespaces
 * whose {@code {ns}} slots live on different primaries, and then across primary failovers.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisClusterIT {
    private static final Instant NOW = Instant.parse("2026-03-29T01:00:00Z");

    @TempDir
    static Path dir;

    private static ClusterSetup cluster;
    private static UnifiedJedis redis;
    private static final String FIRST = ClusterSetup.namespaceOnShard(0);
    private static final String SECOND = ClusterSetup.namespaceOnShard(1);

    @BeforeAll
    static void startCluster() {
        cluster = ClusterSetup.start(dir);
        redis = RedisConnector.open(cluster.config(), "redcron-cluster-it", 8);
    }

    @AfterAll
    static void stopCluster() {
        if (redis != null) {
            redis.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void eachNamespaceLivesWhollyOnItsOwnPrimary() {
        for (String namespace : List.of(FIRST, SECOND)) {
            RedisKeys keys = new RedisKeys(namespace);
            RedisRunQueue queue = new RedisRunQueue(redis, keys);
            queue.dispatch(new Dispatch(List.of(QueuedRun.of("etl", 1)), List.of()));
            new RedisScheduleIndex(redis, keys).put(Map.of(7L, NOW));
            new RedisLeaderLease(redis, keys).tryAcquire("node-a:1", Duration.ofMinutes(1));
        }

        assertThat(cluster.primaryOf(FIRST)).isNotSameAs(cluster.primaryOf(SECOND));
        for (String namespace : List.of(FIRST, SECOND)) {
            RedisKeys keys = new RedisKeys(namespace);
            try (Jedis primary = cluster.primaryOf(namespace).connect()) {
                assertThat(primary.exists(keys.stream("etl"), keys.schedule(), keys.leader())).isEqualTo(3);
            }
        }
    }

    @Test
    @Order(2)
    void queueScriptsPipelinesAndScansWorkOnTheCluster() {
        RedisKeys keys = new RedisKeys(SECOND);
        RedisRunQueue queue = new RedisRunQueue(redis, keys);
        queue.ensureGroups(Set.of("etl", "mail"));
        queue.dispatch(new Dispatch(List.of(QueuedRun.of("etl", 11), QueuedRun.of("mail", 12)),
                List.of(new Dispatch.Advance(7, NOW, NOW.plusSeconds(60)))));

        List<QueuedRun> read = queue.read("worker-1", Set.of("etl", "mail"), 10, Duration.ofMillis(100));
        assertThat(read).extracting(QueuedRun::runId).contains(1L, 11L, 12L);
        queue.ack(read); // a pipeline of XACK and XDEL
        assertThat(queue.waiting("etl", 10)).isEmpty();

        queue.delay(QueuedRun.of("mail", 21), NOW.minusSeconds(1));
        queue.delay(QueuedRun.of("reports", 22), NOW.minusSeconds(1));
        queue.delay(QueuedRun.of("mail", 23), NOW.plusSeconds(60));
        assertThat(queue.promoteDue(NOW, 100)).isEqualTo(2);
        assertThat(queue.waiting("mail", 10)).containsExactly(21L);
        assertThat(queue.waiting("reports", 10)).containsExactly(22L);
        assertThat(queue.delayed(10)).containsExactly(23L);
        assertThat(new RedisScheduleIndex(redis, keys).earliest()).contains(NOW.plusSeconds(60));

        queue.dead(QueuedRun.of("etl", 31), "gave up", NOW);
        QueueInspector.QueueStats stats = new RedisQueueInspector(redis, keys).stats();
        assertThat(stats.streams()).extracting(QueueInspector.StreamStats::group).containsExactly("etl", "mail", "reports");
        assertThat(stats.dead()).isEqualTo(1);
        assertThat(LuaScripts.PURGE_STREAM.eval(redis, List.of(keys.dead()), List.of())).isEqualTo(1L);
        assertThat(redis.exists(keys.dead())).isFalse();

        RedisNodeRegistry registry = new RedisNodeRegistry(redis, keys);
        registry.heartbeat(new NodeInfo("node-a", "host-a", 1, "0.1.0", Set.of(NodeRole.WORKER), Set.of("etl"), 4, 0,
                NOW, NOW), Duration.ofMinutes(1));
        assertThat(registry.list()).extracting(NodeInfo::nodeId).containsExactly("node-a");
    }

    @Test
    @Order(3)
    void leaseAndEventsWorkOnTheCluster() throws Exception {
        RedisKeys keys = new RedisKeys(FIRST);
        RedisLeaderLease lease = new RedisLeaderLease(redis, keys);
        assertThat(lease.renew("node-a:1", Duration.ofSeconds(30))).isTrue();
        assertThat(lease.tryAcquire("node-b:2", Duration.ofSeconds(30))).isFalse();
        lease.release("node-a:1");
        assertThat(lease.current()).isEmpty();

        RedisEventBus bus = new RedisEventBus(redis, keys, cluster.config());
        List<Event> received = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = bus.subscribe(received::add)) {
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                bus.publish(new Event(Kind.TASK_CHANGED, 5));
                return !received.isEmpty();
            });
        }
        assertThat(received).contains(new Event(Kind.TASK_CHANGED, 5));
    }

    @Test
    @Order(4)
    void theClientFollowsACleanFailoverAndAKilledPrimary() throws Exception {
        RedisKeys keys = new RedisKeys(FIRST);
        RedisRunQueue queue = new RedisRunQueue(redis, keys);
        RedisEventBus bus = new RedisEventBus(redis, keys, cluster.config());
        List<Event> received = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = bus.subscribe(received::add)) {
            long failoverStarted = System.nanoTime();
            cluster.failover(FIRST);
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
                queue.enqueue(List.of(QueuedRun.of("failover", 100)));
                return true;
            });
            Outage.report("Cluster, CLUSTER FAILOVER", failoverStarted);
            long killed = System.nanoTime();
            cluster.killPrimaryOf(FIRST);
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
                queue.enqueue(List.of(QueuedRun.of("failover", 101)));
                return true;
            });
            Outage.report("Cluster, SIGKILL of a primary", killed);
            assertThat(queue.waiting("failover", 10)).contains(101L);
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
                bus.publish(new Event(Kind.CANCEL_RUN, 9));
                return received.contains(new Event(Kind.CANCEL_RUN, 9));
            });
        }
    }

    @Test
    @Order(5)
    void aClusterWithADatabaseNumberIsRefused() {
        RedisConfig config = cluster.config();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new RedisConfig(config.host(), config.port(), 2,
                        false, null, config.password(), config.timeout(), null, config.topology()))
                .hasMessage("redis.uri: database 2 does not exist on Redis Cluster (only 0)");
    }
}
