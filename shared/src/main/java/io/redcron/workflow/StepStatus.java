package io.redcron.workflow;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where one step of one workflow run stands. A step is PENDING until its edges decide; RUNNING
 * once its run (or its child workflow run) is recorded; then it takes the end of that run:
 * SUCCEEDED, or FAILED for any other end (failed, timed out, cancelled or skipped by its task's
 * rules). SKIPPED: never reached, its edges could not be satisfied. CANCELLED: its workflow run was
 * cancelled before it started.
 */
public enum StepStatus {
    PENDING,
    RUNNING,
    SUCCEEDED,
    FAILED,
    SKIPPED,
    CANCELLED;

    public static final Set<StepStatus> SETTLED = EnumSet.of(SUCCEEDED, FAILED, SKIPPED, CANCELLED);

    public boolean isSettled() {
        return SETTLED.contains(this);
    }

    /** Whether the step ran and ended: what an edge's condition is judged on. */
    public boolean ended() {
        return this == SUCCEEDED || this == FAILED;
    }
}
