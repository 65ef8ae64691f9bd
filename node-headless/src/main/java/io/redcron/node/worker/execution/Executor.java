package io.redcron.node.worker.execution;

import io.redcron.domain.TaskType;

import java.util.function.Consumer;

/**
 * Runs one attempt of one task type. Blocks the calling thread until the attempt ended, timed
 * out or was cancelled, and never throws for anything the task did: every outcome is a result.
 */
public interface Executor {

    TaskType type();

    ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation);

    /**
     * Runs one attempt on the calling thread and hands its result to {@code ended}, exactly once.
     * It normally does so on this thread before returning; an executor that gives up on an
     * attempt whose code ignores its stop hands the result over from another thread then, and
     * this call returns only when that code does.
     */
    default void execute(ExecutionRequest request, OutputListener output, Cancellation cancellation,
                         Consumer<ExecutionResult> ended) {
        ended.accept(execute(request, output, cancellation));
    }
}
