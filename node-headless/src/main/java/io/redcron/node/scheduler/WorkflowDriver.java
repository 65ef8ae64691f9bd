package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.ops.StopWorkflowRuns;
import io.redcron.port.FencedOutException;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.WorkflowRuns;
import io.redcron.port.WorkflowStore;
import io.redcron.schedule.FirePlan;
import io.redcron.schedule.FirePlanner;
import io.redcron.workflow.Workflow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The leader's duty for workflows: records the cron fires of the workflows that are due (under
 * their misfire policy, like a task's), then advances every workflow run that has something to do,
 * one fenced transaction each, and puts the step runs it recorded on their streams. A crash
 * between a step's record and its queueing leaves a QUEUED run the reconciler queues; a crash
 * anywhere else leaves rows a new leader reads on its first pass.
 */
public final class WorkflowDriver implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowDriver.class);
    /** Workflows fired and runs advanced per pass: a pass is short, and the next comes within a second. */
    static final int BATCH = 200;
    /** The leader's own cancels (a replaced run's children) are not operators' changes: no audit entry. */
    private static final String NOT_AUDITED = null;

    private final String namespace;
    private final WorkflowStore workflows;
    private final WorkflowRuns runs;
    private final RunQueue queue;
    private final StopWorkflowRuns stops;
    private final FirePlanner planner;
    private final Supplier<Optional<Long>> epoch;
    private final Clock clock;

    /** @param epoch the fencing epoch of the leader's current term, empty when this node does not lead */
    public WorkflowDriver(String namespace, WorkflowStore workflows, WorkflowRuns runs, RunQueue queue,
                          StopWorkflowRuns stops, FirePlanner planner, Supplier<Optional<Long>> epoch, Clock clock) {
        this.namespace = namespace;
        this.workflows = workflows;
        this.runs = runs;
        this.queue = queue;
        this.stops = stops;
        this.planner = planner;
        this.epoch = epoch;
        this.clock = clock;
    }

    @Override
    public void run() {
        Optional<Long> term = epoch.get();
        if (term.isEmpty()) {
            return;
        }
        try {
            fire(term.get());
            advance(term.get());
        } catch (FencedOutException e) {
            LOG.info("Workflows of {}: no longer the leader ({})", namespace, e.getMessage());
        }
    }

    /** Records the due fires of workflows with a cron. */
    void fire(long term) {
        Instant now = clock.instant();
        for (Workflow workflow : workflows.due(namespace, now, BATCH)) {
            Optional<io.redcron.schedule.CronSchedule> schedule = workflow.schedule();
            if (schedule.isEmpty() || workflow.nextFireAt() == null) {
                continue;
            }
            FirePlan plan = planner.plan(schedule.get(), workflow.zone(), workflow.nextFireAt(), now,
                    workflow.misfirePolicy(), workflow.catchUpLimit());
            try {
                runs.recordFires(namespace, term, workflow, plan.fires(), plan.next(), now);
            } catch (FencedOutException e) {
                throw e;
            } catch (RuntimeException e) {
                // One workflow's failure must not hold back the others' fires: it is tried next pass.
                LOG.warn("Could not record the fires of workflow {} in {}: {}", workflow.name(), namespace,
                        e.getMessage());
            }
        }
    }

    /** Advances the runs that have something to do; one that fails is logged and tried next pass. */
    void advance(long term) {
        for (long id : runs.needingAttention(namespace, BATCH)) {
            WorkflowRuns.Advance advance;
            try {
                advance = runs.advance(namespace, term, id, clock.instant());
            } catch (FencedOutException e) {
                throw e;
            } catch (RuntimeException e) {
                LOG.warn("Could not advance workflow run {} in {}: {}", id, namespace, e.getMessage());
                continue;
            }
            dispatch(advance.queued());
            if (!advance.runsToStop().isEmpty() || !advance.childRunsToCancel().isEmpty()) {
                stops.stop(advance.runsToStop(), advance.childRunsToCancel(), "replaced by a newer workflow run",
                        clock.instant(), NOT_AUDITED);
            }
        }
    }

    private void dispatch(List<Run> queued) {
        if (queued.isEmpty()) {
            return;
        }
        try {
            queue.enqueue(queued.stream().map(run -> QueuedRun.of(run.group(), run.id())).toList());
        } catch (RuntimeException e) {
            // Recorded, not queued: the reconciler queues QUEUED runs no stream holds.
            LOG.warn("Could not queue {} step runs in {} (the reconciler will): {}", queued.size(), namespace,
                    e.getMessage());
        }
    }
}
