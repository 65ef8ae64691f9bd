package io.redcron.node.worker;

import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Stops runs in flight here: an operator's cancel, the REPLACE policy, a lease this node lost, or
 * a task change that withdrew a fire held for its time. A run executing is cancelled (its executor
 * ends it and the result says so); one still held ends at once, never executed.
 */
final class RunStops {
    private static final Logger LOG = LoggerFactory.getLogger(RunStops.class);

    private final RunsInFlight inFlight;
    private final HeldRuns held;
    private final TaskCache tasks;
    private final Results results;
    private final Clock clock;

    RunStops(RunsInFlight inFlight, HeldRuns held, TaskCache tasks, Results results, Clock clock) {
        this.inFlight = inFlight;
        this.held = held;
        this.tasks = tasks;
        this.results = results;
        this.clock = clock;
    }

    /** Stops a run in flight here, if it is. */
    void cancel(long runId, String reason) {
        InFlight flight = inFlight.get(runId);
        if (flight != null) {
            stop(flight, reason);
        }
    }

    /** Stops a run; one still held for its time ends at once, never executed. */
    void stop(InFlight flight, String reason) {
        flight.cancellation.cancel(reason);
        held.withdraw(flight.run.id()).filter(withdrawn -> withdrawn.flight != null)
                .ifPresent(withdrawn -> endHeld(withdrawn.flight));
    }

    /**
     * The task changed or was deleted: its next run reads it again, and a cron run held here for
     * a time the task no longer fires at (disabled, deleted, another schedule) ends before it
     * starts. The change itself recorded the withdrawal (it asked for the cancel); this is the
     * worker doing it.
     */
    void taskChanged(long taskId) {
        tasks.invalidate(taskId);
        Instant now = clock.instant();
        List<InFlight> waitingForTheirTime = new ArrayList<>();
        for (InFlight flight : inFlight.all()) {
            if (flight.run.taskId() == taskId && flight.startedAt == null
                    && flight.run.trigger() == TriggerType.CRON && flight.run.scheduledAt().isAfter(now)) {
                waitingForTheirTime.add(flight);
            }
        }
        if (waitingForTheirTime.isEmpty()) {
            return;
        }
        Optional<Task> task;
        try {
            task = tasks.fresh(taskId);
        } catch (RuntimeException e) {
            LOG.warn("Task {} changed, but could not be read to check the runs held for it: {}", taskId, e.getMessage());
            return;
        }
        for (InFlight flight : waitingForTheirTime) {
            if (task.isEmpty() || !task.get().firesAt(flight.run.scheduledAt())) {
                stop(flight, "withdrawn: the task was changed before this fire was due");
            }
        }
    }

    /** Ends a held run that was cancelled before its time, at once and without a slot. */
    private void endHeld(InFlight flight) {
        try {
            results.endUnstarted(flight);
        } catch (RuntimeException e) {
            // The lease then runs out and the reaper records the attempt as lost (cancelled).
            LOG.warn("Run {}: could not record its cancellation: {}", flight.run.id(), e.getMessage());
            inFlight.remove(flight);
        }
    }
}
