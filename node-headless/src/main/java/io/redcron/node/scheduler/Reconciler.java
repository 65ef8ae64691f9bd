package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Repairs what Redis alone may have lost, from MySQL: runs waiting in the history but in no stream
 * or delayed set are queued again (Redis restarted empty, or a write was lost on failover), and
 * runs nobody started before their deadline are failed so that operators see them.
 */
final class Reconciler {
    private static final int SCAN_LIMIT = 10_000;

    private final String namespace;
    private final RecoveryStore recovery;
    private final RunStore runs;
    private final RunQueue queue;
    private final Duration grace;
    private final Duration queueDeadline;
    private final io.redcron.node.alert.AlertSink alerts;

    /**
     * @param grace         how long a waiting run may be missing from Redis before it is requeued
     *                      (covers the moment between the MySQL commit and the Redis call)
     * @param queueDeadline how long a run may wait for a worker before it is failed
     */
    Reconciler(String namespace, RecoveryStore recovery, RunStore runs, RunQueue queue, Duration grace,
               Duration queueDeadline, io.redcron.node.alert.AlertSink alerts) {
        this.namespace = namespace;
        this.recovery = recovery;
        this.runs = runs;
        this.queue = queue;
        this.grace = grace;
        this.queueDeadline = queueDeadline;
        this.alerts = alerts;
    }

    /** Returns how many runs were requeued or failed. */
    int run(Instant now) {
        int handled = failOverdue(now);
        List<Run> waiting = recovery.waitingSince(namespace, now.minus(grace), 1000);
        if (waiting.isEmpty()) {
            return handled;
        }
        Map<String, Set<Long>> streams = new HashMap<>();
        Set<Long> delayed = null;
        List<QueuedRun> lost = new ArrayList<>();
        for (Run run : waiting) {
            Set<Long> stream = streams.computeIfAbsent(run.group(), g -> queue.waiting(g, SCAN_LIMIT));
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
        queue.enqueue(lost);
        return handled + lost.size();
    }

    private int failOverdue(Instant now) {
        int failed = 0;
        for (Run run : recovery.overdue(namespace, now.minus(queueDeadline), 500)) {
            String reason = "not started within " + io.redcron.domain.Durations.format(queueDeadline)
                    + " of being due: no worker took it (does any node serve group '" + run.group() + "'?)";
            if (runs.changeIdle(run.id(), run.status(), RunStatus.FAILED, reason, now)) {
                queue.dead(QueuedRun.of(run.group(), run.id()), reason, now);
                alerts.raise(io.redcron.node.alert.Alert.runEnded(io.redcron.node.alert.AlertKind.RUN_DEAD, null, run,
                        RunStatus.FAILED, reason, null, now));
                failed++;
            }
        }
        return failed;
    }
}
