package io.redcron.node.scheduler;

import io.redcron.node.alert.AlertSink;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;

import java.time.Clock;
import java.time.Duration;

/** Wires the leader's duties together; the reaper and reconciler settings follow the run lease. */
public record SchedulerParts(String namespace, String nodeId, SchedulerStore store, RecoveryStore recovery,
                             RunStore runs, ScheduleIndex index, RunQueue queue, Duration runLease,
                             Duration queueDeadline) {

    /** Lost attempts a run may have before it is failed (a run that keeps killing its worker). */
    public static final int MAX_LOST_ATTEMPTS = 3;

    public SchedulerLoop loop(SchedulerLoop.Settings settings, Leadership leadership, Clock clock) {
        return loop(settings, leadership, clock, AlertSink.NONE);
    }

    public SchedulerLoop loop(SchedulerLoop.Settings settings, Leadership leadership, Clock clock, AlertSink alerts) {
        // A worker keeps the entry of a run it holds for its time unacknowledged until then (up to
        // the lookahead): the reaper must not take it from a live worker meanwhile.
        Reaper reaper = new Reaper(namespace, nodeId, recovery, queue, runLease.plus(settings.lookahead()),
                MAX_LOST_ATTEMPTS, alerts);
        Reconciler reconciler = new Reconciler(namespace, recovery, runs, queue, runLease, queueDeadline, alerts);
        return new SchedulerLoop(settings, leadership, store, index, queue, reaper, reconciler, clock, alerts);
    }
}
