package io.redcron.node;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Task;
import io.redcron.handler.TaskHandler;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertDispatcher;
import io.redcron.node.alert.NodeWatch;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.schedule.FirePlanner;
import io.redcron.node.scheduler.HistoryRollup;
import io.redcron.node.scheduler.RetentionSweep;
import io.redcron.node.metrics.RetentionMetrics;
import io.redcron.store.mysql.MysqlHistoryCleanup;
import io.redcron.store.mysql.MysqlRetentionStore;
import io.redcron.node.scheduler.LeaderElection;
import io.redcron.node.scheduler.Leadership;
import io.redcron.node.scheduler.SchedulerLoop;
import io.redcron.node.scheduler.SchedulerParts;
import io.redcron.node.scheduler.TaskFireRules;
import io.redcron.node.scheduler.CombinedFireRules;
import io.redcron.node.scheduler.MaintenanceWindowRules;
import io.redcron.store.mysql.MysqlMaintenanceWindows;
import io.redcron.node.scheduler.CalendarRules;
import io.redcron.store.mysql.MysqlCalendarStore;
import io.redcron.node.worker.LiveLog;
import io.redcron.node.worker.SlotThreads;
import io.redcron.node.worker.WorkerLoop;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.EventBus;
import io.redcron.port.NodeRegistry;
import io.redcron.store.mysql.MysqlAlertOutbox;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlHistoryRollup;
import io.redcron.store.mysql.MysqlRecoveryStore;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlSchedulerStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisLiveOutput;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.store.redis.RedisScheduleIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The scheduler and worker roles of a node in one namespace. A node serving several namespaces runs
 * one of these per namespace: each has its own leader election, loops, heartbeat and event
 * subscription, and all share the node's Redis client, database pool and housekeeping threads.
 */
final class NamespaceRoles {
    private static final Logger LOG = LoggerFactory.getLogger(NamespaceRoles.class);
    /** Runs the history rollup reads per transaction. */
    private static final int ROLLUP_BATCH = 5_000;
    /**
     * Retention works a second at most every five, in batches of 500 runs: a delete locks that
     * many rows for one short transaction, and the sweep takes a fifth of a thread at most.
     */
    private static final Duration RETENTION_PERIOD = Duration.ofSeconds(5);
    private static final Duration RETENTION_BUDGET = Duration.ofSeconds(1);
    /**
     * Half of each period while the sweep is more than a day behind: at one second in five the
     * benchmark's leader purged some 200 runs a second, less than a busy namespace records.
     */
    private static final Duration RETENTION_CATCH_UP_BUDGET = Duration.ofMillis(2500);
    private static final int RETENTION_BATCH = 500;
    /** A finished sweep waits this long before the next walks the history again. */
    private static final Duration RETENTION_REST = Duration.ofMinutes(10);

    /** Alert checks: slow runs on a worker, the dead-man switch and backlogs on the leader. */
    private static final Duration SLOW_RUNS_EVERY = Duration.ofSeconds(5);
    private static final Duration DEAD_MAN_EVERY = Duration.ofMinutes(1);
    private static final Duration BACKLOG_EVERY = Duration.ofSeconds(30);
    /** How often the leader looks for workflow fires and runs to advance: a step starts within this of its parents' end. */
    private static final Duration WORKFLOWS_EVERY = Duration.ofMillis(500);
    /** How often the leader queues the runs applications recorded in their own transactions. */
    private static final Duration RUN_OUTBOX_EVERY = Duration.ofMillis(250);

    private final String namespace;
    private final RedcronConfig config;
    private final Clock clock;
    private final HikariDataSource dataSource;
    private final UnifiedJedis redis;
    private final RedisKeys keys;
    private final NodeRegistry registry;
    private final EventBus events;
    private final NodeMetrics metrics;
    private final AlertDispatcher alerts;
    private final RetentionMetrics retentionMetrics;
    private final io.redcron.port.NodeDrains drains;
    private final List<TaskHandler> handlers;
    private LeaderElection election;
    private SchedulerLoop scheduler;
    private WorkerLoop worker;
    private Leadership leadership;
    private AutoCloseable subscription;
    private Thread schedulerThread;
    private Thread workerThread;

