package io.redcron.ops;

/**
 * What a run request came to: the run (recorded now, or found by its idempotency key) and how it
 * was queued.
 *
 * @param recorded false when an earlier request with the same idempotency key had recorded it:
 *                 this one changed nothing
 */
public record RequestedRun(Recorded run, boolean recorded) {
}
