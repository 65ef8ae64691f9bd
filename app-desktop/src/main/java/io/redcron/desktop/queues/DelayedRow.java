package io.redcron.desktop.queues;

import java.time.Instant;

/** A run held back until its due time (a retry's backoff, or a run waiting for the concurrency policy). */
public record DelayedRow(String group, long runId, Instant due, String dueText) {
}
