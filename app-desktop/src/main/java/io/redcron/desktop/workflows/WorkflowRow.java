package io.redcron.desktop.workflows;

import io.redcron.workflow.Workflow;

/**
 * One workflow in the list: what the columns show, and the definition it was read from.
 *
 * @param lastRun the newest run's status in words; empty when it never ran
 */
public record WorkflowRow(String name, String schedule, String state, int steps, String lastRun, Workflow workflow) {
    public boolean enabled() {
        return workflow.enabled();
    }
}
