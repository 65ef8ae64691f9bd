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
 * @param shardIndex which shard of its fire the run is (0-based), or -1 for a run that is no shard
 * @param shardTotal how many shards its fire has; 0 for a run that is no shard
 */
public record ExecutionRequest(long runId, long taskId, int attempt, Instant scheduledAt, String taskName,
                               TaskPayload payload, Map<String, String> params, Duration timeout, int shardIndex,
                               int shardTotal) {

    /** A run that is no shard. */
    public ExecutionRequest(long runId, long taskId, int attempt, Instant scheduledAt, String taskName,
                            TaskPayload payload, Map<String, String> params, Duration timeout) {
        this(runId, taskId, attempt, scheduledAt, taskName, payload, params, timeout, -1, 0);
    }

    public boolean isShard() {
        return shardIndex >= 0;
    }

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
