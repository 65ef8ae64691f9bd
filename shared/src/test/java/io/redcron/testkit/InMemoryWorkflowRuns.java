package io.redcron.testkit;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.WorkflowRuns;
import io.redcron.schedule.PlannedFire;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepPlan;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowParams;
import io.redcron.workflow.WorkflowProgress;
import io.redcron.workflow.WorkflowRun;
import io.redcron.workflow.WorkflowRunStatus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link WorkflowRuns} over the in-memory tables, as {@code MysqlWorkflowRuns} behaves: the same
 * {@link StepPlan} decides, under the tables' lock instead of the workflow run's row lock, and
 * fenced by the in-memory epochs.
 */
final class InMemoryWorkflowRuns implements WorkflowRuns {
    private static final Comparator<WorkflowRun> NEWEST_FIRST = Comparator.comparing(WorkflowRun::scheduledAt)
            .thenComparingLong(WorkflowRun::id).reversed();

    private final Tables tables;
    private final InMemoryFencingEpochs epochs;

    InMemoryWorkflowRuns(Tables tables, InMemoryFencingEpochs epochs) {
        this.tables = tables;
        this.epochs = epochs;
    }

    @Override
    public WorkflowRun record(Workflow workflow, TriggerType trigger, Instant at, Map<String, String> params,
                              String actor) {
        Map<String, String> merged = merged(workflow.params(), params);
        synchronized (tables) {
            WorkflowRun run = insert(workflow, trigger, Tables.millis(at), merged, null, null, WorkflowRunStatus.QUEUED,
                    null);
            tables.audit(workflow.namespace(), Texts.actor(actor), "workflow.trigger", "workflow-run:" + run.id(), null,
                    workflow.name());
            return run;
        }
    }

    private static Map<String, String> merged(Map<String, String> base, Map<String, String> over) {
        Map<String, String> merged = new LinkedHashMap<>(base);
        if (over != null) {
            merged.putAll(over);
        }
        return WorkflowParams.check("params", merged);
    }

    private WorkflowRun insert(Workflow workflow, TriggerType trigger, Instant at, Map<String, String> params,
                               Long parentRunId, String parentStep, WorkflowRunStatus status, String error) {
        Instant scheduled = trigger == TriggerType.CRON ? at : offTheSecond(at);
        while (taken(workflow.id(), scheduled)) {
            if (trigger == TriggerType.CRON) {
                return null;
            }
            scheduled = offTheSecond(scheduled.plusMillis(1));
        }
        Instant now = tables.now();
        WorkflowRun run = new WorkflowRun(tables.nextWorkflowRunId++, workflow.id(), workflow.namespace(),
                workflow.name(), trigger, scheduled, status, params, workflow.steps(), parentRunId, parentStep, now,
                null, status.isFinal() ? now : null, Texts.truncate(error, Texts.MAX_ERROR));
        tables.workflowRuns.put(run.id(), run);
        LinkedHashMap<String, StepRun> steps = new LinkedHashMap<>();
        for (Step step : workflow.steps()) {
            steps.put(step.name(), new StepRun(run.id(), step.name(), status.isFinal() ? StepStatus.SKIPPED
                    : StepStatus.PENDING, null, null, Map.of(), status.isFinal() ? run.error() : null, 1, null,
                    status.isFinal() ? now : null));
        }
        tables.workflowSteps.put(run.id(), steps);
        return run;
    }

    private boolean taken(long workflowId, Instant scheduled) {
        return tables.workflowRuns.values().stream()
                .anyMatch(run -> run.workflowId() == workflowId && run.scheduledAt().equals(scheduled));
    }

    private static Instant offTheSecond(Instant at) {
        return at.getNano() == 0 ? at.plusMillis(1) : at;
    }

    @Override
    public Optional<WorkflowRun> get(long id) {
        synchronized (tables) {
            return Optional.ofNullable(tables.workflowRuns.get(id));
        }
    }

