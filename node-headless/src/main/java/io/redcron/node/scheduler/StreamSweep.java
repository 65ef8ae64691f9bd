package io.redcron.node.scheduler;

import io.redcron.port.QueuedRun;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Removes stream entries whose run no longer waits for a worker: it ended (failed at the queue
 * deadline, cancelled, done through another entry) or runs under a claim. A worker drops such an
 * entry when it reads it, but the stream of a group no worker serves would keep it for ever.
 *
 * <p>Each pass reads a bounded stretch of each stream, continuing where the previous pass stopped
 * and starting over at the end, so a long stream is covered over several passes. An entry a worker
 * was handed less than {@code fresh} ago and has not acknowledged is left to that worker, which is
 * deciding its claim; one held longer is the reaper's to take back.
 */
final class StreamSweep {
    private static final Logger LOG = LoggerFactory.getLogger(StreamSweep.class);
    private static final int PAGE = 1000;

    private final RunQueue queue;
    private final RecoveryStore recovery;
    private final Duration fresh;
    private final int perPass;
    private final Map<String, String> resumeAfter = new HashMap<>();

    /**
     * @param fresh   how long a worker may hold an entry unacknowledged (as the reaper counts it)
     * @param perPass how many entries of each stream one pass reads at most
     */
    StreamSweep(RunQueue queue, RecoveryStore recovery, Duration fresh, int perPass) {
        if (perPass < 1) {
            throw new IllegalArgumentException("perPass: must be at least 1, got " + perPass);
        }
        this.queue = queue;
        this.recovery = recovery;
        this.fresh = fresh;
        this.perPass = perPass;
    }

    /** One pass over the given groups' streams; returns how many entries were removed. */
    int run(Collection<String> groups) {
        int removed = 0;
        for (String group : groups) {
            try {
                removed += sweep(group);
            } catch (RuntimeException e) {
                // A stretch left unread is read again next pass; the other groups go on.
                LOG.warn("Stream sweep of group '{}' failed: {}", group, e.getMessage());
            }
        }
        resumeAfter.keySet().retainAll(groups);
        return removed;
    }

    /**
     * Removes the entries of the given runs from the front of a group's stream, where runs that
     * waited longest are: for runs just failed at the queue deadline. An entry further back is
     * left to the passes of {@link #run}.
     */
    int removeEntriesOf(String group, Set<Long> runIds) {
        int removed = 0;
        String after = null;
        for (int read = 0; read < perPass; read += PAGE) {
            RunQueue.Page page = queue.entries(group, after, Math.min(PAGE, perPass - read));
            List<QueuedRun> theirs = new ArrayList<>();
            for (RunQueue.Entry entry : page.entries()) {
                if (runIds.contains(entry.run().runId())) {
                    theirs.add(entry.run());
                }
            }
            queue.ack(theirs);
            removed += theirs.size();
            after = page.last();
            if (after == null) {
                break;
            }
        }
        return removed;
    }

    private int sweep(String group) {
        int removed = 0;
        String after = resumeAfter.get(group);
        for (int read = 0; read < perPass; read += PAGE) {
            RunQueue.Page page = queue.entries(group, after, Math.min(PAGE, perPass - read));
            removed += removeFinished(page.entries());
            after = page.last();
            if (after == null) {
                break;
            }
        }
        if (after == null) {
            resumeAfter.remove(group);
        } else {
            resumeAfter.put(group, after);
        }
        return removed;
    }

    private int removeFinished(List<RunQueue.Entry> entries) {
        if (entries.isEmpty()) {
            return 0;
        }
        List<Long> ids = new ArrayList<>(entries.size());
        for (RunQueue.Entry entry : entries) {
            ids.add(entry.run().runId());
        }
        // Read after the entries: a run that waits again later has a newer entry than these.
        Set<Long> waiting = recovery.stillWaiting(ids);
        List<QueuedRun> finished = new ArrayList<>();
        for (RunQueue.Entry entry : entries) {
            if (!waiting.contains(entry.run().runId()) && !heldByWorker(entry)) {
                finished.add(entry.run());
            }
        }
        queue.ack(finished);
        return finished.size();
    }

    private boolean heldByWorker(RunQueue.Entry entry) {
        return entry.pendingFor() != null && entry.pendingFor().compareTo(fresh) < 0;
    }
}
