package io.redcron.desktop.queues;

import io.redcron.port.QueueInspector;

import java.time.Instant;

/** An entry of the dead stream: a run that exhausted its attempts or deliveries. */
public record DeadRow(String entryId, long runId, String group, String reason, Instant at, String atText) {

    /** The entry as the dead-run list holds it. */
    QueueInspector.DeadRun entry() {
        return new QueueInspector.DeadRun(entryId, runId, group, reason, at);
    }
}