    @Override
    public Page<WorkflowRun> list(String namespace, String workflowName, PageRequest page) {
        synchronized (tables) {
            List<WorkflowRun> all = tables.workflowRuns.values().stream()
                    .filter(run -> run.namespace().equals(namespace)
                            && (workflowName == null || run.workflowName().equals(workflowName)))
                    .sorted(NEWEST_FIRST).toList();
            List<WorkflowRun> items = all.subList(Math.min(page.offset(), all.size()),
                    Math.min(page.offset() + page.limit(), all.size()));
            return new Page<>(items, all.size(), page.offset(), page.limit());
        }
    }

    @Override
    public List<StepRun> steps(long workflowRunId) {
        synchronized (tables) {
            return List.copyOf(tables.workflowSteps.getOrDefault(workflowRunId, new LinkedHashMap<>()).values());
        }
    }

    @Override
    public Optional<StepRun> stepOfRun(long runId) {
        synchronized (tables) {
            return tables.workflowSteps.values().stream().flatMap(steps -> steps.values().stream())
                    .filter(step -> step.runId() != null && step.runId() == runId).findFirst();
        }
    }

    @Override
    public Optional<Cancellation> cancel(long workflowRunId, String reason, Instant now, String actor) {
        synchronized (tables) {
            WorkflowRun run = tables.workflowRuns.get(workflowRunId);
            if (run == null) {
                return Optional.empty();
            }
            if (run.status().isFinal()) {
                return Optional.of(new Cancellation(run, false, List.of(), List.of()));
            }
            Cancellation cancellation = cancelHeld(run, reason, Tables.millis(now));
            if (actor != null) {
                tables.audit(run.namespace(), Texts.actor(actor), "workflow.cancel", "workflow-run:" + run.id(), null,
                        reason);
            }
            return Optional.of(cancellation);
        }
    }

    private Cancellation cancelHeld(WorkflowRun run, String reason, Instant now) {
        WorkflowRun cancelled = with(run, WorkflowRunStatus.CANCELLED, run.startedAt(), now, reason);
        List<Long> runs = new ArrayList<>();
        List<Long> children = new ArrayList<>();
        Map<String, StepRun> steps = tables.workflowSteps.get(run.id());
        steps.replaceAll((name, step) -> {
            if (step.status() == StepStatus.PENDING) {
                return step(step, StepStatus.CANCELLED, Map.of(), "workflow run cancelled: " + reason, now);
            }
            if (step.status() == StepStatus.RUNNING) {
                if (step.runId() != null) {
                    runs.add(step.runId());
                }
                if (step.childRunId() != null) {
                    children.add(step.childRunId());
                }
            }
            return step;
        });
        return new Cancellation(cancelled, true, runs, children);
    }

    @Override
    public Optional<WorkflowRun> rerun(long workflowRunId, Instant now, String actor) {
        synchronized (tables) {
            WorkflowRun run = tables.workflowRuns.get(workflowRunId);
            if (run == null) {
                return Optional.empty();
            }
            if (run.status() != WorkflowRunStatus.FAILED && run.status() != WorkflowRunStatus.CANCELLED) {
                throw new IllegalStateException("workflow run " + workflowRunId + " is " + run.status()
                        + ": only a failed or cancelled run can be run again");
            }
            Map<String, StepRun> steps = tables.workflowSteps.get(run.id());
            Map<String, StepStatus> statuses = new LinkedHashMap<>();
            for (StepRun step : steps.values()) {
                if (!step.status().isSettled()) {
                    throw new IllegalStateException("workflow run " + workflowRunId + ": step " + step.step()
                            + " is still " + step.status() + "; wait until it ends");
                }
                statuses.put(step.step(), step.status());
            }
            Set<String> again = WorkflowProgress.rerun(run, statuses);
            if (again.isEmpty()) {
                throw new IllegalStateException("workflow run " + workflowRunId + " has no failed step to run again");
            }
            for (String name : again) {
                StepRun step = steps.get(name);
                steps.put(name, new StepRun(step.workflowRunId(), name, StepStatus.PENDING, step.runId(),
                        step.childRunId(), Map.of(), null, step.round() + 1, step.startedAt(), null));
            }
            WorkflowRun running = new WorkflowRun(run.id(), run.workflowId(), run.namespace(), run.workflowName(),
                    run.trigger(), run.scheduledAt(), WorkflowRunStatus.RUNNING, run.params(), run.steps(),
                    run.parentRunId(), run.parentStep(), run.createdAt(), run.startedAt(), null, null);
            tables.workflowRuns.put(run.id(), running);
            tables.audit(run.namespace(), Texts.actor(actor), "workflow.rerun", "workflow-run:" + run.id(), null,
                    String.join(",", again));
            return Optional.of(running);
        }
    }

