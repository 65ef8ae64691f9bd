package io.redcron.desktop.queues;

import java.time.Instant;

/** An entry of the dead stream: a run that exhausted its attempts or deliveries. */
public record DeadRow(String entryId, long runId, String group, String reason, Instant at, String atText) {
}
