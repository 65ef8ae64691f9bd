package io.redcron.workflow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one pass over a workflow run writes, with each step's target looked up: a step whose
 * task or workflow is gone (or paused) fails without a run, and the steps after it are decided in
 * the same pass. A store applies it in the transaction that read the states, under the workflow
 * run's lock.
 *
 * @param settled the steps whose run ended, and the steps that failed to start
 * @param skipped the steps no longer reachable, with why
 * @param started the steps to start, each with its resolved target
 * @param end     the run's final status once every step is settled, else null
 */
public record StepPlan(List<WorkflowProgress.Settle> settled, Map<String, String> skipped,
                       List<Launch> started, WorkflowRunStatus end, String error) {

    /** What a step's target resolves to now: a task's id, or a workflow to start; empty when it cannot run. */
    public interface Targets {
        /** The task's id and its most attempts, or why it cannot run. */
        Resolved<TaskTarget> task(String name);

        Resolved<Workflow> workflow(String name);
    }

    public record TaskTarget(long taskId, int maxAttempts) {
    }

    /** A looked-up target, or the one-line reason it cannot run. */
    public record Resolved<T>(T value, String refusal) {
        public static <T> Resolved<T> of(T value) {
            return new Resolved<>(value, null);
        }

        public static <T> Resolved<T> refused(String reason) {
            return new Resolved<>(null, reason);
        }
    }

    /** A step to start: exactly one of {@code task} and {@code workflow} is set. */
    public record Launch(String step, TaskTarget task, Workflow workflow, Map<String, String> params) {
    }

    public boolean changesAnything() {
        return !settled.isEmpty() || !skipped.isEmpty() || !started.isEmpty() || end != null;
    }

    public static StepPlan of(WorkflowRun run, Map<String, WorkflowProgress.StepState> states, Targets targets) {
        Map<String, WorkflowProgress.StepState> current = new HashMap<>(states);
        Map<String, WorkflowProgress.Settle> settled = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        List<Launch> started = new ArrayList<>();
        // Each pass either ends (nothing refused) or settles at least one more step: at most one pass per step.
        for (int pass = 0; pass <= states.size(); pass++) {
            WorkflowProgress.Outcome outcome = WorkflowProgress.advance(run, current);
            outcome.settled().forEach(settle -> {
                settled.put(settle.step(), settle);
                current.put(settle.step(), new WorkflowProgress.StepState(as(current.get(settle.step()).row(),
                        settle.status(), settle.output(), settle.reason()), null));
            });
            skipped.putAll(outcome.skipped());
            outcome.skipped().forEach((step, reason) -> current.put(step, new WorkflowProgress.StepState(
                    as(current.get(step).row(), StepStatus.SKIPPED, Map.of(), reason), null)));
            boolean refused = false;
            for (WorkflowProgress.Start start : outcome.started()) {
                Optional<String> refusal = launch(start, targets, started);
                StepStatus now = refusal.isPresent() ? StepStatus.FAILED : StepStatus.RUNNING;
                if (refusal.isPresent()) {
                    refused = true;
                    settled.put(start.step(), new WorkflowProgress.Settle(start.step(), StepStatus.FAILED, Map.of(),
                            refusal.get()));
                }
                current.put(start.step(), new WorkflowProgress.StepState(as(current.get(start.step()).row(), now,
                        Map.of(), refusal.orElse(null)), null));
            }
            if (!refused) {
                return new StepPlan(List.copyOf(settled.values()), skipped, started, outcome.end(), outcome.error());
            }
        }
        throw new IllegalStateException("workflow run " + run.id() + ": steps kept failing to start");
    }

    private static Optional<String> launch(WorkflowProgress.Start start, Targets targets, List<Launch> started) {
        StepTarget target = start.target();
        if (target.kind() == StepTarget.Kind.TASK) {
            Resolved<TaskTarget> task = targets.task(target.name());
            if (task.value() == null) {
                return Optional.of(task.refusal());
            }
            started.add(new Launch(start.step(), task.value(), null, start.params()));
        } else {
            Resolved<Workflow> workflow = targets.workflow(target.name());
            if (workflow.value() == null) {
                return Optional.of(workflow.refusal());
            }
            started.add(new Launch(start.step(), null, workflow.value(), start.params()));
        }
        return Optional.empty();
    }

    private static StepRun as(StepRun row, StepStatus status, Map<String, String> output, String reason) {
        return new StepRun(row.workflowRunId(), row.step(), status, row.runId(), row.childRunId(), output, reason,
                row.round(), row.startedAt(), row.finishedAt());
    }
}
