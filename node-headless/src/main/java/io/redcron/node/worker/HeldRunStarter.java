package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.port.Claim;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Starts the held claims when their time comes: takes every one due at once (up to a batch),
 * begins them together ({@link Begins}: one store call, which weighs each task's rules as they are
 * then), and gives each that began a slot, in turn. A run the forbid policy defers waits queued
 * and is claimed again here shortly, with no trip through the queue; one the rules drop was
 * recorded by the begin. Runs still held when the worker stops are given back at once, so that
 * another node can run them on time.
 */
final class HeldRunStarter implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(HeldRunStarter.class);

    private final HeldRuns held;
    private final Slots slots;
    private final Claims claims;
    private final Begins begins;
    private final RunQueue queue;
    private final Results results;
    private final RunsInFlight inFlight;
    private final int batch;
    private volatile boolean halted;

    HeldRunStarter(HeldRuns held, Slots slots, Claims claims, Begins begins, RunQueue queue, Results results,
                   RunsInFlight inFlight, int batch) {
        this.held = held;
        this.slots = slots;
        this.claims = claims;
        this.begins = begins;
        this.queue = queue;
        this.results = results;
        this.inFlight = inFlight;
        this.batch = Math.max(1, batch);
    }

    /** A starter thread (the worker runs a few): takes held runs due at once and starts them, until interrupted. */
    @Override
    public void run() {
        while (true) {
            List<HeldRuns.Held> due;
            try {
                due = held.takeDue(batch);
            } catch (InterruptedException e) {
                return;
            }
            try {
                if (start(due) < 0) {
                    return;
                }
            } catch (RuntimeException e) {
                // The starter must outlive any failure: a held run it stopped starting would be
                // renewed, never begun. The runs whose begin failed were released; one that began
                // and could not be handed a slot keeps its lease until the reaper recovers it.
                LOG.warn("Starting {} held run(s) failed: {}", due.size(), e.getMessage());
            }
        }
    }

    /** Starts by hand every held run whose time has come; how many began. */
    int startDue() {
        int begun = 0;
        for (List<HeldRuns.Held> due = held.pollDue(batch); !due.isEmpty(); due = held.pollDue(batch)) {
            int started = start(due);
            if (started < 0) {
                break;
            }
            begun += started;
        }
        return begun;
    }

    /**
     * Begins {@code due} and starts those that began, each once a slot is free; how many began, or
     * -1 if interrupted while waiting for a slot (the begun runs not started yet are handed back).
     */
    private int start(List<HeldRuns.Held> due) {
        List<InFlight> flights = new ArrayList<>(due.size());
        List<HeldRuns.Held> deferred = new ArrayList<>();
        for (HeldRuns.Held next : due) {
            if (next.flight != null) {
                flights.add(next.flight);
            } else {
                deferred.add(next);
            }
        }
        List<InFlight> began = new ArrayList<>(due.size());
        if (!deferred.isEmpty()) {
            began.addAll(beginAgain(deferred));
        }
        if (!flights.isEmpty()) {
            began.addAll(begin(flights));
        }
        return startOnSlots(began);
    }

    /** Begins held claims; those that began, their definitions read again. */
    private List<InFlight> begin(List<InFlight> flights) {
        List<Claim> results;
        try {
            results = begins.begin(flights);
        } catch (RuntimeException e) {
            // Nothing began: the claims go back, to be run by whoever takes them next.
            LOG.warn("Could not begin {} held run(s), so they do not start here: {}", flights.size(), e.getMessage());
            flights.forEach(this.results::release);
            return List.of();
        }
        List<InFlight> began = new ArrayList<>(flights.size());
        for (int i = 0; i < flights.size(); i++) {
            InFlight flight = flights.get(i);
            Claim claim = results.get(i);
            switch (claim.result()) {
                case CLAIMED -> began.add(flight);
                case DEFERRED -> {
                    // Its claim was released: it waits queued, and this worker tries again shortly.
                    inFlight.remove(flight);
                    held.defer(claim.run(), 1);
                }
                case SKIPPED, CANCELLED -> {
                    // Recorded by the begin: it never ran here.
                    LOG.debug("Run {} did not start: {}", flight.run.id(), claim.run().error());
                    inFlight.remove(flight);
                }
                case UNAVAILABLE -> {
                    LOG.debug("Run {} is no longer held by this node", flight.run.id());
                    inFlight.remove(flight);
                }
            }
        }
        try {
            claims.refresh(began);
        } catch (RuntimeException e) {
            LOG.debug("Could not read the definitions of {} begun run(s) again; they run as claimed: {}", began.size(),
                    e.getMessage());
        }
        return began;
    }

    /** Claims and begins again runs this worker deferred; those that began, ready to start. */
    private List<InFlight> beginAgain(List<HeldRuns.Held> deferred) {
        List<Claim> results;
        try {
            results = begins.beginAgain(deferred.stream().map(again -> again.again).toList());
        } catch (RuntimeException e) {
            // They wait queued: whoever claims them next runs them (the reconciler queues them again).
            LOG.warn("Could not claim {} deferred run(s) again: {}", deferred.size(), e.getMessage());
            return List.of();
        }
        List<InFlight> began = new ArrayList<>();
        for (int i = 0; i < deferred.size(); i++) {
            Claim claim = results.get(i);
            if (claim.result() == Claim.Result.DEFERRED) {
                HeldRuns.Held again = deferred.get(i);
                held.defer(again.again, again.deferrals + 1);
            } else if (claim.result() == Claim.Result.CLAIMED) {
                try {
                    claims.adopt(claim.run()).ifPresent(began::add);
                } catch (RuntimeException e) {
                    // It began but cannot be prepared here: its lease runs out, and the reaper
                    // records the attempt lost and queues it again.
                    LOG.warn("Run {} began but its task could not be read, so it does not start here: {}",
                            claim.run().id(), e.getMessage());
                }
            }
        }
        return began;
    }

    /**
     * Starts begun runs in turn, each once a slot is free; how many, or -1 if interrupted while
     * waiting for a slot (the runs not started yet are handed back).
     */
    private int startOnSlots(List<InFlight> began) {
        for (int i = 0; i < began.size(); i++) {
            try {
                slots.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                began.subList(i, began.size()).forEach(results::handBack);
                return -1;
            }
            slots.start(began.get(i));
        }
        return began.size();
    }

    /** Gives nothing back from now on (the node halted as if it crashed): leases and entries lapse. */
    void halt() {
        halted = true;
        held.drain();
    }

    /** Gives back every run still held (the worker stops). */
    void releaseAll() {
        for (HeldRuns.Held run : held.drain()) {
            if (halted) {
                return;
            }
            try {
                if (run.flight != null) {
                    results.handBack(run.flight);
                } else {
                    // A deferred run waits queued with no queue entry: give it one, for another node.
                    queue.enqueue(List.of(QueuedRun.of(run.again.group(), run.again.id())));
                }
            } catch (RuntimeException e) {
                LOG.warn("Could not hand back held run {}; it is recovered when its lease runs out: {}", run.runId,
                        e.getMessage());
            }
        }
    }
}
