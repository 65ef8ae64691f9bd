package io.redcron.client;

import java.time.Instant;

/**
 * A run of a task that a request scheduled.
 *
 * @param id          the run's id, as the CLI, the desktop and {@link RedcronClient#cancel} know it
 * @param task        the task's name
 * @param scheduledAt when it runs: the moment asked for, moved on to a free millisecond of the task
 * @param created     false when the request's idempotency key named a run recorded before, which
 *                    this is (as it was recorded: its time and parameters, not this request's)
 */
public record ScheduledRun(long id, String task, Instant scheduledAt, boolean created) {
}
