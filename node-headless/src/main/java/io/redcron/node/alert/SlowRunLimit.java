package io.redcron.node.alert;

import io.redcron.domain.AlertRule;
import io.redcron.domain.Durations;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;

/**
 * When a run of a task counts as slow: past the task's fixed {@code slowAfter}, or past
 * {@code slowFactor} times its recent p95 duration, whichever comes first. Without a p95 (too few
 * runs recently) only the fixed limit counts.
 */
public final class SlowRunLimit {
    /** A p95 shorter than this is noise (a task that takes milliseconds): the factor waits for a second. */
    static final Duration SHORTEST_P95 = Duration.ofSeconds(1);

    private SlowRunLimit() {
    }

    /** @param reason how the limit came about, e.g. {@code 3 × p95 (40s)} or {@code slowAfter 10m} */
    public record Limit(Duration after, String reason) {
    }

    /** The limit of a task's runs; empty when its rule watches no duration, or the factor has no p95 to go by. */
    public static Optional<Limit> of(AlertRule rule, Duration p95) {
        Limit fixed = rule.slowAfter() == null ? null
                : new Limit(rule.slowAfter(), "slowAfter " + Durations.format(rule.slowAfter()));
        Limit relative = null;
        if (rule.slowFactor() != null && p95 != null && p95.compareTo(SHORTEST_P95) >= 0) {
            long millis = new BigDecimal(p95.toMillis()).multiply(rule.slowFactor()).longValue();
            relative = new Limit(Duration.ofMillis(millis), rule.slowFactor().toPlainString() + " × p95 ("
                    + Durations.format(p95.withNanos(0)) + ")");
        }
        if (fixed == null || relative == null) {
            return Optional.ofNullable(fixed != null ? fixed : relative);
        }
        return Optional.of(relative.after().compareTo(fixed.after()) < 0 ? relative : fixed);
    }

    /** Whether a run that has been running this long is past the limit. */
    public static boolean isSlow(Limit limit, Duration running) {
        return running.compareTo(limit.after()) > 0;
    }
}
