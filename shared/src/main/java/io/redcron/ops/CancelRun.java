package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.EventBus;
import io.redcron.port.RunStore;

import java.time.Clock;

/**
 * Cancels a run: a waiting run is cancelled at once; a running one is marked, and its node told
 * to stop it; an ended one is left as it is. The parent of a sharded run is cancelled at once
 * before it was split, and after through its shards (it ends once they have). The mark in the run store is what counts: the event
 * only makes the node act on it sooner.
 */
public final class CancelRun {
    private final Lookup lookup;
    private final RunStore runs;
    private final EventBus events;
    private final AuditTrail audit;
    private final Clock clock;
    private final String actor;

    CancelRun(Lookup lookup, RunStore runs, EventBus events, AuditTrail audit, Clock clock, String actor) {
        this.lookup = lookup;
        this.runs = runs;
        this.events = events;
        this.audit = audit;
        this.clock = clock;
        this.actor = actor;
    }

    /** How a cancel request ended, with the run as it is now. */
    public record Cancellation(Outcome outcome, Run run) {
        public enum Outcome {
            /** It was waiting and is now CANCELLED. */
            CANCELLED,
            /** It is running: its node was asked to stop it. */
            STOPPING,
            /** It had ended before the request; nothing changed. */
            ALREADY_ENDED
        }
    }

    public Cancellation cancel(long runId) {
        // Looked up first: a run of another namespace stays untouched, and one that has already
        // ended is not reported as cancelled now.
        Run before = lookup.run(runId);
        if (before.status().isFinal()) {
            return new Cancellation(Cancellation.Outcome.ALREADY_ENDED, before);
        }
        Run after = runs.requestCancel(runId, clock.instant(), "cancelled by " + actor).orElse(before);
        audit.cancelled(before, after);
        if (after.status() == RunStatus.SHARDED) {
            // A split parent ends once its shards have: those running are told to stop.
            for (Run shard : runs.shards(after)) {
                if (shard.status() == RunStatus.RUNNING) {
                    events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, shard.id()));
                }
            }
            return new Cancellation(Cancellation.Outcome.STOPPING, after);
        }
        if (after.status() == RunStatus.RUNNING) {
            events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId));
            return new Cancellation(Cancellation.Outcome.STOPPING, after);
        }
        return new Cancellation(after.status() == RunStatus.CANCELLED ? Cancellation.Outcome.CANCELLED
                : Cancellation.Outcome.ALREADY_ENDED, after);
    }
}
