package io.redcron.desktop.queues;

import io.redcron.port.QueueInspector;

import java.time.Instant;

/**
 * An entry of the dead stream: a run that exhausted its attempts or deliveries.
 *
 * @param task     the run's task, as the run records it; empty if the run is gone from the history
 * @param attempts attempts made of those allowed ("3/3"); empty if the run is gone
 */
public record DeadRow(String entryId, long runId, String group, String task, String attempts, String reason, Instant at,
                      String atText) {

    /** The entry as the dead-run list holds it. */
    QueueInspector.DeadRun entry() {
        return new QueueInspector.DeadRun(entryId, runId, group, reason, at);
    }
}
