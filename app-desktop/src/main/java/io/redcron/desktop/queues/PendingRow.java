package io.redcron.desktop.queues;

import java.time.Duration;

/**
 * An entry delivered to a worker that has not acknowledged it yet: normally a run being claimed
 * right now, or (when its idle time grows) a worker that died between reading and claiming.
 *
 * @param run        the run id, or empty when the entry itself is already gone from the stream
 * @param deliveries how often the entry was delivered; the reaper moves it to the dead stream past the limit
 */
public record PendingRow(String group, String consumer, String entryId, String run, Duration idle, String idleText,
                         long deliveries) {
}
