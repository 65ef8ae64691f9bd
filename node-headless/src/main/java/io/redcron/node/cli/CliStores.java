package io.redcron.node.cli;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedcronConfig;
import io.redcron.ops.AnnouncingTaskStore;
import io.redcron.ops.Lookup;
import io.redcron.ops.OperatorPorts;
import io.redcron.ops.Operations;
import io.redcron.port.AuditLog;
import io.redcron.port.DeadLetters;
import io.redcron.port.EventBus;
import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import io.redcron.port.LiveOutput;
import io.redcron.port.NodeRegistry;
import io.redcron.port.QueueInspector;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.DatabaseClock;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisDeadLetters;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisLiveOutput;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisQueueInspector;
import io.redcron.store.redis.RedisRunQueue;
import redis.clients.jedis.UnifiedJedis;

import javax.sql.DataSource;
import java.io.Closeable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.sql.SQLException;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * The composition root of the command line: builds the adapters behind the ports one command
 * uses, opened small (a CLI needs one or two connections) and closed last. The only class of the
 * CLI that knows which stores are behind the ports.
 */
final class CliStores implements AutoCloseable {
    private final RedcronConfig config;
    private final DataSource dataSource;
    private final Clock local;
    private Clock clock;
    private UnifiedJedis redis;

    private CliStores(RedcronConfig config, DataSource dataSource, Clock local) {
        this.config = config;
        this.dataSource = dataSource;
        this.local = local;
    }

    static CliStores open(RedcronConfig config, Clock clock) {
        MysqlConfig mysql = config.mysql();
        MysqlConfig small = mysql.withPoolSize(2);
        return new CliStores(config, MysqlDataSources.open(small), clock);
    }

    /**
     * The database's clock, read on first use: changes are stamped by it, as the nodes read time,
     * so the scheduler finds them however this machine's clock is set.
     */
    Clock clock() {
        if (clock == null) {
            clock = DatabaseClock.sync(dataSource, local);
        }
        return clock;
    }

    RedcronConfig config() {
        return config;
    }

    String namespace() {
        return config.node().namespace();
    }

    /** Tasks and runs of this namespace by the names and ids an operator gives. */
    Lookup lookup() {
        return new Lookup(tasks(), runs(), namespace());
    }

    /** The operator actions, on behalf of the user of this command line. */
    Operations operations() {
        return new Operations(new OperatorPorts(tasks(), runs(), queue(), events(), audit(), deadLetters(),
                liveOutput()), namespace(), actor(), clock());
    }

    /**
     * Tasks, refusing edits of tasks whose application refuses them; every change is announced to the scheduler so it re-plans at once (best effort: it
     * also looks for changed tasks every tick, so an unreachable Redis only delays the change).
     */
    TaskStore tasks() {
        return new io.redcron.ops.ManagedTaskGuard(new AnnouncingTaskStore(new MysqlTaskStore(dataSource, clock()),
                this::events), managed());
    }

    /** Which tasks applications declare in their code. */
    io.redcron.port.ManagedTaskStore managed() {
        return new io.redcron.store.mysql.MysqlManagedTaskStore(dataSource);
    }

    RunStore runs() {
        return new MysqlRunStore(dataSource, clock());
    }

    AuditLog audit() {
        return new MysqlAuditLog(dataSource);
    }

    io.redcron.port.NodeDrains drains() {
        return new io.redcron.store.mysql.MysqlNodeDrains(dataSource, clock());
    }

    io.redcron.port.MaintenanceWindows windows() {
        return new io.redcron.store.mysql.MysqlMaintenanceWindows(dataSource, clock());
    }

    io.redcron.port.RetentionStore retention() {
        return new io.redcron.store.mysql.MysqlRetentionStore(dataSource, clock());
    }

    io.redcron.port.CalendarStore calendars() {
        return new io.redcron.store.mysql.MysqlCalendarStore(dataSource, clock());
    }

    io.redcron.port.AlertRules alertRules() {
        return new io.redcron.store.mysql.MysqlAlertRules(dataSource, clock());
    }

