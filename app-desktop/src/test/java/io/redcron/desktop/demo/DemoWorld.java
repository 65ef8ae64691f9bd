package io.redcron.desktop.demo;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.domain.Task;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlHistoryRollup;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisLiveOutput;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import redis.clients.jedis.UnifiedJedis;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/**
 * A production-like installation to show the desktop with: namespace {@value #NAMESPACE}, 36 tasks
 * of a web shop in five routing groups, days of history, runs retried, dead, delayed, running and
 * waiting, two live workers and a lost GPU box (so group {@code gpu} has runs waiting and no
 * worker), a leader, and an audit log of several people's changes.
 *
 * <p>It takes a fresh MySQL schema of its own; in Redis, shared with other tests, it first
 * deletes every key of its namespace.
 */
public final class DemoWorld {
    public static final String NAMESPACE = "prod-eu";
    /** How far back the history goes. */
    public static final Duration HISTORY = Duration.ofDays(3);

    private final MysqlConfig database;
    private final String redisUri;

    /**
     * What the tour looks for.
     *
     * @param retriedTask the task of the run with several attempts, and that run
     * @param liveTask    the task of the run that runs now with a long live output, and that run
     */
    public record Seeded(String namespace, List<String> taskNames, String retriedTask, long retriedRun,
                         String liveTask, long liveRun, Map<String, String> cronByDialect, int historyRuns,
                         Duration took) {
    }

    public DemoWorld(MysqlConfig database, String redisUri) {
        this.database = database;
        this.redisUri = redisUri;
    }

    /** @param runsPerTask the most ended runs of history per task (a short history is quicker to write) */
    public Seeded seed(int runsPerTask) {
        long started = System.nanoTime();
        Instant now = Instant.now();
        DemoNodes nodes = new DemoNodes(now);
        try (var dataSource = MysqlDataSources.open(database);
             UnifiedJedis redis = RedisConnector.open(RedisConfig.fromUri(redisUri), "demo", 2)) {
            RedisKeys keys = new RedisKeys(NAMESPACE);
            DemoRedis.wipe(redis, keys);
            RedisRunQueue queue = new RedisRunQueue(redis, keys);
            queue.ensureGroups(new HashSet<>(DemoCatalog.GROUPS));

            DemoAudit dates = new DemoAudit(dataSource, NAMESPACE);
            List<DemoTask> catalogue = DemoCatalog.tasks();
            DemoChanges changes = new DemoChanges(new MysqlTaskStore(dataSource, Clock.systemUTC()), dates, NAMESPACE, now);
            changes.play(catalogue);
            Map<String, Task> tasks = changes.tasks();

            DemoRuns.Highlights highlights = new DemoRuns(dataSource, queue, new RedisLiveOutput(redis, keys),
                    new MysqlAuditLog(dataSource), dates, NAMESPACE, now).play(tasks, nodes);

            List<DemoHistory.Planned> plans = new ArrayList<>();
            for (DemoTask demo : catalogue) {
                Task task = tasks.get(demo.name());
                Instant until = now.minus(demo.took()).minusSeconds(5);
                if (changes.disabledAt(demo.name()) != null) {
                    until = changes.disabledAt(demo.name());
                } else if (demo.group().equals("gpu")) {
                    until = nodes.lostAt().minus(demo.took());
                }
                plans.add(new DemoHistory.Planned(task, demo, until));
            }
            int history = new DemoHistory(dataSource, nodes).write(plans, now.minus(HISTORY), runsPerTask);
            // The dashboard reads ended runs through the rollup a scheduler keeps.
            MysqlHistoryRollup rollup = new MysqlHistoryRollup(dataSource, 5_000);
            while (!rollup.rollUp(Instant.now()).caughtUp()) {
                continue;
            }

            RedisNodeRegistry registry = new RedisNodeRegistry(redis, keys);
            nodes.lose(registry);
            nodes.beat(registry, Instant.now(), highlights.runningOnFirst(), highlights.runningOnSecond());
            await("the GPU box counts as lost").atMost(Duration.ofSeconds(5)).until(() -> registry.lost().stream()
                    .anyMatch(node -> node.nodeId().equals(DemoNodes.GPU)));
            lead(redis, keys, dataSource);

            return new Seeded(NAMESPACE, catalogue.stream().map(DemoTask::name).toList(),
                    highlights.retriedTask().name(), highlights.retriedRun(), highlights.liveTask().name(),
                    highlights.liveRun(), Map.of("quartz", "billing.invoice-run", "unix", "etl.orders-to-warehouse",
                            "spring", "reports.apac-revenue"), history, Duration.ofNanos(System.nanoTime() - started));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the demo history", e);
        }
    }

    /** The live nodes beat again (their heartbeats outlive a tour, but not a long pause in one). */
    public void beat() {
        try (UnifiedJedis redis = RedisConnector.open(RedisConfig.fromUri(redisUri), "demo", 1)) {
            new DemoNodes(Instant.now()).beat(new RedisNodeRegistry(redis, new RedisKeys(NAMESPACE)), Instant.now(), 1, 1);
        }
    }

    /**
     * The scheduler's term: the second node led until it restarted two days ago, then the first
     * took over (each change of leader advances the fencing epoch).
     */
    private static void lead(UnifiedJedis redis, RedisKeys keys, javax.sql.DataSource dataSource) {
        MysqlFencingEpochs epochs = new MysqlFencingEpochs(dataSource, Clock.systemUTC());
        for (String earlier : List.of(DemoNodes.FIRST, DemoNodes.SECOND, DemoNodes.FIRST, DemoNodes.SECOND)) {
            epochs.advance(NAMESPACE, earlier + ":" + UUID.randomUUID());
        }
        String holder = DemoNodes.FIRST + ":" + UUID.randomUUID();
        new RedisLeaderLease(redis, keys).tryAcquire(holder, Duration.ofMinutes(10));
        epochs.advance(NAMESPACE, holder);
    }
}
