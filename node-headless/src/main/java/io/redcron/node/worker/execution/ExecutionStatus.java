package io.redcron.node.worker.execution;

/** How one attempt ended. */
public enum ExecutionStatus {
    SUCCEEDED, FAILED, TIMED_OUT, CANCELLED
}