    @Override
    public List<WorkflowRun> recordFires(String namespace, long epoch, Workflow workflow, List<PlannedFire> fires,
                                         Instant next, Instant now) {
        synchronized (tables) {
            epochs.check(namespace, epoch);
            Workflow current = tables.workflows.get(workflow.id());
            List<WorkflowRun> recorded = new ArrayList<>();
            if (current == null || current.version() != workflow.version()) {
                return recorded;
            }
            tables.workflows.put(current.id(), current.stored(current.id(), current.version(), current.createdAt(),
                    current.updatedAt(), Tables.millis(next)));
            for (PlannedFire fire : fires) {
                WorkflowRun run = insert(workflow, TriggerType.CRON, fire.scheduledAt(), workflow.params(), null, null,
                        fire.skipped() ? WorkflowRunStatus.SKIPPED : WorkflowRunStatus.QUEUED, fire.reason());
                if (run != null) {
                    recorded.add(run);
                }
            }
            return recorded;
        }
    }

    /** As {@code MysqlWorkflowStore} records them: the fires of a schedule a change ends, due by {@code now}. */
    void recordDueFires(Workflow before, Instant now) {
        if (!before.enabled() || before.nextFireAt() == null || before.nextFireAt().isAfter(now)
                || before.schedule().isEmpty()) {
            return;
        }
        java.time.Duration threshold = tables.misfireThresholds.getOrDefault(before.namespace(),
                io.redcron.config.SchedulerConfig.DEFAULT_MISFIRE_THRESHOLD);
        io.redcron.schedule.FirePlan plan = new io.redcron.schedule.FirePlanner(threshold, 1000).plan(
                before.schedule().get(), before.zone(), before.nextFireAt(), now, before.misfirePolicy(),
                before.catchUpLimit());
        for (PlannedFire fire : plan.fires()) {
            insert(before, TriggerType.CRON, fire.scheduledAt(), before.params(), null, null,
                    fire.skipped() ? WorkflowRunStatus.SKIPPED : WorkflowRunStatus.QUEUED, fire.reason());
        }
    }

    @Override
    public List<Long> needingAttention(String namespace, int limit) {
        synchronized (tables) {
            Set<Long> ids = new LinkedHashSet<>();
            for (WorkflowRun run : tables.workflowRuns.values()) {
                if (!run.namespace().equals(namespace)) {
                    continue;
                }
                Map<String, StepRun> steps = tables.workflowSteps.get(run.id());
                boolean anyRunning = false;
                for (StepRun step : steps.values()) {
                    if (step.status() == StepStatus.RUNNING) {
                        anyRunning = true;
                        if (ended(step) != null) {
                            ids.add(run.id());
                        }
                    }
                }
                if ((run.status() == WorkflowRunStatus.QUEUED && mayBeFirst(run))
                        || (run.status() == WorkflowRunStatus.RUNNING && !anyRunning)) {
                    ids.add(run.id());
                }
            }
            return ids.stream().limit(limit).toList();
        }
    }

    /** Every queued run of a workflow that allows overlaps (or is gone), else only its earliest. */
    private boolean mayBeFirst(WorkflowRun run) {
        Workflow workflow = tables.workflows.get(run.workflowId());
        if (workflow == null || workflow.concurrencyPolicy() == ConcurrencyPolicy.ALLOW) {
            return true;
        }
        return tables.workflowRuns.values().stream()
                .filter(other -> other.workflowId() == run.workflowId() && other.status() == WorkflowRunStatus.QUEUED)
                .min(Comparator.comparing(WorkflowRun::scheduledAt).thenComparingLong(WorkflowRun::id))
                .map(first -> first.id() == run.id()).orElse(true);
    }

