package io.redcron.desktop.runs;

import io.redcron.ops.OperationException;

import java.util.concurrent.Callable;

/**
 * An action on runs that cannot be done for a reason the operator can act on (no such task, the
 * run has ended). It carries a message key, so the screen says why in the UI's language.
 */
final class RunActionException extends RuntimeException {
    private final String key;
    private final transient Object[] arguments;

    RunActionException(String key, Object... arguments) {
        super(key);
        this.key = key;
        this.arguments = arguments.clone();
    }

    String key() {
        return key;
    }

    Object[] arguments() {
        return arguments.clone();
    }

    /**
     * Does an operator action on a run, saying why it could not be done in the UI's language;
     * {@code row} is the run as the screen shows it, which the message names.
     */
    static <T> T localised(Callable<T> action, RunRow row) throws Exception {
        try {
            return action.call();
        } catch (OperationException e) {
            throw switch (e.kind()) {
                case NO_SUCH_RUN -> new RunActionException("runs.error.noRun", row.id());
                case RUN_NOT_ENDED -> new RunActionException("runs.error.notEnded", row.id(), row.runStatus().name());
                case TASK_GONE -> new RunActionException("runs.error.taskGone", row.task());
                default -> e;
            };
        }
    }

    /** Triggers a task, saying why it could not be done in the UI's language. */
    static <T> T localised(Callable<T> action, String task) throws Exception {
        try {
            return action.call();
        } catch (OperationException e) {
            throw e.kind() == OperationException.Kind.NO_SUCH_TASK ? new RunActionException("runs.error.noTask", task) : e;
        }
    }
}
