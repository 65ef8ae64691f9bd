package io.redcron.port;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A read-only look at the queues, for operators (CLI and desktop). */
public interface QueueInspector {

    QueueStats stats();

    /**
     * @param pending runs delivered to workers but not yet claimed or acknowledged, per consumer
     */
    record StreamStats(String group, long length, long pendingTotal, Map<String, Long> pending) {
        public StreamStats {
            pending = Map.copyOf(pending);
        }
    }

    record DeadRun(String entryId, long runId, String group, String reason, java.time.Instant at) {
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
