package io.redcron.domain;

import java.time.Duration;

/**
 * How often a failed run is tried again, and how long to wait in between:
 * {@code min(max, initial * multiplier^(attempt-1))}, spread by up to {@code jitter} of itself.
 *
 * @param maxAttempts total attempts including the first; 1 means no retry
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, double multiplier, Duration maxBackoff,
                          double jitter) {

    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ofSeconds(10), 2.0, Duration.ofMinutes(10), 0.1);

    public RetryPolicy {
        if (maxAttempts < 1 || maxAttempts > 100) {
            throw new InvalidTaskException("retries", "max attempts must be 1-100, got " + maxAttempts);
        }
        Checks.positive("retry-backoff", initialBackoff);
        Checks.positive("retry-max-backoff", maxBackoff);
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            throw new InvalidTaskException("retry-max-backoff", "must not be shorter than the initial backoff "
                    + Durations.format(initialBackoff) + ", got " + Durations.format(maxBackoff));
        }
        if (!(multiplier >= 1.0 && multiplier <= 10.0)) {
            throw new InvalidTaskException("retry-multiplier", "must be between 1 and 10, got " + multiplier);
        }
        if (!(jitter >= 0.0 && jitter <= 1.0)) {
            throw new InvalidTaskException("retry-jitter", "must be between 0 and 1, got " + jitter);
        }
    }

    /** A policy with {@code retries} retries after the first attempt and default backoff. */
    public static RetryPolicy retries(int retries) {
        return new RetryPolicy(retries + 1, NONE.initialBackoff, NONE.multiplier, NONE.maxBackoff, NONE.jitter);
    }

    public int retries() {
        return maxAttempts - 1;
    }

    /**
     * The wait before attempt {@code nextAttempt} (2 for the first retry).
     *
     * @param random a value in [0, 1) that picks the jitter
     */
    public Duration backoffBefore(int nextAttempt, double random) {
        double base = initialBackoff.toMillis() * Math.pow(multiplier, Math.max(0, nextAttempt - 2));
        double capped = Math.min(base, maxBackoff.toMillis());
        double spread = capped * jitter * (2 * random - 1);
        return Duration.ofMillis(Math.max(0, Math.round(capped + spread)));
    }
}
