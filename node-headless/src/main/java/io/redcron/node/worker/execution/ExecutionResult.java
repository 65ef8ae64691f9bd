package io.redcron.node.worker.execution;

import java.time.Duration;
import java.util.Objects;

/**
 * How one attempt ended.
 *
 * @param exitCode the program's exit code; null when there is no program (http, java), when it
 *                 never started, or when it was killed (timeout, cancellation)
 * @param output   the tail (at most {@code worker.output-tail} characters) of stdout and stderr
 *                 merged in order, decoded as UTF-8 with replacement characters
 * @param error    one line saying why, for anything but {@link ExecutionStatus#SUCCEEDED}
 */
public record ExecutionResult(ExecutionStatus status, Integer exitCode, String output, String error,
                              Duration elapsed) {

    public ExecutionResult {
        Objects.requireNonNull(status, "status");
        output = output == null ? "" : output;
        elapsed = elapsed == null ? Duration.ZERO : elapsed;
    }

    /** An attempt that never ran: refused by policy or unable to start. */
    static ExecutionResult failedBeforeStart(String error) {
        return new ExecutionResult(ExecutionStatus.FAILED, null, "", error, Duration.ZERO);
    }

    public boolean succeeded() {
        return status == ExecutionStatus.SUCCEEDED;
    }
}
