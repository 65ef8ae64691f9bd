package io.redcron.domain;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * A task's own alert rules, kept beside the task (table {@code task_alert_rule}). Each field is
 * optional; a task without rules raises no slow-run and no dead-man alert.
 *
 * @param slowAfter     a run still running after this long is slow ({@code RUN_SLOW})
 * @param slowFactor    a run still running after this many times the task's recent p95 duration
 *                      is slow; greater than 1, two decimals at most
 * @param successWithin a task that has not succeeded for this long raises {@code NO_SUCCESS}
 */
public record AlertRule(Duration slowAfter, BigDecimal slowFactor, Duration successWithin) {
    public static final AlertRule NONE = new AlertRule(null, null, null);
    /** At least a second: the checks look once a few seconds, or once a minute. */
    private static final Duration SHORTEST = Duration.ofSeconds(1);
    private static final BigDecimal MOST_FACTOR = new BigDecimal("1000");

    public AlertRule {
        if (slowAfter != null && slowAfter.compareTo(SHORTEST) < 0) {
            throw new InvalidTaskException("alerting.slowAfter", "must be at least 1s, got " + Durations.format(slowAfter));
        }
        if (successWithin != null && successWithin.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new InvalidTaskException("alerting.successWithin", "must be at least 1m (it is checked once a"
                    + " minute), got " + Durations.format(successWithin));
        }
        if (slowFactor != null) {
            if (slowFactor.compareTo(BigDecimal.ONE) <= 0 || slowFactor.compareTo(MOST_FACTOR) > 0) {
                throw new InvalidTaskException("alerting.slowFactor", "must be a decimal greater than 1 and at most 1000,"
                        + " got " + slowFactor.toPlainString());
            }
            if (slowFactor.stripTrailingZeros().scale() > 2) {
                throw new InvalidTaskException("alerting.slowFactor", "takes two decimals at most, got "
                        + slowFactor.toPlainString());
            }
            slowFactor = slowFactor.setScale(2, RoundingMode.UNNECESSARY).stripTrailingZeros();
            if (slowFactor.scale() < 0) {
                slowFactor = slowFactor.setScale(0, RoundingMode.UNNECESSARY);
            }
        }
    }

    /** Reads the factor as an operator writes it ({@code 3}, {@code 2.5}). */
    public static BigDecimal factor(String field, String text) {
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException | NullPointerException e) {
            throw new InvalidTaskException(field, "'" + text + "' is not a decimal (for example 3 or 2.5)");
        }
    }

    /** This rule with the fields {@code change} sets put over it. */
    public AlertRule with(AlertRule change) {
        return new AlertRule(change.slowAfter != null ? change.slowAfter : slowAfter,
                change.slowFactor != null ? change.slowFactor : slowFactor,
                change.successWithin != null ? change.successWithin : successWithin);
    }

    public boolean isEmpty() {
        return slowAfter == null && slowFactor == null && successWithin == null;
    }

    /** Whether runs of the task are watched for being slow. */
    public boolean watchesDuration() {
        return slowAfter != null || slowFactor != null;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        if (slowAfter != null) {
            out.append("slowAfter=").append(Durations.format(slowAfter));
        }
        if (slowFactor != null) {
            out.append(out.isEmpty() ? "" : " ").append("slowFactor=").append(slowFactor.toPlainString());
        }
        if (successWithin != null) {
            out.append(out.isEmpty() ? "" : " ").append("successWithin=").append(Durations.format(successWithin));
        }
        return out.isEmpty() ? "none" : out.toString();
    }
}
