package io.redcron.node.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The dead-man switch of a task with {@code successWithin}: overdue once that long has passed
 * since its last success, or since it was last changed (created, edited, enabled) when that is
 * later: a task just enabled again, or one that never succeeded, gets its full period. Each further
 * period without a success is one more crossing, reported once.
 */
public final class DeadManWindow {
    private DeadManWindow() {
    }

    /**
     * @param since   when the task's clock started (its last success, or its last change)
     * @param periods how many whole periods have passed since then (1 at the first crossing)
     */
    public record Overdue(Duration within, Instant since, long periods) {
    }

    /**
     * @param lastSuccess when the task last succeeded; null if it never did
     * @param changedAt   when the task was last changed (its creation at least)
     */
    public static Optional<Overdue> judge(Duration within, Instant lastSuccess, Instant changedAt, Instant now) {
        Instant since = lastSuccess == null || changedAt.isAfter(lastSuccess) ? changedAt : lastSuccess;
        Duration waited = Duration.between(since, now);
        if (waited.compareTo(within) < 0) {
            return Optional.empty();
        }
        return Optional.of(new Overdue(within, since, waited.toMillis() / within.toMillis()));
    }
}
