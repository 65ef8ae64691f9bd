package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Repairs what Redis alone may have lost, from MySQL: runs waiting in the history but in no stream
 * or delayed set are queued again (Redis restarted empty, or a write was lost on failover), and
 * runs nobody started before their deadline are failed so that operators see them, their stream
 * entries removed.
 */
final class Reconciler {
    private static final Logger LOG = LoggerFactory.getLogger(Reconciler.class);
    private static final int SCAN_LIMIT = 10_000;

    private final String namespace;
    private final RecoveryStore recovery;
    private final RunStore runs;
    private final RunQueue queue;
    private final Duration grace;
    private final Duration queueDeadline;
    private final io.redcron.node.alert.AlertSink alerts;
    private final StreamSweep sweep;
    private final io.redcron.port.FailingTasks failing;

    /**
     * @param grace         how long a waiting run may be missing from Redis before it is requeued
     *                      (covers the moment between the MySQL commit and the Redis call)
     * @param queueDeadline how long a run may wait for a worker before it is failed
     */
    Reconciler(String namespace, RecoveryStore recovery, RunStore runs, RunQueue queue, Duration grace,
               Duration queueDeadline, io.redcron.node.alert.AlertSink alerts, StreamSweep sweep,
               io.redcron.port.FailingTasks failing) {
        this.namespace = namespace;
        this.recovery = recovery;
        this.runs = runs;
        this.queue = queue;
        this.grace = grace;
        this.queueDeadline = queueDeadline;
        this.alerts = alerts;
        this.sweep = sweep;
        this.failing = failing;
    }

    /** Returns how many runs were requeued or failed. */
    int run(Instant now) {
        int handled = 0;
        try {
            handled += failOverdue(now);
        } catch (RuntimeException e) {
            LOG.warn("Reconciler could not fail overdue runs in namespace '{}': {}", namespace, e.getMessage());
        }
        return handled + requeueLost(now);
    }

    private int requeueLost(Instant now) {
        Map<String, List<Run>> waitingByGroup = new LinkedHashMap<>();
        for (Run run : recovery.waitingSince(namespace, now.minus(grace), 1000)) {
            waitingByGroup.computeIfAbsent(run.group(), g -> new ArrayList<>()).add(run);
        }
        Set<Long> delayed = null;
        List<QueuedRun> lost = new ArrayList<>();
        for (Map.Entry<String, List<Run>> group : waitingByGroup.entrySet()) {
            try {
                Set<Long> stream = queue.waiting(group.getKey(), SCAN_LIMIT);
                for (Run run : group.getValue()) {
                    boolean seenAll = stream.size() < SCAN_LIMIT;
                    Set<Long> held = stream;
                    if (run.status() == RunStatus.RETRYING) {
                        if (delayed == null) {
                            delayed = queue.delayed(SCAN_LIMIT);
                        }
                        held = new HashSet<>(delayed);
                        held.addAll(stream);
                        seenAll &= delayed.size() < SCAN_LIMIT;
                    }
                    // Behind a backlog longer than the scan, absence proves nothing: requeueing would only
                    // add duplicates, so such runs wait for a later pass.
                    if (seenAll && !held.contains(run.id())) {
                        lost.add(QueuedRun.of(run.group(), run.id()));
                    }
                }
            } catch (RuntimeException e) {
                LOG.warn("Reconciler could not look at the stream of group '{}': {}", group.getKey(), e.getMessage());
            }
        }
        queue.enqueue(lost);
        return lost.size();
    }

    private int failOverdue(Instant now) {
        int failed = 0;
        Map<String, Set<Long>> failedByGroup = new LinkedHashMap<>();
        for (Run run : recovery.overdue(namespace, now.minus(queueDeadline), 500)) {
            String reason = "not started within " + io.redcron.domain.Durations.format(queueDeadline)
                    + " of being due: no worker took it (does any node serve group '" + run.group() + "'?)";
            if (runs.changeIdle(run.id(), run.status(), RunStatus.FAILED, reason, now)) {
                queue.dead(QueuedRun.of(run.group(), run.id()), reason, now);
                alerts.raise(io.redcron.node.alert.Alert.runEnded(io.redcron.node.alert.AlertKind.RUN_DEAD, null, run,
                        RunStatus.FAILED, reason, null, now));
                FailingRuns.keep(failing, run);
                failedByGroup.computeIfAbsent(run.group(), g -> new HashSet<>()).add(run.id());
                failed++;
            }
        }
        failedByGroup.forEach((group, ids) -> {
            try {
                sweep.removeEntriesOf(group, ids);
            } catch (RuntimeException e) {
                LOG.warn("Reconciler could not remove the entries of runs failed in group '{}' (the stream sweep will): {}",
                        group, e.getMessage());
            }
        });
        return failed;
    }
}
