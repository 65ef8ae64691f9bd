package io.redcron.node.scheduler;

import io.redcron.node.alert.AlertSink;
import io.redcron.port.EventBus;
import io.redcron.port.FailingTasks;
import io.redcron.port.NodeRegistry;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
import io.redcron.port.ShardedRuns;

import java.time.Clock;
import java.time.Duration;

/**
 * Wires the leader's duties together; the reaper and reconciler settings follow the run lease.
 *
 * @param alertPeriod at most one alert of a kind per group in this window ({@code alerts.rate-limit})
 * @param fireRules   the calendars and maintenance windows that decide fires besides the schedule
 * @param failing     where runs failed by recovery are noted, for recovery alerts
 * @param sharded     the parents of sharded fires, which the leader splits and settles
 * @param events      where the leader asks nodes to stop runs (the shards a later fire replaces)
 */
public record SchedulerParts(String namespace, String nodeId, SchedulerStore store, RecoveryStore recovery,
                             RunStore runs, ScheduleIndex index, RunQueue queue, NodeRegistry registry,
                             Duration runLease, Duration queueDeadline, Duration alertPeriod,
                             TaskFireRules fireRules, FailingTasks failing, ShardedRuns sharded, EventBus events) {

    /** Lost attempts a run may have before it is failed (a run that keeps killing its worker). */
    public static final int MAX_LOST_ATTEMPTS = 3;
    /** Entries of each stream the sweep reads per housekeeping pass. */
    static final int SWEEP_PER_PASS = 5_000;
    /** Two heartbeats: a worker started together with the scheduler is listed by then. */
    static final Duration UNSERVED_GRACE = Duration.ofSeconds(10);

    public SchedulerLoop loop(SchedulerLoop.Settings settings, Leadership leadership, Clock clock, AlertSink alerts) {
        // A worker keeps the entry of a run it holds for its time unacknowledged until then (up to
        // the lookahead): the reaper must not take it from a live worker meanwhile.
        Duration entryIdle = runLease.plus(settings.lookahead());
        Reaper reaper = new Reaper(namespace, nodeId, recovery, queue, entryIdle, MAX_LOST_ATTEMPTS, alerts, failing);
        StreamSweep sweep = new StreamSweep(queue, recovery, entryIdle, SWEEP_PER_PASS);
        Reconciler reconciler = new Reconciler(namespace, recovery, runs, queue, runLease, queueDeadline, alerts, sweep, failing);
        // Within the queue deadline, or runs would be failed before their group is reported.
        Duration grace = UNSERVED_GRACE.compareTo(queueDeadline.dividedBy(2)) < 0 ? UNSERVED_GRACE : queueDeadline.dividedBy(2);
        UnservedGroups unserved = new UnservedGroups(namespace, queue, recovery, registry, alerts, grace, alertPeriod);
        ShardCoordinator shards = new ShardCoordinator(namespace, sharded, store, registry, queue, events);
        return new SchedulerLoop(settings, leadership, store, index, queue, reaper, reconciler, sweep, unserved, clock,
                alerts, fireRules, shards);
    }
}
