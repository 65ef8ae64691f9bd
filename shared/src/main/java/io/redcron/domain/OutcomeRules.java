package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.function.DoubleSupplier;

/**
 * The one rule for what an ended attempt comes to: a failure or a timeout is retried with backoff
 * while the run has attempts left (lost attempts do not count, see {@link Run#hasAttemptsLeft}),
 * and otherwise ends the run and sends it to the dead runs; success and cancellation are final.
 */
public final class OutcomeRules {
    private OutcomeRules() {
    }

    /**
     * @param run    the run as claimed, with the attempt that ended
     * @param retry  the task's retry settings
     * @param random values in [0, 1) that pick the backoff's jitter
     */
    public static AttemptOutcome decide(Run run, RetryPolicy retry, AttemptEnd end, Instant now,
                                        DoubleSupplier random) {
        RunStatus status = switch (end.kind()) {
            case SUCCEEDED -> RunStatus.SUCCEEDED;
            case CANCELLED, NOT_STARTED -> RunStatus.CANCELLED;
            case TIMED_OUT -> RunStatus.TIMED_OUT;
            case FAILED -> RunStatus.FAILED;
        };
        boolean retryable = status == RunStatus.FAILED || status == RunStatus.TIMED_OUT;
        if (retryable && run.hasAttemptsLeft()) {
            Duration backoff = retry.backoffBefore(run.attempt() + 1, random.getAsDouble());
            Instant retryAt = now.plus(backoff);
            String error = end.error() + "; retry " + (run.attempt() - run.lostAttempts()) + " of "
                    + (run.maxAttempts() - 1) + " at " + retryAt;
            return new AttemptOutcome(RunStatus.RETRYING, retryAt, backoff, false, error);
        }
        return new AttemptOutcome(status, null, null, retryable, end.error());
    }
}
