package io.redcron.desktop.workflows;

import io.redcron.workflow.WorkflowRun;

/** One run of the selected workflow, as its row shows it. */
public record WorkflowRunRow(long id, String status, String trigger, String started, String finished, String error,
                             WorkflowRun run) {
}
