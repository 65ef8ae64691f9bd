package io.redcron.node.scheduler;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertKind;
import io.redcron.node.alert.AlertRateLimiter;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlRecoveryStore;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** The leader reports a group whose runs wait with no worker to take them, once per group and period. */
class UnservedGroupsIT {
    private static final Instant T0 = Instant.parse("2031-06-01T08:00:00Z");
    private static final Duration GRACE = Duration.ofSeconds(10);
    private static final Duration PERIOD = Duration.ofMinutes(10);

    @RegisterExtension
    final MysqlStores mysql = MysqlStores.freshDatabase();
    @RegisterExtension
    final RedisNamespace namespaceOnRedis = RedisNamespace.onSharedServer();
    private final MutableClock clock = new MutableClock(T0);
    private final List<Alert> raised = new CopyOnWriteArrayList<>();
    private final HikariDataSource pool = mysql.pool();
    private final UnifiedJedis redis = namespaceOnRedis.client();
    private final RedisKeys keys = namespaceOnRedis.keys();
    private final String namespace = namespaceOnRedis.namespace();
    private MysqlRunStore runs;
    private MysqlTaskStore tasks;
    private RunQueue queue;
    private RedisNodeRegistry registry;
    private UnservedGroups check;

    @BeforeEach
    void open() {
        runs = new MysqlRunStore(pool, clock);
        tasks = new MysqlTaskStore(pool, clock);
        queue = new RedisRunQueue(redis, keys);
        registry = new RedisNodeRegistry(redis, keys);
        check = new UnservedGroups(namespace, queue, new MysqlRecoveryStore(pool), registry, raised::add, GRACE, PERIOD);
    }

    @Test
    void runsWaitingInAGroupNoNodeServesAreReportedOncePerPeriod() {
        queued("etl");
        queued("etl");
        clock.advance(Duration.ofSeconds(5));
        queued("etl");

        assertThat(check.run(T0.plusSeconds(12), Set.of("etl", "default"))).isEqualTo(1);

        assertThat(raised).singleElement().satisfies(alert -> {
            assertThat(alert.kind()).isEqualTo(AlertKind.GROUP_UNSERVED);
            assertThat(alert.node()).isEqualTo("group etl");
            assertThat(alert.details()).containsEntry("group", "etl").containsEntry("waiting", "2");
            assertThat(Instant.parse(alert.details().get("oldestDueAt"))).isBetween(T0, T0.plusSeconds(1));
            assertThat(alert.message()).contains("2 run(s) of group 'etl' wait").contains("node.groups");
        });
        assertThat(check.run(T0.plusSeconds(20), Set.of("etl"))).isZero();
        assertThat(check.run(T0.plus(PERIOD).plusSeconds(11), Set.of("etl"))).as("within the period").isZero();
        assertThat(check.run(T0.plus(PERIOD).plusSeconds(12), Set.of("etl"))).as("the next period").isEqualTo(1);
        assertThat(raised.get(1).details()).containsEntry("waiting", "3");
    }

    @Test
    void aGroupAWorkerServesIsNotReportedButOneServedOnlyByASchedulerIs() {
        queued("etl");
        queued("mail");
        heartbeat("worker-1", Set.of(NodeRole.WORKER), Set.of("etl", "default"));
        heartbeat("scheduler-1", Set.of(NodeRole.SCHEDULER), Set.of("mail"));

        check.run(T0.plusSeconds(30), Set.of("etl", "mail"));

        assertThat(raised).extracting(Alert::node).containsExactly("group mail");
    }

    @Test
    void runsWithinTheGraceAndGroupsWithAnEmptyStreamAreNotReported() {
        queued("etl");
        Task task = tasks.create(TaskFixtures.shell(namespace, "send").group("mail").build(), "test");
        runs.insertManual(task.id(), clock.instant(), 1, Map.of()); // waits in MySQL, not (yet) on a stream

        assertThat(check.run(T0.plus(GRACE), Set.of("etl", "mail"))).isZero();
        assertThat(check.run(T0.plus(GRACE).plusMillis(1), Set.of("mail"))).isZero();
        assertThat(raised).isEmpty();
    }

    @Test
    void eachGroupIsItsOwnSubjectForTheDispatchersRateLimit() {
        queued("etl");
        queued("mail");

        check.run(T0.plusSeconds(30), Set.of("etl", "mail"));

        AlertRateLimiter limiter = new AlertRateLimiter(PERIOD);
        assertThat(raised).hasSize(2).allSatisfy(alert -> assertThat(limiter.admit(
                new AlertRateLimiter.Key("https://hooks.example.com/x", alert.subject(), alert.kind()), alert,
                T0.plusSeconds(30)).send()).isTrue());
    }

    private Run queued(String group) {
        Task task = tasks.create(TaskFixtures.shell(namespace, group + "-" + System.nanoTime()).group(group).build(), "test");
        Run run = runs.insertManual(task.id(), clock.instant(), 1, Map.of());
        queue.enqueue(List.of(QueuedRun.of(group, run.id())));
        return runs.get(run.id()).orElseThrow();
    }

    private void heartbeat(String nodeId, Set<NodeRole> roles, Set<String> groups) {
        registry.heartbeat(new NodeInfo(nodeId, "host", 1, "test", roles, groups, 4, 0, T0, T0), Duration.ofMinutes(1));
    }
}