    /** @param handlers java task handlers given to the node as objects, beside those on its class path */
    NamespaceRoles(String namespace, RedcronConfig config, Clock clock, HikariDataSource dataSource, UnifiedJedis redis,
                   NodeMetrics metrics, List<TaskHandler> handlers) {
        this.namespace = namespace;
        this.handlers = handlers;
        this.config = config;
        this.clock = clock;
        this.dataSource = dataSource;
        this.redis = redis;
        this.keys = new RedisKeys(namespace);
        this.registry = new RedisNodeRegistry(redis, keys);
        this.events = new RedisEventBus(redis, keys, config.redis());
        this.metrics = metrics;
        this.retentionMetrics = metrics.retention(clock);
        this.drains = new io.redcron.store.mysql.MysqlNodeDrains(dataSource, clock);
        MysqlTaskStore definitions = new MysqlTaskStore(dataSource, clock);
        this.alerts = new AlertDispatcher(config.alerts(), new MysqlAlertOutbox(dataSource), namespace,
                config.node().nodeId(), clock, metrics.registry(), definitions::get,
                new io.redcron.store.mysql.MysqlAlertSilences(dataSource, clock));
    }

    /** Calendars and maintenance windows, read by the leader as it plans fires. */
    private TaskFireRules fireRules() {
        return new CombinedFireRules(new CalendarRules(namespace, new MysqlCalendarStore(dataSource, clock)),
                new MaintenanceWindowRules(namespace, new MysqlMaintenanceWindows(dataSource, clock)));
    }

