package io.redcron.node.worker;

import io.redcron.node.Waiter;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The first stage: reads run ids from the node's groups (no more than it has free slots and room
 * to hold), claims the delivery ({@link Claims}), and passes each run on: an attempt that begins
 * now to a slot, a claim held until it is begun to {@link HeldRuns}. A duplicate delivery finds
 * the run taken and is simply acknowledged.
 */
final class Intake implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(Intake.class);
    /** The longest any wait of a pass lasts, and so how long a stop may take to be noticed. */
    static final Duration READ_BLOCK = Duration.ofMillis(500);

    private final WorkerLoop.Settings settings;
    private final RunQueue queue;
    private final Claims claims;
    private final HeldRuns held;
    private final Slots slots;
    private final Results results;
    private final Clock clock;
    private final Waiter afterFailure = new Waiter();
    private volatile boolean accepting = true;
    /** An operator drains this node: it reads nothing, and what it holds or runs goes on to its end. */
    private volatile boolean paused;
    private final Waiter whilePaused = new Waiter();
    private boolean groupsReady;

    Intake(WorkerLoop.Settings settings, RunQueue queue, Claims claims, HeldRuns held, Slots slots, Results results,
           Clock clock) {
        this.settings = settings;
        this.queue = queue;
        this.claims = claims;
        this.held = held;
        this.slots = slots;
        this.results = results;
        this.clock = clock;
    }

    /** The intake's thread: one pass after another until stopped; a failed pass is retried after a pause. */
    @Override
    public void run() {
        while (accepting) {
            try {
                takeOnce();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.warn("Worker pass of node {} failed: {}", settings.nodeId(), e.getMessage());
                afterFailure.await(READ_BLOCK);
            }
        }
    }

    /**
     * One pass: waits (each wait at most {@link #READ_BLOCK}) for room to hold and a free slot,
     * reads what that allows, claims it and passes it on; how many entries it read.
     */
    int takeOnce() throws InterruptedException {
        if (paused) {
            whilePaused.await(READ_BLOCK);
            return 0;
        }
        if (!groupsReady) {
            queue.ensureGroups(settings.groups());
            groupsReady = true;
        }
        // Waits for a free slot in turn, but keeps none while reading and claiming: runs read
        // ahead need no slot until their time, and a held run due meanwhile must not wait for this
        // pass. Runs due now take their slots once claimed.
        if (!held.awaitRoom(READ_BLOCK) || !slots.awaitFree(READ_BLOCK)) {
            return 0;
        }
        int count = Math.min(Math.max(1, slots.free()), Math.max(1, held.room()));
        List<QueuedRun> delivered = accepting
                ? queue.read(settings.nodeId(), settings.groups(), count, READ_BLOCK) : List.of();
        if (!delivered.isEmpty()) {
            passOn(delivered);
        }
        return delivered.size();
    }

    private void passOn(List<QueuedRun> delivered) {
        Claims.Delivery delivery = claims.claimDelivery(delivered, clock.instant());
        // Held claims first: they need no slot until they are begun, at their time (now, for a
        // run whose rules are weighed as it starts).
        delivery.held().forEach(held::hold);
        delivery.begun().forEach(this::startNow);
    }

    /**
     * Starts a claimed run that is due now once a slot is free (in turn with held runs); a run
     * still waiting for a slot when the node stops is handed back.
     */
    private void startNow(InFlight flight) {
        try {
            while (!slots.take(READ_BLOCK)) {
                if (!accepting) {
                    results.handBack(flight);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            results.handBack(flight);
            return;
        }
        slots.start(flight);
    }

    /** Stops reading; a pass under way finishes handing over what it claimed. */
    void stop() {
        accepting = false;
        afterFailure.wake();
        whilePaused.wake();
    }

    /**
     * Stops reading until {@code pause} is false again (a drain), without stopping: a pass under
     * way finishes handing over what it claimed, and the runs this node holds or runs go on.
     */
    void pause(boolean pause) {
        if (paused != pause) {
            paused = pause;
            whilePaused.wake();
        }
    }
}
