package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What an ended attempt comes to, as {@link OutcomeRules} decides it.
 *
 * @param status     a final status, or {@link RunStatus#RETRYING}
 * @param retryAt    when the next attempt is due, for RETRYING; null otherwise
 * @param backoff    the wait before that attempt, for RETRYING; null otherwise
 * @param deadLetter whether the run goes to the dead runs operators look after
 * @param error      the run's error text (for a retry, naming which retry comes and when)
 */
public record AttemptOutcome(RunStatus status, Instant retryAt, Duration backoff, boolean deadLetter,
                             String error) {
    public AttemptOutcome {
        Objects.requireNonNull(status, "status");
        if ((status == RunStatus.RETRYING) != (retryAt != null) || (retryAt == null) != (backoff == null)) {
            throw new IllegalArgumentException("retryAt and backoff are required for RETRYING and only for it");
        }
        if (status != RunStatus.RETRYING && !status.isFinal()) {
            throw new IllegalArgumentException("an attempt ends in a final status or RETRYING, not " + status);
        }
    }
}