    void start(Housekeeper housekeeper) {
        String nodeId = config.node().nodeId();
        RedisRunQueue queue = new RedisRunQueue(redis, keys);
        io.redcron.store.redis.RedisFailingTasks failing = new io.redcron.store.redis.RedisFailingTasks(redis, keys);
        MysqlRunStore runs = new MysqlRunStore(dataSource, clock);
        MysqlTaskStore tasks = new MysqlTaskStore(dataSource, clock);
        if (config.node().roles().contains(NodeRole.SCHEDULER)) {
            leadership = new Leadership(System::nanoTime);
            Duration lease = config.scheduler().lease();
            SchedulerParts parts = new SchedulerParts(namespace, nodeId, new MysqlSchedulerStore(dataSource, clock),
                    new MysqlRecoveryStore(dataSource), runs, new RedisScheduleIndex(redis, keys), queue, registry,
                    config.worker().lease(), config.scheduler().queueDeadline(), config.alerts().rateLimit(),
                    fireRules(), failing, new io.redcron.store.mysql.MysqlShardedRuns(dataSource), events);
            scheduler = parts.loop(new SchedulerLoop.Settings(namespace, config.scheduler().tick(),
                    Duration.ofSeconds(2), config.scheduler().batchSize(),
                    new FirePlanner(config.scheduler().misfireThreshold(), config.scheduler().firesPerTask()),
                    config.scheduler().lookahead(), config.scheduler().rowsPerTransaction()),
                    leadership, clock, alerts);
            election = new LeaderElection(namespace, nodeId, new RedisLeaderLease(redis, keys),
                    new MysqlFencingEpochs(dataSource, clock, config.scheduler().misfireThreshold()), leadership, lease,
                    System::nanoTime, this::elected);
            housekeeper.every(LeaderElection.period(lease), "leader election in " + namespace, election);
            housekeeper.every(Node.HEARTBEAT.dividedBy(2), "node watch in " + namespace,
                    new NodeWatch(registry, alerts, this::isLeader, Node.HEARTBEAT.multipliedBy(2), clock));
            housekeeper.every(Duration.ofSeconds(1), "history rollup in " + namespace, new HistoryRollup(
                    new MysqlHistoryRollup(dataSource, ROLLUP_BATCH), this::isLeader, clock, Duration.ofSeconds(1)));
            housekeeper.every(RETENTION_PERIOD, "retention in " + namespace, new RetentionSweep(
                    new RetentionSweep.Settings(namespace, RETENTION_BATCH, RETENTION_BUDGET,
                            RETENTION_CATCH_UP_BUDGET, RETENTION_REST),
                    new MysqlRetentionStore(dataSource, clock), MysqlHistoryCleanup.forNode(dataSource),
                    this::isLeader, clock, retentionMetrics));
            startAlertWatches(housekeeper, tasks, runs);
            startWorkflows(housekeeper, queue, runs);
            housekeeper.every(RUN_OUTBOX_EVERY, "run outbox in " + namespace, new io.redcron.node.scheduler.RunOutboxRelay(
                    namespace, new io.redcron.store.mysql.MysqlRunOutbox(dataSource), queue,
                    config.scheduler().lookahead(), this::isLeader, clock));
            schedulerThread = start("redcron-scheduler-" + namespace, scheduler);
        }
        if (config.node().roles().contains(NodeRole.WORKER)) {
            LiveLog liveLog = new LiveLog(new RedisLiveOutput(redis, keys));
            SlotThreads slots = new SlotThreads(config.node().slots(), "redcron-slot-" + namespace);
            worker = new WorkerLoop(new WorkerLoop.Settings(nodeId, config.node().groups(), config.node().slots(),
                    config.worker().lease(), config.scheduler().misfireThreshold(), config.worker().taskCacheTtl(),
                    config.worker().resultBatch(), config.worker().prefetch()), queue, runs, tasks,
                    new ExecutorRegistry(config.worker(), nodeId, ExecutorRegistry.DEFAULT_KILL_GRACE,
                            ExecutorRegistry.class.getClassLoader(), handlers),
                    liveLog, events, clock, slots, metrics, alerts, failing);
            housekeeper.every(config.worker().lease().dividedBy(3), "lease renewal in " + namespace, worker::renewLeases);
            housekeeper.every(Duration.ofMillis(250), "live output in " + namespace, liveLog::flush);
            housekeeper.every(SLOW_RUNS_EVERY, "slow runs in " + namespace, new io.redcron.node.worker.SlowRunWatch(
                    worker, namespace, new io.redcron.store.mysql.MysqlAlertRules(dataSource, clock),
                    new io.redcron.store.mysql.MysqlRunStatistics(dataSource), alerts, clock));
            try {
                followDrain();
            } catch (RuntimeException e) {
                LOG.warn("Could not read whether node {} is drained in {}: {}", nodeId, namespace, e.getMessage());
            }
            // Its own duty, not the heartbeat's: a database away must not make the node look dead.
            housekeeper.every(Node.HEARTBEAT, "drain watch in " + namespace, this::followDrain);
            workerThread = start("redcron-worker-" + namespace, worker);
        }
        subscription = events.subscribe(event -> {
            if (event.kind() == EventBus.Event.Kind.TASK_CHANGED) {
                if (scheduler != null) {
                    scheduler.wake();
                }
                if (worker != null) {
                    worker.taskChanged(event.id());
                }
            } else if (event.kind() == EventBus.Event.Kind.CANCEL_RUN && worker != null) {
                worker.cancel(event.id(), "cancelled by an operator");
            }
        });
    }

    /** The leader's duty for workflows: their cron fires, and moving their runs on step by step. */
    private void startWorkflows(Housekeeper housekeeper, RedisRunQueue queue, MysqlRunStore runs) {
        io.redcron.store.mysql.MysqlWorkflowRuns workflowRuns = new io.redcron.store.mysql.MysqlWorkflowRuns(dataSource);
        housekeeper.every(WORKFLOWS_EVERY, "workflows in " + namespace, new io.redcron.node.scheduler.WorkflowDriver(
                namespace, new io.redcron.store.mysql.MysqlWorkflowStore(dataSource), workflowRuns, queue,
                new io.redcron.ops.StopWorkflowRuns(workflowRuns, runs, events),
                new FirePlanner(config.scheduler().misfireThreshold(), config.scheduler().firesPerTask()),
                () -> isLeader() ? leadership.current().map(Leadership.Term::epoch) : java.util.Optional.empty(),
                clock));
    }

