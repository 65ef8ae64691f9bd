package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.EventBus;
import io.redcron.port.RunStore;
import io.redcron.port.WorkflowRuns;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Stops what a cancelled workflow run left running: each running step's run is asked to stop
 * (its node told through the event bus; the mark in the run store is what counts), and each child
 * workflow run a step started is cancelled in turn, down the tree. The steps' rows settle when
 * their runs end, as any step's do.
 */
public final class StopWorkflowRuns {
    private final WorkflowRuns workflowRuns;
    private final RunStore runs;
    private final EventBus events;

    public StopWorkflowRuns(WorkflowRuns workflowRuns, RunStore runs, EventBus events) {
        this.workflowRuns = workflowRuns;
        this.runs = runs;
        this.events = events;
    }

    public void stop(List<Long> runsToStop, List<Long> childRunsToCancel, String reason, Instant now, String actor) {
        Deque<Long> children = new ArrayDeque<>(childRunsToCancel);
        stopRuns(runsToStop, reason, now);
        while (!children.isEmpty()) {
            long child = children.removeFirst();
            workflowRuns.cancel(child, reason, now, actor).ifPresent(cancellation -> {
                stopRuns(cancellation.runsToStop(), reason, now);
                children.addAll(cancellation.childRunsToCancel());
            });
        }
    }

    private void stopRuns(List<Long> ids, String reason, Instant now) {
        for (long id : ids) {
            Run after = runs.requestCancel(id, now, reason).orElse(null);
            if (after != null && after.status() == RunStatus.RUNNING) {
                try {
                    events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, id));
                } catch (RuntimeException e) {
                    // The mark is stored; the node sees it at its next lease renewal.
                }
            }
        }
    }
}
