package io.redcron.port;

import io.redcron.domain.Run;

import java.util.List;

/**
 * What a worker's claim of a run came to.
 *
 * @param run      the run as it is now (claimed: RUNNING with the new attempt)
 * @param replaced runs of the same task the REPLACE policy asked to cancel
 */
public record Claim(Result result, Run run, List<Run> replaced) {
    public enum Result {
        /** This worker owns the next attempt. */
        CLAIMED,
        /**
         * The FORBID policy found a run of the task ahead of it (in flight, or waiting to run
         * again) and the run may still wait: it stays queued, due again shortly.
         */
        DEFERRED,
        /**
         * Recorded SKIPPED (never attempted): the FORBID policy's wait ran out, or the run would
         * start later than the misfire threshold and its task's misfire policy drops it.
         */
        SKIPPED,
        /**
         * Recorded CANCELLED before it started: an operator cancelled it, or under REPLACE a later
         * run of the task had already started.
         */
        CANCELLED,
        /** Another worker has it, or it is already final: nothing to do. */
        UNAVAILABLE
    }

    public Claim {
        replaced = replaced == null ? List.of() : List.copyOf(replaced);
    }

    public static Claim unavailable(Run run) {
        return new Claim(Result.UNAVAILABLE, run, List.of());
    }
}
