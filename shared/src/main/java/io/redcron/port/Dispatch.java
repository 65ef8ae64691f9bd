package io.redcron.port;

import java.time.Instant;
import java.util.List;

/**
 * One batch of the leader's work for Redis, applied atomically: runs to put on their groups'
 * streams and schedule entries to move on.
 *
 * @param enqueue runs to hand to workers
 * @param advance tasks whose schedule entry moves from {@code due} to {@code next} (null next:
 *                the task fires no more); an entry that no longer holds {@code due} was changed
 *                meanwhile and is left alone
 */
public record Dispatch(List<QueuedRun> enqueue, List<Advance> advance) {
    public Dispatch {
        enqueue = List.copyOf(enqueue);
        advance = List.copyOf(advance);
    }

    public record Advance(long taskId, Instant due, Instant next) {
    }
}
