package io.redcron.desktop.workflows;

import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.StepTarget;

/**
 * One step of the run shown, as its row and its box show it.
 *
 * @param index  the step's place in the run's steps (its box on the graph)
 * @param reason why it was skipped, cancelled or failed without a run; empty otherwise
 */
public record StepRunRow(int index, String step, StepTarget target, StepStatus status, String statusText,
                         String reason, Long runId, Long childRunId, int round, String started, String finished) {
    /** Whether the step has a run (a task run, or a workflow run) to go to. */
    public boolean opens() {
        return runId != null || childRunId != null;
    }

    static String reasonOf(StepRun run) {
        return run == null || run.reason() == null ? "" : run.reason();
    }
}
