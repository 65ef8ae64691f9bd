package io.redcron.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A read-only look at the queues, for operators (CLI and desktop). */
public interface QueueInspector {

    QueueStats stats();

    /**
     * Entries of a group's stream delivered to a worker and not acknowledged yet, oldest first,
     * at most {@code limit}; none when no worker ever read the stream.
     */
    List<PendingEntry> pending(String group, int limit);

    /** Runs waiting for a retry's backoff, soonest due first, at most {@code limit}. */
    List<DelayedRun> delayed(int limit);

    /**
     * One delivered entry.
     *
     * @param runId      the run it carries; 0 when the entry names none (it was removed meanwhile,
     *                   or written by another program)
     * @param idle       how long ago it was last delivered
     * @param deliveries how many times it was delivered
     */
    record PendingEntry(String group, String consumer, String entryId, long runId, Duration idle, long deliveries) {
    }

    /** A run held until {@code due} (retry backoff). */
    record DelayedRun(String group, long runId, Instant due) {
    }

    /**
     * @param pending runs delivered to workers but not yet claimed or acknowledged, per consumer
     */
    record StreamStats(String group, long length, long pendingTotal, Map<String, Long> pending) {
        public StreamStats {
            pending = Map.copyOf(pending);
        }
    }

    /**
     * A run that failed for good, as the dead list keeps it.
     *
     * @param entryId the list entry's id; null for an entry not written yet
     * @param at      when it failed for good
     */
    record DeadRun(String entryId, long runId, String group, String reason, Instant at) {
    }

    record QueueStats(List<StreamStats> streams, long delayed, long dead, List<DeadRun> recentDead) {
        public QueueStats {
            streams = List.copyOf(streams);
            recentDead = List.copyOf(recentDead);
        }
    }

    /** For callers that want to know how stale a view is. */
    default Duration refreshHint() {
        return Duration.ofSeconds(2);
    }
}
