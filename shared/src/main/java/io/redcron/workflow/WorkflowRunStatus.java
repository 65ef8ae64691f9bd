package io.redcron.workflow;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where one run of a workflow stands. QUEUED: recorded, its steps not started (a fire ahead of
 * its time, or one waiting behind the previous run under {@code forbid}). RUNNING until every step
 * is settled, then SUCCEEDED if no step failed, else FAILED; CANCELLED by an operator or a
 * {@code replace}; SKIPPED: a fire the misfire or concurrency policy dropped, no step ran.
 */
public enum WorkflowRunStatus {
    QUEUED,
    RUNNING,
    SUCCEEDED,
    FAILED,
    CANCELLED,
    SKIPPED;

    public static final Set<WorkflowRunStatus> FINAL = EnumSet.of(SUCCEEDED, FAILED, CANCELLED, SKIPPED);
    public static final Set<WorkflowRunStatus> UNFINISHED = EnumSet.of(QUEUED, RUNNING);

    public boolean isFinal() {
        return FINAL.contains(this);
    }

    public static WorkflowRunStatus parse(String text) {
        return WorkflowEnums.parse(WorkflowRunStatus.class, "status", text);
    }
}