    /** The leader's alert checks: the dead-man switch of tasks' rules, and groups' backlogs. */
    private void startAlertWatches(Housekeeper housekeeper, MysqlTaskStore tasks, MysqlRunStore runs) {
        housekeeper.every(DEAD_MAN_EVERY, "dead-man switch in " + namespace, new io.redcron.node.scheduler.DeadManSwitch(
                namespace, new io.redcron.store.mysql.MysqlAlertRules(dataSource, clock), tasks, runs, alerts,
                this::isLeader, clock));
        housekeeper.every(BACKLOG_EVERY, "backlog watch in " + namespace, new io.redcron.node.scheduler.BacklogWatch(
                namespace, new MysqlSchedulerStore(dataSource, clock), new MysqlRecoveryStore(dataSource), alerts,
                config.alerts().backlogAfter(), config.alerts().rateLimit(), this::isLeader, clock));
    }

    private void elected() {
        scheduler.wake();
        leadership.current().ifPresent(term ->
                alerts.raise(Alert.leaderChanged(config.node().nodeId(), term.epoch(), clock.instant())));
    }

    /** @param clockOffset how far this machine's clock is ahead of the database's (the time every node goes by) */
    void heartbeat(String host, Instant startedAt, java.time.Duration clockOffset) {
        registry.heartbeat(new NodeInfo(config.node().nodeId(), host, ProcessHandle.current().pid(),
                Versions.current(), config.node().roles(), config.node().groups(), config.node().slots(),
                worker == null ? 0 : worker.running(), startedAt, clock.instant(), clockOffset),
                Node.HEARTBEAT.multipliedBy(3));
    }

    /**
     * Takes runs or not as an operator asked ({@code nodes drain}), and says once it is drained:
     * asked to drain and nothing left in flight. Read as often as the heartbeat is written, and
     * before the worker starts, so a drained node restarted for maintenance takes nothing.
     */
    private void followDrain() {
        if (worker == null) {
            return;
        }
        String nodeId = config.node().nodeId();
        java.util.Optional<io.redcron.port.NodeDrains.Drain> drain = drains.of(namespace, nodeId);
        worker.pauseIntake(drain.isPresent());
        if (drain.isPresent() && !drain.get().isDrained() && worker.inFlight() == 0) {
            drains.drained(namespace, nodeId, clock.instant());
            LOG.info("Node {} is drained in namespace {}: it takes no runs until undrained", nodeId, namespace);
        }
    }

    String namespace() {
        return namespace;
    }

    RedisKeys keys() {
        return keys;
    }

    Leadership leadership() {
        return leadership;
    }

    boolean isLeader() {
        return election != null && scheduler != null && election.isLeading();
    }

    /** Stops claiming and lets running runs finish within the grace; the rest go back to the queue. */
    void drain() {
        if (worker != null) {
            worker.drain(config.node().drainGrace());
        }
    }

    /** Stops the loops; with {@code resign} also hands the leader lease over at once. */
    void stop(boolean resign) {
        if (scheduler != null) {
            scheduler.stop();
        }
        join(schedulerThread);
        join(workerThread);
        if (resign && election != null) {
            election.resign();
        }
        closeSubscription();
        alerts.close();
    }

    /** As a crash would: the loops stop, and leases run out on their own. */
    void halt() {
        if (scheduler != null) {
            scheduler.stop();
        }
        if (worker != null) {
            worker.halt();
        }
        closeSubscription();
        join(schedulerThread);
        join(workerThread);
        alerts.close();
    }

    void removeHeartbeat() {
        try {
            registry.remove(config.node().nodeId());
        } catch (RuntimeException e) {
            LOG.debug("removing heartbeat in {}: {}", namespace, e.getMessage());
        }
    }

    private void closeSubscription() {
        try {
            if (subscription != null) {
                subscription.close();
            }
        } catch (Exception e) {
            LOG.debug("closing event subscription of {}: {}", namespace, e.getMessage());
        }
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
}
