package io.redcron.node;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.scheduler.FirePlanner;
import io.redcron.node.scheduler.LeaderElection;
import io.redcron.node.scheduler.Leadership;
import io.redcron.node.scheduler.SchedulerLoop;
import io.redcron.node.scheduler.SchedulerParts;
import io.redcron.node.worker.LiveLog;
import io.redcron.node.worker.WorkerLoop;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.EventBus;
import io.redcron.port.NodeRegistry;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlRecoveryStore;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlSchedulerStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.store.redis.RedisScheduleIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One Redcron node: its stores, and the scheduler and worker roles its configuration asks for.
 * Built and started by {@code redcron-node run} and by the sandbox; stopped by SIGTERM, which
 * drains the worker and hands leadership over.
 */
public final class Node implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Node.class);
    private static final Duration HEARTBEAT = Duration.ofSeconds(5);

    private final RedcronConfig config;
    private final Clock clock;
    private final HikariDataSource dataSource;
    private final UnifiedJedis redis;
    private final Housekeeper housekeeper;
    private final NodeRegistry registry;
    private final EventBus events;
    private final Instant startedAt;
    private LeaderElection election;
    private SchedulerLoop scheduler;
    private WorkerLoop worker;
    private LiveLog liveLog;
    private AutoCloseable subscription;
    private Thread schedulerThread;
    private Thread workerThread;
    private final io.redcron.node.metrics.NodeMetrics metrics;
    private io.redcron.node.metrics.MetricsServer metricsServer;
    private Leadership leadership;
    private volatile long lastHeartbeat = System.nanoTime();

    public Node(RedcronConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        String nodeId = config.node().nodeId();
        this.dataSource = MysqlDataSources.open(config.mysql());
        try {
            Migrations.apply(dataSource);
            int connections = config.node().slots() + 8;
            this.redis = RedisConnector.open(config.redis(), "redcron-" + nodeId, connections);
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        RedisKeys keys = new RedisKeys(config.node().namespace());
        this.housekeeper = new Housekeeper(nodeId);
        this.registry = new RedisNodeRegistry(redis, keys);
        this.events = new RedisEventBus(redis, keys, config.redis());
        this.startedAt = clock.instant();
        this.metrics = new io.redcron.node.metrics.NodeMetrics(nodeId, config.node().namespace());
    }

    public Node start() {
        String nodeId = config.node().nodeId();
        String namespace = config.node().namespace();
        RedisKeys keys = new RedisKeys(namespace);
        RedisRunQueue queue = new RedisRunQueue(redis, keys);
        MysqlRunStore runs = new MysqlRunStore(dataSource, clock);
        MysqlTaskStore tasks = new MysqlTaskStore(dataSource, clock);
        if (config.node().roles().contains(NodeRole.SCHEDULER)) {
            leadership = new Leadership(System::nanoTime);
            Duration lease = config.scheduler().lease();
            SchedulerParts parts = new SchedulerParts(namespace, nodeId, new MysqlSchedulerStore(dataSource, clock),
                    new MysqlRecoveryStore(dataSource), runs, new RedisScheduleIndex(redis, keys), queue,
                    config.worker().lease(), config.scheduler().queueDeadline());
            scheduler = parts.loop(new SchedulerLoop.Settings(namespace, config.scheduler().tick(),
                    Duration.ofSeconds(2), config.scheduler().batchSize(),
                    new FirePlanner(config.scheduler().misfireThreshold(), config.scheduler().batchSize())),
                    leadership, clock);
            election = new LeaderElection(namespace, nodeId, new RedisLeaderLease(redis, keys),
                    new MysqlFencingEpochs(dataSource, clock), leadership, lease, System::nanoTime, scheduler::wake);
            housekeeper.every(LeaderElection.period(lease), "leader election", election);
            schedulerThread = start("redcron-scheduler", scheduler);
        }
        if (config.node().roles().contains(NodeRole.WORKER)) {
            liveLog = new LiveLog(redis, keys);
            ExecutorService slots = Executors.newFixedThreadPool(config.node().slots(), named("redcron-slot"));
            worker = new WorkerLoop(new WorkerLoop.Settings(nodeId, config.node().groups(), config.node().slots(),
                    config.worker().lease(), config.scheduler().misfireThreshold()), queue, runs, tasks, new ExecutorRegistry(config.worker(), nodeId),
                    liveLog, events, clock, slots, metrics);
            housekeeper.every(config.worker().lease().dividedBy(3), "lease renewal", worker::renewLeases);
            housekeeper.every(Duration.ofMillis(250), "live output", liveLog::flush);
            workerThread = start("redcron-worker", worker);
        }
        subscription = events.subscribe(event -> {
            if (event.kind() == EventBus.Event.Kind.TASK_CHANGED && scheduler != null) {
                scheduler.wake();
            } else if (event.kind() == EventBus.Event.Kind.CANCEL_RUN && worker != null) {
                worker.cancel(event.id(), "cancelled by an operator");
            }
        });
        housekeeper.every(HEARTBEAT, "heartbeat", this::heartbeat);
        if (config.metricsPort() > 0) {
            startMetrics(keys);
        }
        LOG.info("Node {} started in namespace '{}' with roles {} (groups {}, {} slots)", nodeId, namespace,
                config.node().roles(), config.node().groups(), config.node().slots());
        return this;
    }

    private void startMetrics(RedisKeys keys) {
        metrics.leadership(this::isLeader, () -> leadership == null ? 0
                : leadership.current().map(Leadership.Term::epoch).orElse(0L));
        metrics.heartbeat(() -> Duration.ofNanos(System.nanoTime() - lastHeartbeat).toSeconds());
        io.redcron.store.redis.RedisQueueInspector inspector = new io.redcron.store.redis.RedisQueueInspector(redis, keys);
        housekeeper.every(Duration.ofSeconds(10), "queue metrics", () -> metrics.queues(inspector.stats()));
        io.redcron.node.metrics.Health health = new io.redcron.node.metrics.Health(redis::ping, () -> {
            try (java.sql.Connection connection = dataSource.getConnection()) {
                if (!connection.isValid(2)) {
                    throw new java.sql.SQLException("the database did not answer within 2 s");
                }
            }
        }, this::isLeader);
        metricsServer = new io.redcron.node.metrics.MetricsServer(config.metricsBind(), config.metricsPort(), metrics,
                health);
        LOG.info("Metrics and health on http://{}:{}/metrics and /health", config.metricsBind(), metricsServer.port());
    }

    public NodeMetrics metrics() {
        return metrics;
    }

    private void heartbeat() {
        registry.heartbeat(new NodeInfo(config.node().nodeId(), host(), ProcessHandle.current().pid(),
                Versions.current(), config.node().roles(), config.node().groups(), config.node().slots(),
                worker == null ? 0 : worker.running(), startedAt, clock.instant()), HEARTBEAT.multipliedBy(3));
        lastHeartbeat = System.nanoTime();
    }

    public boolean isLeader() {
        return election != null && scheduler != null && election.isLeading();
    }

    /**
     * Stops dead, as a crash would: no drain, no resignation, no goodbye. The leader lease and the
     * run leases run out on their own and other nodes recover. Used by recovery tests.
     */
    public void halt() {
        LOG.warn("Node {} halting without cleanup", config.node().nodeId());
        housekeeper.close();
        if (metricsServer != null) {
            metricsServer.close();
        }
        if (scheduler != null) {
            scheduler.stop();
        }
        if (worker != null) {
            worker.halt();
        }
        try {
            if (subscription != null) {
                subscription.close();
            }
        } catch (Exception e) {
            LOG.debug("closing event subscription: {}", e.getMessage());
        }
        join(schedulerThread);
        join(workerThread);
        redis.close();
        dataSource.close();
    }

    public String nodeId() {
        return config.node().nodeId();
    }

    public RedcronConfig config() {
        return config;
    }

    /** Drains the worker within the configured grace, resigns leadership, closes the stores. */
    @Override
    public void close() {
        LOG.info("Node {} stopping", config.node().nodeId());
        if (worker != null) {
            worker.drain(config.node().drainGrace());
        }
        if (scheduler != null) {
            scheduler.stop();
        }
        join(schedulerThread);
        join(workerThread);
        if (election != null) {
            election.resign();
        }
        housekeeper.close();
        if (metricsServer != null) {
            metricsServer.close();
        }
        try {
            if (subscription != null) {
                subscription.close();
            }
        } catch (Exception e) {
            LOG.debug("closing event subscription: {}", e.getMessage());
        }
        try {
            registry.remove(config.node().nodeId());
        } catch (RuntimeException e) {
            LOG.debug("removing heartbeat: {}", e.getMessage());
        }
        redis.close();
        dataSource.close();
        LOG.info("Node {} stopped", config.node().nodeId());
    }

    private static Thread start(String name, Runnable loop) {
        Thread thread = new Thread(loop, name);
        thread.start();
        return thread;
    }

    private static void join(Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> new Thread(runnable, prefix + "-" + count.incrementAndGet());
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return ManagementFactory.getRuntimeMXBean().getName();
        }
    }
}