    @Override
    public Advance advance(String namespace, long epoch, long workflowRunId, Instant now) {
        Instant at = Tables.millis(now);
        synchronized (tables) {
            epochs.check(namespace, epoch);
            WorkflowRun run = tables.workflowRuns.get(workflowRunId);
            if (run == null || !run.namespace().equals(namespace)) {
                return Advance.NOTHING;
            }
            List<Long> runsToStop = new ArrayList<>();
            List<Long> children = new ArrayList<>();
            if (run.status() == WorkflowRunStatus.QUEUED) {
                if (!mayStart(run, at, runsToStop, children)) {
                    return new Advance(List.of(), runsToStop, children, !runsToStop.isEmpty() || !children.isEmpty(),
                            null);
                }
                run = with(run, WorkflowRunStatus.RUNNING, at, null, null);
            }
            Map<String, WorkflowProgress.StepState> states = new LinkedHashMap<>();
            for (StepRun step : tables.workflowSteps.get(run.id()).values()) {
                states.put(step.step(), new WorkflowProgress.StepState(step, ended(step)));
            }
            StepPlan plan = StepPlan.of(run, states, targets(namespace));
            List<Run> queued = apply(run, plan, at);
            return new Advance(queued, runsToStop, children, plan.changesAnything() || !runsToStop.isEmpty(),
                    plan.end());
        }
    }

    private boolean mayStart(WorkflowRun run, Instant now, List<Long> runsToStop, List<Long> children) {
        Workflow workflow = tables.workflows.get(run.workflowId());
        ConcurrencyPolicy policy = workflow == null ? ConcurrencyPolicy.ALLOW : workflow.concurrencyPolicy();
        if (policy == ConcurrencyPolicy.ALLOW) {
            return true;
        }
        List<WorkflowRun> earlier = tables.workflowRuns.values().stream()
                .filter(other -> other.workflowId() == run.workflowId() && !other.status().isFinal()
                        && (other.scheduledAt().isBefore(run.scheduledAt())
                        || (other.scheduledAt().equals(run.scheduledAt()) && other.id() < run.id())))
                .toList();
        if (earlier.isEmpty()) {
            return true;
        }
        if (policy == ConcurrencyPolicy.FORBID) {
            return false;
        }
        for (WorkflowRun other : earlier) {
            Cancellation cancellation = cancelHeld(other, "replaced by workflow run " + run.id(), now);
            runsToStop.addAll(cancellation.runsToStop());
            children.addAll(cancellation.childRunsToCancel());
        }
        return true;
    }

    private WorkflowProgress.Ended ended(StepRun step) {
        if (step.status() != StepStatus.RUNNING) {
            return null;
        }
        if (step.runId() != null) {
            Tables.RunRow row = tables.runs.get(step.runId());
            if (row == null) {
                return new WorkflowProgress.Ended(false, "run " + step.runId() + " was deleted before it ended", null);
            }
            if (!row.status.isFinal()) {
                return null;
            }
            boolean succeeded = row.status == RunStatus.SUCCEEDED;
            String description = "run " + row.id + " ended " + row.status
                    + (row.exitCode != null && !succeeded ? " (exit " + row.exitCode + ")" : "")
                    + (row.error != null && !succeeded ? ": " + row.error : "");
            return new WorkflowProgress.Ended(succeeded, description, row.output);
        }
        if (step.childRunId() != null) {
            WorkflowRun child = tables.workflowRuns.get(step.childRunId());
            if (child == null || !child.status().isFinal()) {
                return null;
            }
            return new WorkflowProgress.Ended(child.status() == WorkflowRunStatus.SUCCEEDED, "workflow run "
                    + child.id() + " ended " + child.status() + (child.error() != null ? ": " + child.error() : ""),
                    null);
        }
        return null;
    }

