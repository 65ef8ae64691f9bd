package io.redcron.workflow;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One step of one workflow run: the one row that makes the step start at most once.
 *
 * @param runId         the task run the step started (its latest, after a rerun)
 * @param childRunId    the workflow run the step started, for a step that runs a workflow
 * @param output        what the step's run passed on to its children (see {@link StepOutput})
 * @param reason        why it was skipped, cancelled or failed without a run, in one line
 * @param round         1, plus one for each rerun that started it again
 */
public record StepRun(long workflowRunId, String step, StepStatus status, Long runId, Long childRunId,
                      Map<String, String> output, String reason, int round, Instant startedAt,
                      Instant finishedAt) {
    public StepRun {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(status, "status");
        output = output == null ? Map.of() : Map.copyOf(output);
    }
}
