package io.redcron.node.worker;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops runs in flight here: an operator's cancel, the REPLACE policy, a lease this node lost. A
 * run executing is cancelled (its executor ends it and the result says so); one still held ends at
 * once, never executed. A task change only makes the task's next run read it again: a fire it
 * withdrew is recorded by that fire's begin.
 */
final class RunStops {
    private static final Logger LOG = LoggerFactory.getLogger(RunStops.class);

    private final RunsInFlight inFlight;
    private final HeldRuns held;
    private final TaskCache tasks;
    private final Results results;

    RunStops(RunsInFlight inFlight, HeldRuns held, TaskCache tasks, Results results) {
        this.inFlight = inFlight;
        this.held = held;
        this.tasks = tasks;
        this.results = results;
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
     * The task changed or was deleted: its next run reads it again. A fire the change withdrew
     * that this node holds for its time carries the change's cancel request, and its begin at its
     * time records it withdrawn (SKIPPED), never run.
     */
    void taskChanged(long taskId) {
        tasks.invalidate(taskId);
    }

    /**
     * The lease of a run could not be renewed: a claim still held for its time is left to its
     * begin, which finds out why (withdrawn, cancelled, or no longer this node's) and records it;
     * a run that began is stopped.
     */
    void leaseRefused(InFlight flight, String reason) {
        if (flight.startedAt == null && held.holds(flight.run.id())) {
            LOG.debug("Run {}: lease not renewed while held; its begin decides", flight.run.id());
            return;
        }
        stop(flight, reason);
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
