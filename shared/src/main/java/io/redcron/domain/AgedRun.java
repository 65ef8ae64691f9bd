package io.redcron.domain;

import java.time.Instant;

/** What retention needs to know of an old run: no output, no params. */
public record AgedRun(long id, long taskId, RunStatus status, Instant scheduledAt, boolean hasOutput) {
}
