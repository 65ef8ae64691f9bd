package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.TriggerType;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskStore;
import io.redcron.port.WorkflowRuns;
import io.redcron.port.WorkflowStore;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The operator actions on workflows of one namespace: define, pause, trigger, cancel and rerun
 * them, and read their runs. A definition is checked against the store before it is saved: every
 * step names a task or workflow that exists, and no workflow reaches itself through its steps.
 */
public final class WorkflowOperations {
    private final String namespace;
    private final String actor;
    private final WorkflowStore workflows;
    private final WorkflowRuns runs;
    private final TaskStore tasks;
    private final StopWorkflowRuns stops;
    private final Clock clock;

    public WorkflowOperations(String namespace, String actor, WorkflowStore workflows, WorkflowRuns runs,
                              TaskStore tasks, StopWorkflowRuns stops, Clock clock) {
        this.namespace = namespace;
        this.actor = actor;
        this.workflows = workflows;
        this.runs = runs;
        this.tasks = tasks;
        this.stops = stops;
        this.clock = clock;
    }

    public List<Workflow> list() {
        return workflows.list(namespace);
    }

    public Workflow get(String name) {
        return workflows.get(namespace, name).orElseThrow(() -> noSuchWorkflow(name));
    }

    public Workflow add(Workflow workflow) {
        checkTargets(workflow);
        return workflows.create(workflow, clock.instant(), actor);
    }

    /** Replaces the definition of the workflow named {@code name} with {@code changed}, at the version read. */
    public Workflow update(String name, Workflow changed) {
        return update(name, changed, null);
    }

    /**
     * Replaces the definition of the workflow named {@code name} with {@code changed}, if it is
     * still at {@code expectedVersion} (the version an edited file was read at; null: the version
     * read now).
     *
     * @throws io.redcron.port.StaleWorkflowException when it changed since {@code expectedVersion}
     */
    public Workflow update(String name, Workflow changed, Long expectedVersion) {
        Workflow current = get(name);
        long expected = expectedVersion == null ? current.version() : expectedVersion;
        Workflow replacing = changed.stored(current.id(), expected, current.createdAt(), current.updatedAt(),
                current.nextFireAt());
        checkTargets(replacing);
        return workflows.update(replacing, expected, clock.instant(), actor);
    }

    public Workflow setEnabled(String name, boolean enabled) {
        return workflows.setEnabled(namespace, name, enabled, clock.instant(), actor)
                .orElseThrow(() -> noSuchWorkflow(name));
    }

    /** Deletes a workflow no other workflow runs as a step; its runs stay in the history. */
    public void delete(String name) {
        get(name);
        List<String> users = workflows.usersOf(namespace, List.of(name)).getOrDefault(name, List.of()).stream()
                .filter(user -> !user.equals(name)).toList();
        if (!users.isEmpty()) {
            throw new OperationException(Kind.BAD_INPUT, "workflow '" + name + "' is a step of " + String.join(", ",
                    users.stream().map(user -> "'" + user + "'").toList()) + "; change those first");
        }
        if (!workflows.delete(namespace, name, actor)) {
            throw noSuchWorkflow(name);
        }
    }

    /** Records a manual run; the leader starts it within a second. A paused workflow is refused. */
    public WorkflowRun trigger(String name, Map<String, String> params) {
        Workflow workflow = get(name);
        if (!workflow.enabled()) {
            throw new OperationException(Kind.BAD_INPUT, "workflow '" + name + "' is paused; resume it first");
        }
        try {
            return runs.record(workflow, TriggerType.MANUAL, clock.instant(), params, actor);
        } catch (InvalidWorkflowException e) {
            throw new OperationException(Kind.BAD_INPUT, e.getMessage(), e);
        }
    }

    public WorkflowRun run(long id) {
        return runs.get(id).filter(run -> run.namespace().equals(namespace)).orElseThrow(() -> noSuchRun(id));
    }

    public List<StepRun> steps(long id) {
        run(id);
        return runs.steps(id);
    }

    public Page<WorkflowRun> runs(String workflowName, PageRequest page) {
        return runs.list(namespace, workflowName, page);
    }

    /** The step whose run {@code run} is, if it is a step's. */
    public Optional<StepRun> stepOf(Run run) {
        return run.trigger() == TriggerType.WORKFLOW ? runs.stepOfRun(run.id()) : Optional.empty();
    }

    /** Cancels a run that has not ended and stops its running steps; an ended run is returned as it is. */
    public WorkflowRun cancel(long id) {
        run(id);
        String reason = "cancelled by " + actor;
        WorkflowRuns.Cancellation cancellation = runs.cancel(id, reason, clock.instant(), actor)
                .orElseThrow(() -> noSuchRun(id));
        if (cancellation.cancelled()) {
            stops.stop(cancellation.runsToStop(), cancellation.childRunsToCancel(), reason, clock.instant(), actor);
        }
        return cancellation.run();
    }

    /** Runs a failed or cancelled run again from its failed steps. */
    public WorkflowRun rerun(long id) {
        run(id);
        try {
            return runs.rerun(id, clock.instant(), actor).orElseThrow(() -> noSuchRun(id));
        } catch (IllegalStateException e) {
            throw new OperationException(Kind.RUN_NOT_ENDED, e.getMessage(), e);
        }
    }

    /**
     * Every step's task or workflow exists, and the workflow does not reach itself through the
     * workflows its steps run (which would start runs without end).
     */
    private void checkTargets(Workflow workflow) {
        for (Step step : workflow.steps()) {
            StepTarget target = step.target();
            if (target.kind() == StepTarget.Kind.TASK) {
                if (tasks.findByName(namespace, target.name()).isEmpty()) {
                    throw refusedStep(step, "task '" + target.name() + "' does not exist");
                }
            } else if (!target.name().equals(workflow.name()) && workflows.get(namespace, target.name()).isEmpty()) {
                throw refusedStep(step, "workflow '" + target.name() + "' does not exist");
            }
        }
        refuseCycle(workflow);
    }

    private void refuseCycle(Workflow workflow) {
        for (Step step : workflow.steps()) {
            if (step.target().kind() != StepTarget.Kind.WORKFLOW) {
                continue;
            }
            Deque<String> todo = new ArrayDeque<>(List.of(step.target().name()));
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                String name = todo.removeFirst();
                if (name.equals(workflow.name())) {
                    throw refusedStep(step, "workflow '" + step.target().name() + "' runs '" + workflow.name()
                            + "' again, a cycle without end");
                }
                if (!seen.add(name)) {
                    continue;
                }
                workflows.get(namespace, name).ifPresent(child -> child.steps().stream()
                        .filter(s -> s.target().kind() == StepTarget.Kind.WORKFLOW)
                        .forEach(s -> todo.addLast(s.target().name())));
            }
        }
    }

    /** A definition refused for one step: the cause names the step as the graph's own checks do. */
    private static OperationException refusedStep(Step step, String problem) {
        InvalidWorkflowException invalid = InvalidWorkflowException.ofStep(step.name(), problem);
        return new OperationException(Kind.BAD_INPUT, invalid.getMessage(), invalid);
    }

    private OperationException noSuchWorkflow(String name) {
        return new OperationException(Kind.NO_SUCH_WORKFLOW, "no workflow named '" + name + "' in namespace '"
                + namespace + "'");
    }

    private OperationException noSuchRun(long id) {
        return new OperationException(Kind.NO_SUCH_RUN, "no workflow run " + id + " in namespace '" + namespace + "'");
    }
}
