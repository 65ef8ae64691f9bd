package io.redcron.workflow;

/**
 * A workflow definition, run request or step output that cannot be taken. The message is one line
 * that starts with the field, and for a step with {@code step <name>}, so a front end can point at
 * the step.
 */
public final class InvalidWorkflowException extends IllegalArgumentException {
    private final String field;

    public InvalidWorkflowException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    /** A problem of one step: the field reads {@code step <name>}. */
    public static InvalidWorkflowException ofStep(String step, String problem) {
        return new InvalidWorkflowException("step " + step, problem);
    }

    public String field() {
        return field;
    }
}
