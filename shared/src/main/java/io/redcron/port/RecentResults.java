package io.redcron.port;

import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.Objects;

/**
 * A task's latest ended runs, as a task list shows them.
 *
 * @param lastStatus  the final status of its newest ended run
 * @param lastEndedAt when that run ended
 * @param outcomes    how many of the runs looked at ran to an outcome (succeeded, failed or timed
 *                    out; skipped and cancelled runs did not run to one)
 * @param succeeded   how many of those succeeded
 */
public record RecentResults(RunStatus lastStatus, Instant lastEndedAt, int outcomes, int succeeded) {
    /**
     * Runs not ended yet looked past among a task's newest (fires recorded ahead, runs in
     * flight): a task with more of them than this shows fewer ended runs, or none.
     */
    public static final int UNFINISHED_AHEAD = 10;

    public RecentResults {
        Objects.requireNonNull(lastStatus, "lastStatus");
        if (succeeded < 0 || succeeded > outcomes) {
            throw new IllegalArgumentException("succeeded: 0 to " + outcomes + ", got " + succeeded);
        }
    }

    /** The share of outcomes that succeeded, 0 to 1; empty when no run ran to an outcome. */
    public java.util.OptionalDouble successRate() {
        return outcomes == 0 ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of((double) succeeded / outcomes);
    }
}
