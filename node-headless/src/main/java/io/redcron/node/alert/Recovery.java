package io.redcron.node.alert;

import io.redcron.domain.RunStatus;

import java.util.Optional;

/** Whether a success ends a run of failures: the task's run before it, that ran to an outcome, failed for good. */
public final class Recovery {
    private Recovery() {
    }

    /**
     * @param previous how the task's run before the success ended (SUCCEEDED, FAILED or TIMED_OUT;
     *                 a run dead after lost attempts is FAILED); empty for its first
     */
    public static boolean follows(Optional<RunStatus> previous) {
        return previous.isPresent() && RunStatus.FAILURES.contains(previous.get());
    }
}