    io.redcron.port.AlertSilences silences() {
        return new io.redcron.store.mysql.MysqlAlertSilences(dataSource, clock());
    }

    /** An operator's deletes: beyond the policy, but only ended, unpinned runs older than a day. */
    io.redcron.port.HistoryCleanup cleanup() {
        return io.redcron.store.mysql.MysqlHistoryCleanup.forOperator(dataSource);
    }

    io.redcron.port.WorkflowStore workflows() {
        return new io.redcron.store.mysql.MysqlWorkflowStore(dataSource);
    }

    io.redcron.port.WorkflowRuns workflowRuns() {
        return new io.redcron.store.mysql.MysqlWorkflowRuns(dataSource);
    }

    /** The operator actions on workflows, on behalf of the user of this command line. */
    io.redcron.ops.WorkflowOperations workflowOperations() {
        io.redcron.port.WorkflowRuns workflowRuns = workflowRuns();
        return new io.redcron.ops.WorkflowOperations(namespace(), actor(), workflows(), workflowRuns, tasks(),
                new io.redcron.ops.StopWorkflowRuns(workflowRuns, runs(), events()), clock());
    }

    io.redcron.port.ApiTokenStore apiTokens() {
        return new io.redcron.store.mysql.MysqlApiTokenStore(dataSource);
    }

    FencingEpochs epochs() {
        return new MysqlFencingEpochs(dataSource, local);
    }

    RunQueue queue() {
        return onRedis(RunQueue.class, () -> new RedisRunQueue(redis(), keys()));
    }

    EventBus events() {
        return onRedis(EventBus.class, () -> new RedisEventBus(redis(), keys(), config.redis()));
    }

    DeadLetters deadLetters() {
        return onRedis(DeadLetters.class, () -> new RedisDeadLetters(redis(), keys()));
    }

    LiveOutput liveOutput() {
        return onRedis(LiveOutput.class, () -> new RedisLiveOutput(redis(), keys()));
    }

    QueueInspector queueInspector() {
        return onRedis(QueueInspector.class, () -> new RedisQueueInspector(redis(), keys()));
    }

    NodeRegistry nodes() {
        return onRedis(NodeRegistry.class, () -> new RedisNodeRegistry(redis(), keys()));
    }

    LeaderLease leaderLease() {
        return onRedis(LeaderLease.class, () -> new RedisLeaderLease(redis(), keys()));
    }

    /** Where the schema is after {@link #migrate}. */
    record Schema(int applied, String version) {
    }

    /** Applies the migrations the database lacks. */
    Schema migrate() {
        Migrations.Result result = Migrations.apply(dataSource);
        return new Schema(result.applied(), result.version());
    }

    /** SQLSTATE 42S02, "no such table": most likely a database nobody has migrated yet. */
    static boolean missingTable(Throwable e) {
        for (Throwable cause = e; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause instanceof SQLException sql && "42S02".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Who the audit log names for changes made from this command line. */
    static String actor() {
        String user = System.getProperty("user.name", "unknown");
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "localhost";
        }
        return "cli:" + user + "@" + host;
    }

    private RedisKeys keys() {
        return new RedisKeys(namespace());
    }

    /** The Redis client, opened on first use: most task commands need only MySQL. */
    private UnifiedJedis redis() {
        if (redis == null) {
            redis = RedisConnector.open(config.redis(), "redcron-cli", 2);
        }
        return redis;
    }

    /**
     * A port whose Redis adapter is built on its first call, so that a command connects to Redis
     * only when it uses it (a cancel of a waiting run, or a task change when Redis is down, needs
     * none).
     */
    private static <T> T onRedis(Class<T> port, Supplier<T> adapter) {
        Object[] built = new Object[1];
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> port.getSimpleName() + " on Redis";
                };
            }
            if (built[0] == null) {
                built[0] = adapter.get();
            }
            try {
                return method.invoke(built[0], args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }));
    }

    @Override
    public void close() throws Exception {
        if (redis != null) {
            redis.close();
        }
        if (dataSource instanceof Closeable closeable) {
            closeable.close();
        }
    }
}
