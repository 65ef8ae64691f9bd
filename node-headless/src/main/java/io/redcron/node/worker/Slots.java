package io.redcron.node.worker;

import io.redcron.node.worker.execution.ExecutionResult;
import org.slf4j.MDC;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The node's slots: a fair count of free ones (so that a held run whose time has come is not
 * starved by intake), and the threads attempts run on. A slot is taken by whoever starts a run,
 * and freed on its thread once the attempt's result is handed on to {@link Results}.
 */
final class Slots {
    private final Semaphore free;
    private final SlotThreads threads;
    private final Attempts attempts;
    private final Results results;

    Slots(int count, SlotThreads threads, Attempts attempts, Results results) {
        this.free = new Semaphore(count, true);
        this.threads = threads;
        this.attempts = attempts;
        this.results = results;
    }

    /** Waits in turn, at most {@code wait}, until a slot is free, without keeping it; true if one is. */
    boolean awaitFree(Duration wait) throws InterruptedException {
        if (!free.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        free.release();
        return true;
    }

    /** Slots free now. */
    int free() {
        return free.availablePermits();
    }

    /** Takes a slot, waiting in turn at most {@code wait}; true if taken. */
    boolean take(Duration wait) throws InterruptedException {
        return free.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Takes a slot, waiting in turn as long as it takes. */
    void take() throws InterruptedException {
        free.acquire();
    }

    /** Frees a slot taken for a run that will not start. */
    void giveBack() {
        free.release();
    }

    /**
     * Runs a claimed run on the slot just taken; one the threads refuse (the node stopped
     * meanwhile) is handed back and its slot freed. False if it did not start.
     */
    boolean start(InFlight flight) {
        try {
            threads.execute(() -> execute(flight));
            return true;
        } catch (RejectedExecutionException e) {
            results.handBack(flight);
            free.release();
            return false;
        }
    }

    /**
     * Claims a run on the slot just taken, on its thread, and runs it if claimed; the slot is
     * freed if not. Throws RejectedExecutionException (slot still taken) once the node stopped.
     */
    void claimAndStart(Supplier<Optional<InFlight>> claim) {
        threads.execute(() -> {
            Optional<InFlight> flight = claim.get();
            if (flight.isPresent()) {
                execute(flight.get());
            } else {
                free.release();
            }
        });
    }

    /** On a slot thread: runs the attempt, hands its result on and frees the slot. */
    private void execute(InFlight flight) {
        // Every log line written while this slot works on the run names it (logback's %X{runId}).
        MDC.put("runId", Long.toString(flight.run.id()));
        try {
            if (!attempts.begin(flight)) {
                free.release();
                return;
            }
            SlotThreads.Handover handover = threads.handover(result -> ended(flight, result));
            attempts.execute(flight, handover);
            handover.slotReturned();
        } finally {
            MDC.remove("runId");
        }
    }

    /**
     * Hands an attempt's result on and frees its slot; called once per begun run (for a java
     * handler given up on, while this thread is still kept by it: the slot threads then add one).
     */
    private void ended(InFlight flight, ExecutionResult result) {
        try {
            attempts.ended(flight, result);
        } finally {
            free.release();
        }
    }

    void shutdown() {
        threads.shutdown();
    }

    void shutdownNow() {
        threads.shutdownNow();
    }
}
