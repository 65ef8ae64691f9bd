package io.redcron.port;

import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.Objects;

/**
 * How an attempt ended, as written by the worker that owned it.
 *
 * @param retryAt when the next attempt is due, for status RETRYING; null otherwise
 */
public record RunOutcome(RunStatus status, Instant finishedAt, Integer exitCode, String output, String error,
                         Instant retryAt) {
    public RunOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(finishedAt, "finishedAt");
        if ((status == RunStatus.RETRYING) != (retryAt != null)) {
            throw new IllegalArgumentException("retryAt is required for RETRYING and only for it");
        }
    }

    public RunOutcome(RunStatus status, Instant finishedAt, Integer exitCode, String output, String error) {
        this(status, finishedAt, exitCode, output, error, null);
    }
}
