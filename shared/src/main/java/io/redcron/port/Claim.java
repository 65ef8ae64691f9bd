package io.redcron.port;

import io.redcron.domain.Run;

import java.util.List;

/**
 * What the begin of a claim held for its time came to ({@link RunStore#beginAll}).
 *
 * @param run      the run as it is now (claimed: RUNNING with the new attempt, begun)
 * @param replaced runs of the same task the REPLACE policy asked to cancel
 */
public record Claim(Result result, Run run, List<Run> replaced) {
    public enum Result {
        /** The attempt began: this worker executes it now. */
        CLAIMED,
        /**
         * The FORBID policy found a run of the task ahead of it (in flight, or waiting to run
         * again) and the run may still wait: its claim is released (it never began) and it
         * waits queued, due again shortly, when the worker that deferred it tries again.
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
        /** Not this worker's claim any more, or already final: nothing to do. */
        UNAVAILABLE
    }

    public Claim {
        replaced = replaced == null ? List.of() : List.copyOf(replaced);
    }

    public static Claim unavailable(Run run) {
        return new Claim(Result.UNAVAILABLE, run, List.of());
    }
}
