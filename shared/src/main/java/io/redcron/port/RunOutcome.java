package io.redcron.port;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;

/**
 * How an attempt ended, as written by the worker that owned it.
 *
 * @param retryAt      when the next attempt is due, for status RETRYING; null otherwise
 * @param retriedAfter for status RETRYING, how the attempt itself ended (FAILED or TIMED_OUT),
 *                     kept with the run's past attempts; null otherwise
 */
public record RunOutcome(RunStatus status, Instant finishedAt, Integer exitCode, String output, String error,
                         Instant retryAt, AttemptEnding retriedAfter) {
    public RunOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(finishedAt, "finishedAt");
        if ((status == RunStatus.RETRYING) != (retryAt != null)) {
            throw new IllegalArgumentException("retryAt is required for RETRYING and only for it");
        }
        if ((status == RunStatus.RETRYING) != (retriedAfter != null)) {
            throw new IllegalArgumentException("retriedAfter is required for RETRYING and only for it");
        }
        if (retriedAfter != null && !EnumSet.of(AttemptEnding.FAILED, AttemptEnding.TIMED_OUT).contains(retriedAfter)) {
            throw new IllegalArgumentException("retriedAfter: a retry follows a failure or a timeout, not " + retriedAfter);
        }
    }

    /** An outcome, or a retry after a failed attempt. */
    public RunOutcome(RunStatus status, Instant finishedAt, Integer exitCode, String output, String error,
                      Instant retryAt) {
        this(status, finishedAt, exitCode, output, error, retryAt, status == RunStatus.RETRYING ? AttemptEnding.FAILED : null);
    }

    public RunOutcome(RunStatus status, Instant finishedAt, Integer exitCode, String output, String error) {
        this(status, finishedAt, exitCode, output, error, null);
    }
}
