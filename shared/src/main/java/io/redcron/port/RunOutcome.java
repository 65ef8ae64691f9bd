package io.redcron.port;

import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.Objects;

/** How an attempt ended, as written by the worker that owned it. */
public record RunOutcome(RunStatus status, Instant finishedAt, Integer exitCode, String output, String error) {
    public RunOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(finishedAt, "finishedAt");
    }
}
