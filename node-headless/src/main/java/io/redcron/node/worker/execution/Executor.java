package io.redcron.node.worker.execution;

import io.redcron.domain.TaskType;

/**
 * Runs one attempt of one task type. Blocks the calling thread until the attempt ended, timed
 * out or was cancelled, and never throws for anything the task did: every outcome is a result.
 */
public interface Executor {

    TaskType type();

    ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation);
}
