package io.redcron.desktop.queues;

import java.time.Instant;

/**
 * A run held back until its due time (a retry's backoff, or a run waiting for the concurrency policy).
 *
 * @param task      the run's task; empty if the run is gone from the history
 * @param attempts  attempts made of those allowed ("1/3")
 * @param lastError why the last attempt failed
 */
public record DelayedRow(String group, long runId, String task, String attempts, String lastError, Instant due,
                         String dueText) {
}
