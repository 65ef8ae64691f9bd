package io.redcron.desktop.session;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.AuditLog;
import io.redcron.port.QueueInspector;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.ops.AnnouncingTaskStore;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisQueueInspector;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;

/**
 * The desktop's open connection to one installation: the same stores and adapters the nodes use,
 * so what the app shows is what the nodes do. Only ever used off the JavaFX thread.
 */
public final class Session implements AutoCloseable {
    private volatile String namespace;
    private final HikariDataSource dataSource;
    private final UnifiedJedis redis;
    private final String operator;
    private final Clock clock;

    Session(String namespace, HikariDataSource dataSource, UnifiedJedis redis, String operator, Clock clock) {
        this.namespace = namespace;
        this.dataSource = dataSource;
        this.redis = redis;
        this.operator = operator;
        this.clock = clock;
    }

    public String namespace() {
        return namespace;
    }

    /**
     * Works in another namespace of the same installation from now on: one connection serves them
     * all. Screens read the namespace when they are opened, so the caller reopens the one shown.
     */
    public void switchNamespace(String other) {
        namespace = new RedisKeys(other).namespace(); // validates the name
    }

    /** The namespaces the database knows, plus the current one even if it has nothing yet. */
    public java.util.List<String> namespaces() {
        java.util.TreeSet<String> all = new java.util.TreeSet<>(new io.redcron.store.mysql.MysqlNamespaces(dataSource).known());
        all.add(namespace);
        return java.util.List.copyOf(all);
    }

    /** Who the audit log names for changes made in the app. */
    public String operator() {
        return operator;
    }

    public Clock clock() {
        return clock;
    }

    /** The namespace now shown, the operator and the clock, for the screen being opened. */
    public Workspace workspace() {
        return new Workspace(namespace, operator, clock);
    }

    /** The operator actions on the namespace now shown, on behalf of this session's operator. */
    public io.redcron.ops.Operations operations() {
        io.redcron.store.redis.RedisKeys keys = keys();
        return new io.redcron.ops.Operations(new io.redcron.ops.OperatorPorts(tasks(), runs(),
                new io.redcron.store.redis.RedisRunQueue(redis, keys), new RedisEventBus(redis, keys, null), audit(),
                new io.redcron.store.redis.RedisDeadLetters(redis, keys), new io.redcron.store.redis.RedisLiveOutput(redis, keys)),
                namespace, operator, clock);
    }

    /**
     * The operator actions on the workflows of the namespace now shown. A viewer's database
     * account reads them; its changes are refused by the database.
     */
    public io.redcron.ops.WorkflowOperations workflows() {
        String shown = namespace;
        io.redcron.store.mysql.MysqlWorkflowRuns workflowRuns = new io.redcron.store.mysql.MysqlWorkflowRuns(dataSource);
        return new io.redcron.ops.WorkflowOperations(shown, operator,
                new io.redcron.store.mysql.MysqlWorkflowStore(dataSource), workflowRuns, tasks(),
                new io.redcron.ops.StopWorkflowRuns(workflowRuns, runs(), new RedisEventBus(redis, new RedisKeys(shown), null)),
                clock);
    }

    public io.redcron.port.LeaderLease leader() {
        return new io.redcron.store.redis.RedisLeaderLease(redis, keys());
    }

    public io.redcron.port.NodeRegistry nodes() {
        return new io.redcron.store.redis.RedisNodeRegistry(redis, keys());
    }

    /**
     * Tasks; every change made through it is announced to the nodes, as the CLI does, and edits of
     * tasks whose application refuses them are refused.
     */
    public TaskStore tasks() {
        return new io.redcron.ops.ManagedTaskGuard(new AnnouncingTaskStore(new MysqlTaskStore(dataSource, clock),
                () -> new RedisEventBus(redis, keys(), null)), managed()); // publishes only: no subscription to configure
    }

    /** Which tasks applications declare in their code. */
    public io.redcron.port.ManagedTaskStore managed() {
        return new io.redcron.store.mysql.MysqlManagedTaskStore(dataSource);
    }

    public RunStore runs() {
        return new MysqlRunStore(dataSource, clock);
    }

    /** Records a change the operator made outside a task transaction (runs, queues). */
    public void audit(String action, String subject, String before, String after) {
        audit().record(namespace, operator, action, subject, before, after);
    }

    public AuditLog audit() {
        return new MysqlAuditLog(dataSource);
    }

    public QueueInspector queues() {
        return new RedisQueueInspector(redis, new RedisKeys(namespace()));
    }

    /** The waiting runs of a group (for groups no worker serves); read only. */
    public io.redcron.port.RecoveryStore recovery() {
        return new io.redcron.store.mysql.MysqlRecoveryStore(dataSource);
    }

    public io.redcron.port.NodeDrains drains() {
        return new io.redcron.store.mysql.MysqlNodeDrains(dataSource, clock);
    }

    /**
     * Retention policies and pinned runs. A viewer's database account reads them; its changes are
     * refused by the database.
     */
    public io.redcron.port.RetentionStore retention() {
        return new io.redcron.store.mysql.MysqlRetentionStore(dataSource, clock);
    }

    /**
     * Maintenance windows, each change audited. A viewer's database account reads them; opening or
     * resuming one is refused by the database.
     */
    public io.redcron.port.MaintenanceWindows maintenanceWindows() {
        return new io.redcron.store.mysql.MysqlMaintenanceWindows(dataSource, clock);
    }

    /** Alert silences. A viewer's account reads them; adding or ending one is refused by the database. */
    public io.redcron.port.AlertSilences silences() {
        return new io.redcron.store.mysql.MysqlAlertSilences(dataSource, clock);
    }

    /**
     * Business calendars and the calendar each task follows; changes are audited by the store. A
     * viewer's database account reads them; its changes are refused by the database.
     */
    public io.redcron.port.CalendarStore calendars() {
        return new io.redcron.store.mysql.MysqlCalendarStore(dataSource, clock);
    }

    public io.redcron.port.RunStatistics statistics() {
        return new io.redcron.store.mysql.MysqlRunStatistics(dataSource);
    }

    public io.redcron.port.FencingEpochs epochs() {
        return new io.redcron.store.mysql.MysqlFencingEpochs(dataSource, clock);
    }

    /** For tests of the adapters' wiring only; screens work on the ports above. */
    UnifiedJedis redis() {
        return redis;
    }

    RedisKeys keys() {
        return new RedisKeys(namespace());
    }

    @Override
    public void close() {
        redis.close();
        dataSource.close();
    }
}
