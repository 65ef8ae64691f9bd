package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.WorkflowRunStatus;

import java.util.List;
import java.util.Locale;

/**
 * How a step's state and an edge's condition look on the graph: a style class for the colour
 * (workflows.css), and always words and a mark beside it, so nothing is told by colour alone.
 */
public final class StepLook {
    /** Every style class a step's box may carry for its state; a box takes one of them at a time. */
    public static final List<String> STATUS_CLASSES = java.util.Arrays.stream(StepStatus.values())
            .map(StepLook::styleClass).toList();

    private StepLook() {
    }

    public static String styleClass(StepStatus status) {
        return "step-" + status.name().toLowerCase(Locale.ROOT);
    }

    /** A mark that reads without colour: … pending, ▶ running, ✔ succeeded, ✖ failed, ⤼ skipped, ⊘ cancelled. */
    public static String mark(StepStatus status) {
        return switch (status) {
            case PENDING -> "\u2026";
            case RUNNING -> "\u25b6";
            case SUCCEEDED -> "\u2714";
            case FAILED -> "\u2716";
            case SKIPPED -> "\u293c";
            case CANCELLED -> "\u2298";
        };
    }

    public static String text(StepStatus status, Messages messages) {
        return messages.get("workflows.step.status." + status.name());
    }

    /** The line under a step's name on the run graph: its mark and its state in words. */
    public static String line(StepStatus status, Messages messages) {
        return mark(status) + " " + text(status, messages);
    }

    public static String styleClass(EdgeCondition condition) {
        return "edge-" + condition.label();
    }

    /** The edge's label on the graph, in words: on success, on failure, always. */
    public static String text(EdgeCondition condition, Messages messages) {
        return messages.get("workflows.edge." + condition.label());
    }

    public static String text(WorkflowRunStatus status, Messages messages) {
        return messages.get("workflows.run.status." + status.name());
    }
}
