package io.redcron.node.worker;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The runs this node has claimed and not yet settled (executing, or held for their time): their
 * leases are renewed and a cancel reaches them. A run joins when it is claimed and leaves once its
 * result is written, refused, or given back.
 */
final class RunsInFlight {
    private final Map<Long, InFlight> runs = new ConcurrentHashMap<>();
    private final Object emptied = new Object();
    private volatile Consumer<InFlight> executedRunLeft = flight -> { };

    /** Told of every run that executed here when it leaves (its result written, refused or given back). */
    void onExecutedRunLeft(Consumer<InFlight> listener) {
        this.executedRunLeft = listener;
    }

    /**
     * A run claimed here joins; returns the flight of an earlier claim of the same run it replaces,
     * or null. There is one only when the store released or recorded lost that earlier claim (its
     * lease lapsed while this node could not renew it) and then granted this node the run again.
     */
    InFlight add(InFlight flight) {
        return runs.put(flight.run.id(), flight);
    }

    void remove(InFlight flight) {
        if (runs.remove(flight.run.id(), flight) && flight.startedAt != null) {
            executedRunLeft.accept(flight);
        }
        if (runs.isEmpty()) {
            synchronized (emptied) {
                emptied.notifyAll();
            }
        }
    }

    InFlight get(long runId) {
        return runs.get(runId);
    }

    Collection<InFlight> all() {
        return runs.values();
    }

    int size() {
        return runs.size();
    }

    /** Waits at most {@code wait} until no run is in flight; true if none is. */
    boolean awaitEmpty(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (emptied) {
            while (!runs.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(emptied, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return runs.isEmpty();
                }
            }
        }
        return true;
    }
}