    private StepPlan.Targets targets(String namespace) {
        return new StepPlan.Targets() {
            @Override
            public StepPlan.Resolved<StepPlan.TaskTarget> task(String name) {
                return tables.tasks.values().stream()
                        .filter(task -> task.namespace().equals(namespace) && task.name().equals(name)).findFirst()
                        .map(task -> StepPlan.Resolved.of(new StepPlan.TaskTarget(task.id(), task.retry().maxAttempts())))
                        .orElseGet(() -> StepPlan.Resolved.refused("task '" + name + "' does not exist"));
            }

            @Override
            public StepPlan.Resolved<Workflow> workflow(String name) {
                Optional<Workflow> workflow = tables.workflows.values().stream()
                        .filter(found -> found.namespace().equals(namespace) && found.name().equals(name)).findFirst();
                if (workflow.isEmpty()) {
                    return StepPlan.Resolved.refused("workflow '" + name + "' does not exist");
                }
                if (!workflow.get().enabled()) {
                    return StepPlan.Resolved.refused("workflow '" + name + "' is paused");
                }
                return StepPlan.Resolved.of(workflow.get());
            }
        };
    }

    private List<Run> apply(WorkflowRun run, StepPlan plan, Instant now) {
        Map<String, StepRun> steps = tables.workflowSteps.get(run.id());
        for (WorkflowProgress.Settle settle : plan.settled()) {
            steps.put(settle.step(), step(steps.get(settle.step()), settle.status(), settle.output(), settle.reason(),
                    now));
        }
        plan.skipped().forEach((name, reason) -> steps.put(name, step(steps.get(name), StepStatus.SKIPPED, Map.of(),
                reason, now)));
        List<Run> queued = new ArrayList<>();
        for (StepPlan.Launch launch : plan.started()) {
            StepRun step = steps.get(launch.step());
            if (launch.task() != null) {
                Run stepRun = insertStepRun(launch, now);
                steps.put(launch.step(), new StepRun(run.id(), launch.step(), StepStatus.RUNNING, stepRun.id(), null,
                        Map.of(), null, step.round(), now, null));
                if (stepRun.status() == RunStatus.QUEUED) {
                    queued.add(stepRun);
                }
            } else {
                Workflow child = launch.workflow();
                WorkflowRun childRun = insert(child, TriggerType.WORKFLOW, now, merged(child.params(), launch.params()),
                        run.id(), launch.step(), WorkflowRunStatus.QUEUED, null);
                steps.put(launch.step(), new StepRun(run.id(), launch.step(), StepStatus.RUNNING, null, childRun.id(),
                        Map.of(), null, step.round(), now, null));
            }
        }
        if (plan.end() != null) {
            with(run, plan.end(), run.startedAt(), now, plan.error());
        }
        return queued;
    }

    private Run insertStepRun(StepPlan.Launch launch, Instant now) {
        Task task = tables.tasks.get(launch.task().taskId());
        Instant at = offTheSecond(now);
        while (tables.fire(task.id(), at) != null) {
            at = offTheSecond(at.plusMillis(1));
        }
        Tables.RunRow row = new Tables.RunRow(tables.newRunId(), task, TriggerType.WORKFLOW, at,
                launch.task().maxAttempts(), tables.now(), at, launch.params());
        tables.runs.put(row.id, row);
        return row.toRun();
    }

    private WorkflowRun with(WorkflowRun run, WorkflowRunStatus status, Instant startedAt, Instant finishedAt,
                             String error) {
        WorkflowRun changed = new WorkflowRun(run.id(), run.workflowId(), run.namespace(), run.workflowName(),
                run.trigger(), run.scheduledAt(), status, run.params(), run.steps(), run.parentRunId(),
                run.parentStep(), run.createdAt(), startedAt, finishedAt, Texts.truncate(error, Texts.MAX_ERROR));
        tables.workflowRuns.put(run.id(), changed);
        return changed;
    }

    private static StepRun step(StepRun step, StepStatus status, Map<String, String> output, String reason,
                                Instant now) {
        return new StepRun(step.workflowRunId(), step.step(), status, step.runId(), step.childRunId(), output,
                Texts.truncate(reason, Texts.MAX_ERROR), step.round(), step.startedAt(), now);
    }
}
