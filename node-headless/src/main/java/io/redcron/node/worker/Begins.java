package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.port.Claim;
import io.redcron.port.EventBus;
import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Begins the claims this node holds, when their time comes: one store call for all the runs due
 * at once, which weighs each run's task rules as they are then (its concurrency policy, its
 * misfire policy, a cancel asked for) and marks begun those that may start. Until then a held
 * claim is no attempt: a node that stops first has its claim released, not an attempt recorded
 * lost, and the run is still judged by its policies when it finally starts. A run must not execute
 * before its begin is durable.
 */
final class Begins {
    private static final Logger LOG = LoggerFactory.getLogger(Begins.class);
    /** When a run the forbid policy defers is due again for any other claim: its worker's first recheck. */
    private static final Duration RECHECK = HeldRuns.RECHECK;

    private final WorkerLoop.Settings settings;
    private final RunStore runs;
    private final EventBus events;
    private final Clock clock;

    Begins(WorkerLoop.Settings settings, RunStore runs, EventBus events, Clock clock) {
        this.settings = settings;
        this.runs = runs;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Begins the held claims of {@code due}; the result of each, in order. Runs a REPLACE policy
     * overtook are asked to stop.
     *
     * @throws RuntimeException when the store could not be reached: none of them may start
     */
    List<Claim> begin(List<InFlight> due) {
        Instant now = clock.instant();
        Instant leaseUntil = now.plus(settings.lease());
        List<RunStore.StartMark> marks = new ArrayList<>(due.size());
        for (InFlight flight : due) {
            marks.add(RunStore.StartMark.of(flight.run, leaseUntil));
        }
        List<Claim> results = runs.beginAll(settings.nodeId(), marks, now, settings.misfireThreshold(),
                now.plus(RECHECK));
        for (int i = 0; i < due.size(); i++) {
            if (results.get(i).result() == Claim.Result.CLAIMED) {
                due.get(i).leaseUntil = leaseUntil;
            }
        }
        askReplacedToStop(results);
        return results;
    }

    /**
     * Claims and begins again, in one store call, runs this worker deferred (they wait queued):
     * one the rules still refuse is never seen claimed. The result of each, in order.
     */
    List<Claim> beginAgain(List<Run> deferred) {
        Instant now = clock.instant();
        List<Long> ids = new ArrayList<>(deferred.size());
        for (Run run : deferred) {
            ids.add(run.id());
        }
        List<Claim> results = runs.claimAndBeginAll(ids, settings.nodeId(), now, now.plus(settings.lease()),
                settings.misfireThreshold(), now.plus(RECHECK));
        askReplacedToStop(results);
        return results;
    }

    /** Asks the nodes running the runs a REPLACE policy overtook to stop them (the store marked them). */
    private void askReplacedToStop(List<Claim> results) {
        for (Claim result : results) {
            for (Run replaced : result.replaced()) {
                try {
                    events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, replaced.id()));
                } catch (RuntimeException e) {
                    LOG.warn("Could not ask for run {} to be cancelled: {}", replaced.id(), e.getMessage());
                }
            }
        }
    }
}
