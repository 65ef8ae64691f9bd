package io.redcron.workflow;

import java.util.Locale;

/** When an edge lets its child go on: on its parent's success, its failure, or either. */
public enum EdgeCondition {
    SUCCESS,
    FAILURE,
    ALWAYS;

    /** Whether a parent that ended in {@code ended} (SUCCEEDED or FAILED) satisfies the edge. */
    public boolean satisfiedBy(StepStatus ended) {
        return switch (this) {
            case SUCCESS -> ended == StepStatus.SUCCEEDED;
            case FAILURE -> ended == StepStatus.FAILED;
            case ALWAYS -> ended == StepStatus.SUCCEEDED || ended == StepStatus.FAILED;
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EdgeCondition parse(String field, String text) {
        return WorkflowEnums.parse(EdgeCondition.class, field, text);
    }
}
