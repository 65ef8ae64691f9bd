package io.redcron.node.worker.execution;

import io.redcron.domain.TaskPayload;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * What to run and the run's identity.
 *
 * @param params  the task's parameters overlaid with the run's (manual) parameters
 * @param timeout how long the attempt may run before its process tree is killed
 */
public record ExecutionRequest(long runId, long taskId, int attempt, Instant scheduledAt, String taskName,
                               TaskPayload payload, Map<String, String> params, Duration timeout) {

    public ExecutionRequest {
        Objects.requireNonNull(scheduledAt, "scheduledAt");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        taskName = taskName == null ? "" : taskName;
        params = params == null ? Map.of() : Map.copyOf(params);
    }
}
