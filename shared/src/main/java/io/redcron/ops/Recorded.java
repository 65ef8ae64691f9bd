package io.redcron.ops;

import io.redcron.domain.Run;

/**
 * A manual run recorded by an operator action.
 *
 * @param queued          whether it was also put on its group's queue; when not, the scheduler's
 *                        reconciler queues it, as it does every recorded run no queue holds
 * @param notQueuedReason why it was not queued; null when it was
 */
public record Recorded(Run run, boolean queued, String notQueuedReason) {
}
