package io.redcron.port;

import io.redcron.domain.Run;
import io.redcron.domain.TriggerType;
import io.redcron.schedule.PlannedFire;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The runs of workflows and their steps. Operators record, cancel and rerun them; the leader
 * records cron fires and {@link #advance advances} each run that has something to do, one fenced
 * transaction per run under its row lock, so each step starts at most once whatever crashes.
 * Operators' changes are audited in their transaction, naming {@code actor}.
 */
public interface WorkflowRuns {
    /**
     * Records a run of {@code workflow} at the first free millisecond from {@code at} (never a
     * whole second, which a cron fire may take), QUEUED with one PENDING row per step. The leader
     * starts it.
     *
     * @param params the trigger's parameters, over the workflow's own
     */
    WorkflowRun record(Workflow workflow, TriggerType trigger, Instant at, Map<String, String> params, String actor);

    Optional<WorkflowRun> get(long id);

    /** A namespace's workflow runs, newest first; only {@code workflowName}'s when not null. */
    Page<WorkflowRun> list(String namespace, String workflowName, PageRequest page);

    /** The steps of a workflow run, in the order of its graph's definition. */
    List<StepRun> steps(long workflowRunId);

    /** The step whose (latest) run is {@code runId}, if the run is a step's. */
    Optional<StepRun> stepOfRun(long runId);

    /**
     * Cancels a run that has not ended: it ends CANCELLED with {@code reason}, its pending steps
     * CANCELLED; its running steps go on until the caller has stopped what
     * {@link Cancellation} names (their rows settle when their runs end). Empty when no such run;
     * a run that has ended is returned unchanged. A null {@code actor} is the leader cancelling a
     * child of a run it cancelled itself: not an operator's change, so not audited.
     */
    Optional<Cancellation> cancel(long workflowRunId, String reason, Instant now, String actor);

    /** What a cancel leaves for the caller to stop. */
    record Cancellation(WorkflowRun run, boolean cancelled, List<Long> runsToStop, List<Long> childRunsToCancel) {
        public Cancellation {
            runsToStop = List.copyOf(runsToStop);
            childRunsToCancel = List.copyOf(childRunsToCancel);
        }
    }

    /**
     * Runs a FAILED or CANCELLED run again from its failed steps: they, and the steps after them
     * that were not reached, become PENDING for another round; the run is RUNNING again and the
     * leader starts them. Empty when no such run.
     *
     * @throws IllegalStateException when the run has not ended, or succeeded
     */
    Optional<WorkflowRun> rerun(long workflowRunId, Instant now, String actor);

    /**
     * Records a workflow's planned cron fires (one run each, unique per fire: a repeated call
     * records nothing more; a skipped fire is recorded SKIPPED with its reason) and moves its next
     * fire on (null: it never fires again), if the workflow is unchanged since it was read (its version). Fenced by {@code epoch}.
     *
     * @return the runs recorded now
     */
    List<WorkflowRun> recordFires(String namespace, long epoch, Workflow workflow, List<PlannedFire> fires,
                                  Instant next, Instant now);

    /**
     * The workflow runs of the namespace that have something to do: queued ones, ones with a step
     * whose run (or child workflow run) has ended, and running ones with no step under way.
     */
    List<Long> needingAttention(String namespace, int limit);

    /**
     * Moves one workflow run on, in one transaction fenced by {@code epoch}: starts a queued run
     * (under its workflow's concurrency policy), settles the steps whose runs ended, starts the
     * steps now reached (recording their runs, QUEUED, trigger WORKFLOW), skips those that cannot
     * be, and ends the run once every step is settled.
     */
    Advance advance(String namespace, long epoch, long workflowRunId, Instant now);

    /**
     * @param queued     the task runs recorded for steps, for the caller to put on their streams (a
     *                   sharded task's run is the parent of its shards, which the leader splits: not here)
     * @param runsToStop task runs of workflow runs a {@code replace} cancelled, for the caller to stop
     * @param ended      the run's final status when this pass ended it, else null
     */
    record Advance(List<Run> queued, List<Long> runsToStop, List<Long> childRunsToCancel, boolean changed,
                   io.redcron.workflow.WorkflowRunStatus ended) {
        public static final Advance NOTHING = new Advance(List.of(), List.of(), List.of(), false, null);

        public Advance {
            queued = List.copyOf(queued);
            runsToStop = List.copyOf(runsToStop);
            childRunsToCancel = List.copyOf(childRunsToCancel);
        }
    }
}
