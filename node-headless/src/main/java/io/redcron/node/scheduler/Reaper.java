package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recovers runs whose worker vanished. A RUNNING run whose lease lapsed lost its attempt: it is
 * recorded as lost and queued again (or failed, after too many lost attempts). A stream entry
 * delivered but never acknowledged (the worker died between reading and claiming) is put back.
 */
final class Reaper {
    private static final Logger LOG = LoggerFactory.getLogger(Reaper.class);

    private final String namespace;
    private final String nodeId;
    private final RecoveryStore recovery;
    private final RunQueue queue;
    private final Duration entryIdle;
    private final int maxLostAttempts;
    private final io.redcron.node.alert.AlertSink alerts;
    private final io.redcron.port.FailingTasks failing;

    /**
     * @param entryIdle how long a delivered entry may stay unacknowledged before it is taken back:
     *                  at least the run lease, plus how long a worker may hold it for its run's time
     */
    Reaper(String namespace, String nodeId, RecoveryStore recovery, RunQueue queue, Duration entryIdle,
           int maxLostAttempts, io.redcron.node.alert.AlertSink alerts, io.redcron.port.FailingTasks failing) {
        this.namespace = namespace;
        this.nodeId = nodeId;
        this.recovery = recovery;
        this.queue = queue;
        this.entryIdle = entryIdle;
        this.maxLostAttempts = maxLostAttempts;
        this.alerts = alerts;
        this.failing = failing;
    }

    /** Returns how many runs were recovered or failed. */
    int run(Instant now, Set<String> groups) {
        int handled = 0;
        try {
            handled += recoverLostAttempts(now);
        } catch (RuntimeException e) {
            LOG.warn("Reaper could not recover runs with expired leases in namespace '{}': {}", namespace, e.getMessage());
        }
        for (String group : groups) {
            try {
                handled += takeBackIdleEntries(group);
            } catch (RuntimeException e) {
                // One group's stream failing must not leave the entries of the others stranded.
                LOG.warn("Reaper could not take back idle entries of group '{}': {}", group, e.getMessage());
            }
        }
        return handled;
    }

    private int recoverLostAttempts(Instant now) {
        int handled = 0;
        List<QueuedRun> requeue = new ArrayList<>();
        for (Run run : recovery.expiredLeases(namespace, now, 500)) {
            String reason = "attempt " + run.attempt() + " lost: node " + run.node()
                    + " stopped renewing its lease";
            RunStatus status = recovery.recoverLost(run.id(), run.attempt(), now, maxLostAttempts, reason);
            if (status == RunStatus.QUEUED) {
                requeue.add(QueuedRun.of(run.group(), run.id()));
            } else if (status == RunStatus.FAILED) {
                queue.dead(QueuedRun.of(run.group(), run.id()), reason + " (too many lost attempts)", now);
                alerts.raise(io.redcron.node.alert.Alert.runEnded(io.redcron.node.alert.AlertKind.RUN_DEAD, null, run,
                        RunStatus.FAILED, reason + " (too many lost attempts)", null, now));
                FailingRuns.keep(failing, run);
            }
            if (status != null) {
                handled++;
            }
        }
        // Should this fail, the runs are QUEUED in MySQL and the reconciler queues them.
        queue.enqueue(requeue);
        return handled;
    }

    private int takeBackIdleEntries(String group) {
        List<QueuedRun> stale = queue.reclaimIdle(group, nodeId + "-reaper", entryIdle, 500);
        if (stale.isEmpty()) {
            return 0;
        }
        queue.enqueue(stale.stream().map(r -> QueuedRun.of(r.group(), r.runId())).toList());
        queue.ack(stale);
        return stale.size();
    }
}
