package io.redcron.testkit;

import io.redcron.config.SchedulerConfig;
import io.redcron.port.AuditLog;
import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import io.redcron.port.NodeRegistry;
import io.redcron.port.QueueInspector;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunStore;
import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
import io.redcron.port.TaskStore;

import java.time.Clock;
import java.time.Instant;

/**
 * One consistent set of in-memory ports, as one MySQL database and one Redis namespace would be:
 * runs are recorded for the tasks the task store holds, the audit log is the one the task store
 * writes, the queue moves the schedule index's entries, and every store reads one clock. Each
 * port passes the contract suite its real adapter passes.
 */
public final class InMemoryStores {
    private final Clock clock;
    private final Tables tables;
    private final Keyspace keyspace;
    private final InMemoryTaskStore tasks;
    private final InMemoryRunStore runs;
    private final InMemoryRunStatistics statistics;
    private final InMemoryAuditLog audit;
    private final InMemoryFencingEpochs epochs;
    private final InMemoryRunQueue queue;
    private final InMemoryScheduleIndex index;
    private final InMemoryQueueInspector inspector;
    private final InMemoryLeaderLease lease;
    private final InMemoryNodeRegistry nodes;
    private final InMemoryDeadLetters deadLetters;
    private final InMemoryLiveOutput liveOutput = new InMemoryLiveOutput();
    private final InMemorySchedulerStore scheduler;
    private final InMemoryRecoveryStore recovery;
    private final InMemoryShardedRuns sharded;
    private final InMemoryEventBus events = new InMemoryEventBus();
    private final InMemoryAlertOutbox alerts = new InMemoryAlertOutbox();
    private final InMemoryRetentionStore retention;
    private final InMemoryManagedTaskStore managed;
    private final InMemoryHistoryCleanup cleanup;
    private final InMemoryNodeDrains drains;
    private final InMemoryMaintenanceWindows windows;
    private final InMemoryCalendarStore calendars;
    private final InMemoryAlertRules alertRules;
    private final InMemoryAlertSilences silences;
    private final InMemoryFailingTasks failing;
    private final InMemoryWorkflowStore workflows;
    private final InMemoryWorkflowRuns workflowRuns;

    public InMemoryStores(Clock clock) {
        this.clock = clock;
        tables = new Tables(clock);
        keyspace = new Keyspace(clock);
        tasks = new InMemoryTaskStore(tables);
        runs = new InMemoryRunStore(tables);
        statistics = new InMemoryRunStatistics(tables);
        audit = new InMemoryAuditLog(tables);
        epochs = new InMemoryFencingEpochs(tables, SchedulerConfig.DEFAULT_MISFIRE_THRESHOLD);
        scheduler = new InMemorySchedulerStore(tables, epochs);
        recovery = new InMemoryRecoveryStore(tables);
        sharded = new InMemoryShardedRuns(tables, epochs);
        queue = new InMemoryRunQueue(keyspace);
        index = new InMemoryScheduleIndex(keyspace);
        inspector = new InMemoryQueueInspector(keyspace);
        lease = new InMemoryLeaderLease(keyspace);
        nodes = new InMemoryNodeRegistry(keyspace);
        deadLetters = new InMemoryDeadLetters(keyspace);
        retention = new InMemoryRetentionStore(tables);
        cleanup = new InMemoryHistoryCleanup(tables);
        drains = new InMemoryNodeDrains(tables);
        windows = new InMemoryMaintenanceWindows(tables);
        calendars = new InMemoryCalendarStore(tables);
        alertRules = new InMemoryAlertRules(tables);
        silences = new InMemoryAlertSilences(tables);
        failing = new InMemoryFailingTasks(keyspace);
        workflowRuns = new InMemoryWorkflowRuns(tables, epochs);
        workflows = new InMemoryWorkflowStore(tables, workflowRuns);
        managed = new InMemoryManagedTaskStore(tasks);
    }

    /** A set on a {@link ManualClock} that starts at {@code start}. */
    public static InMemoryStores at(Instant start) {
        return new InMemoryStores(new ManualClock(start));
    }

    public Clock clock() {
        return clock;
    }

    public TaskStore tasks() {
        return tasks;
    }

    public io.redcron.port.ShardedRuns sharded() {
        return sharded;
    }

    public RunStore runs() {
        return runs;
    }

    public io.redcron.port.RunStatistics statistics() {
        return statistics;
    }

    public AuditLog audit() {
        return audit;
    }

    public io.redcron.port.ManagedTaskStore managed() {
        return managed;
    }

    public io.redcron.port.RetentionStore retention() {
        return retention;
    }

    public io.redcron.port.HistoryCleanup cleanup() {
        return cleanup;
    }

    public io.redcron.port.CalendarStore calendars() {
        return calendars;
    }

    public io.redcron.port.NodeDrains drains() {
        return drains;
    }

    public io.redcron.port.MaintenanceWindows windows() {
        return windows;
    }

    public io.redcron.port.AlertRules alertRules() {
        return alertRules;
    }

    public io.redcron.port.AlertSilences silences() {
        return silences;
    }

    public io.redcron.port.FailingTasks failing() {
        return failing;
    }

    public io.redcron.port.WorkflowStore workflows() {
        return workflows;
    }

    public io.redcron.port.WorkflowRuns workflowRuns() {
        return workflowRuns;
    }

    public FencingEpochs epochs() {
        return epochs;
    }

    public SchedulerStore scheduler() {
        return scheduler;
    }

    public RecoveryStore recovery() {
        return recovery;
    }

    public InMemoryRunQueue queue() {
        return queue;
    }

    public ScheduleIndex index() {
        return index;
    }

    public QueueInspector inspector() {
        return inspector;
    }

    public LeaderLease lease() {
        return lease;
    }

    public NodeRegistry nodes() {
        return nodes;
    }

    /** The dead list the queue writes to. */
    public InMemoryDeadLetters deadLetters() {
        return deadLetters;
    }

    public InMemoryLiveOutput liveOutput() {
        return liveOutput;
    }

    public InMemoryEventBus events() {
        return events;
    }

    public InMemoryAlertOutbox alerts() {
        return alerts;
    }

    /** Loses everything Redis holds (streams, delayed and dead runs, the index, the lease), as a restart without persistence does. */
    public void loseRedis() {
        synchronized (keyspace) {
            keyspace.streams.clear();
            keyspace.delayed.clear();
            keyspace.dead.clear();
            keyspace.schedule.clear();
            keyspace.failing.clear();
            keyspace.leader = null;
            keyspace.leaderUntil = null;
            keyspace.nodes.clear();
            keyspace.nodesUntil.clear();
        }
    }
}
