package io.redcron.workflow;

import io.redcron.domain.TriggerType;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of a workflow, unique per {@code (workflowId, scheduledAt)} like a fire. It keeps the
 * steps as they were when it was recorded, so an edit never changes a run under way.
 *
 * @param parentRunId   the workflow run whose step started this one, if any
 * @param parentStep    that step's name
 * @param error         why it failed, was cancelled or skipped, in one line
 */
public record WorkflowRun(long id, long workflowId, String namespace, String workflowName, TriggerType trigger,
                          Instant scheduledAt, WorkflowRunStatus status, Map<String, String> params,
                          List<Step> steps, Long parentRunId, String parentStep, Instant createdAt,
                          Instant startedAt, Instant finishedAt, String error) {
    public WorkflowRun {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(status, "status");
        params = params == null ? Map.of() : Map.copyOf(params);
        steps = List.copyOf(steps);
    }

    public WorkflowGraph graph() {
        return WorkflowGraph.of(steps);
    }
}
