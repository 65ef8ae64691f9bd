package io.redcron.node.worker;

import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Starts each held run when its time comes: waits in turn for a free slot, then runs a claimed
 * run there, or claims a held entry on the slot first (its policy is weighed now, against the
 * runs in flight now). Runs still held when the worker stops are given back at once, so that
 * another node can run them on time.
 */
final class HeldRunStarter implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(HeldRunStarter.class);

    private final HeldRuns held;
    private final Slots slots;
    private final Claims claims;
    private final Results results;
    private final RunQueue queue;
    private volatile boolean halted;

    HeldRunStarter(HeldRuns held, Slots slots, Claims claims, Results results, RunQueue queue) {
        this.held = held;
        this.slots = slots;
        this.claims = claims;
        this.results = results;
        this.queue = queue;
    }

    /** The starter's thread: takes each held run at its time and starts it, until interrupted. */
    @Override
    public void run() {
        while (true) {
            HeldRuns.Held next;
            try {
                next = held.take();
            } catch (InterruptedException e) {
                return;
            }
            if (!start(next)) {
                return;
            }
        }
    }

    /** Starts every held run whose time has come, each once a slot is free; how many it started. */
    int startDue() {
        int started = 0;
        for (HeldRuns.Held next = held.pollDue(); next != null; next = held.pollDue()) {
            if (!start(next)) {
                break;
            }
            started++;
        }
        return started;
    }

    /** Starts one held run on a slot; false if interrupted while waiting for one (the run is given back). */
    private boolean start(HeldRuns.Held next) {
        try {
            slots.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(next);
            return false;
        }
        try {
            if (next.flight != null) {
                slots.start(next.flight);
            } else {
                slots.claimAndStart(() -> claims.claimDue(next.entry));
            }
        } catch (RuntimeException e) {
            // Rejected: the node is stopping. The entry stays unacknowledged for the reaper.
            slots.giveBack();
            LOG.debug("Held run {} not started: {}", next.runId, e.getMessage());
        }
        return true;
    }

    /** Gives nothing back from now on (the node halted as if it crashed): leases and entries lapse. */
    void halt() {
        halted = true;
        held.drain();
    }

    /** Gives back every run still held (the worker stops). */
    void releaseAll() {
        for (HeldRuns.Held run : held.drain()) {
            release(run);
        }
    }

    /** A held run that will not start here: a claimed one is handed back, an entry queued again. */
    private void release(HeldRuns.Held run) {
        if (halted) {
            return;
        }
        try {
            if (run.flight != null) {
                results.handBack(run.flight);
            } else {
                queue.enqueue(List.of(QueuedRun.of(run.entry.group(), run.entry.runId())));
                queue.ack(List.of(run.entry));
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not hand back held run {}; it is recovered when its lease runs out: {}", run.runId,
                    e.getMessage());
        }
    }
}
