package io.redcron.ops;

/**
 * An operator action that cannot be done for a reason the operator can act on. The message names
 * the thing in one line (for the CLI); the kind lets a front end say it in its own language.
 */
public final class OperationException extends RuntimeException {

    public enum Kind {
        /** No task of that name or id in the namespace. */
        NO_SUCH_TASK,
        /** No workflow of that name in the namespace. */
        NO_SUCH_WORKFLOW,
        /** No run of that id in the namespace. */
        NO_SUCH_RUN,
        /** No dead-run entry of that id or run. */
        NO_SUCH_DEAD_RUN,
        /** The run has not ended, so it cannot be run again. */
        RUN_NOT_ENDED,
        /** The run's task was deleted. */
        TASK_GONE,
        /** The input breaks a rule (for example a parameter name the task does not allow). */
        BAD_INPUT,
        /** The task is declared in an application's code, which refuses edits made anywhere else. */
        MANAGED
    }

    private final Kind kind;

    public OperationException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public OperationException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
