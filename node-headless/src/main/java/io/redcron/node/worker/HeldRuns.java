package io.redcron.node.worker;


import io.redcron.domain.Run;
import io.redcron.domain.TriggerType;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The claims a worker holds until they are begun: runs read ahead of their scheduled time (the
 * scheduler's lookahead), runs whose task's rules are weighed only at their time, and runs the
 * forbid policy deferred, held until they are tried again. Bounded, so that a worker does not read
 * ahead without limit.
 *
 * <p>Each held run leaves exactly once: taken by the starter at its time, withdrawn by a cancel,
 * or drained when the worker stops; {@code Held.take} decides between them.
 */
final class HeldRuns {
    private final Clock clock;
    private final int capacity;
    private final DelayQueue<Held> due = new DelayQueue<>();
    private final Map<Long, Held> byRun = new ConcurrentHashMap<>();
    /** Notified whenever a held run leaves. */
    private final Object changes = new Object();

    HeldRuns(Clock clock, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: must be at least 1, got " + capacity);
        }
        this.clock = clock;
        this.capacity = capacity;
    }

    /** A claimed run, held until its scheduled time (at once, if that has come). */
    void hold(InFlight flight) {
        // A manual run is meant for now: a requester whose clock runs ahead must not delay it.
        hold(flight, flight.run.trigger() == TriggerType.CRON ? flight.run.scheduledAt() : Instant.EPOCH);
    }

    /**
     * A run the forbid policy deferred (its claim released, so it waits queued), to be claimed
     * again at {@code at} by this worker: waiting costs no trip through the queue.
     */
    void recheck(Run run, Instant at) {
        due.add(new Held(run.id(), at, null, run));
    }

    private void hold(InFlight flight, Instant startAt) {
        Held held = new Held(flight.run.id(), startAt, flight, null);
        byRun.put(held.runId, held);
        due.add(held);
    }

    /**
     * The held runs whose time has come, at most {@code max} (at least one): waits for the first,
     * then takes those due with it.
     */
    List<Held> takeDue(int max) throws InterruptedException {
        while (true) {
            Held first = due.take();
            if (leave(first)) {
                List<Held> taken = new ArrayList<>();
                taken.add(first);
                taken.addAll(pollDue(max - 1));
                return taken;
            }
        }
    }

    /** The held runs whose time has come, at most {@code max}; does not wait. */
    List<Held> pollDue(int max) {
        List<Held> taken = new ArrayList<>();
        while (taken.size() < max) {
            Held next = due.poll();
            if (next == null) {
                break;
            }
            if (leave(next)) {
                taken.add(next);
            }
        }
        return taken;
    }

    /** A held run leaves the queue: true if this caller is the one to act on it. */
    private boolean leave(Held next) {
        byRun.remove(next.runId, next);
        signalRoom();
        return next.take();
    }

    /** Whether the run is held here as a claim. */
    boolean holds(long runId) {
        return byRun.containsKey(runId);
    }

    /** Takes a held run out before its time (it was cancelled); empty if it is not held (any more). */
    Optional<Held> withdraw(long runId) {
        Held held = byRun.get(runId);
        if (held == null || !held.take()) {
            return Optional.empty();
        }
        byRun.remove(runId, held);
        due.remove(held);
        signalRoom();
        return Optional.of(held);
    }

    /** Takes out every held run (the worker stops). */
    List<Held> drain() {
        List<Held> drained = new ArrayList<>();
        for (Held held : due.toArray(new Held[0])) {
            if (due.remove(held) && held.take()) {
                byRun.remove(held.runId, held);
                drained.add(held);
            }
        }
        signalRoom();
        return drained;
    }

    int size() {
        return due.size();
    }

    /** Claims among those held (they count as taken by this node, not as running). */
    int claimed() {
        return byRun.size();
    }

    /** How many more runs may be held now. */
    int room() {
        return Math.max(0, capacity - due.size());
    }


    /** Waits at most {@code wait} for room to hold another run; true if there is room. */
    boolean awaitRoom(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (changes) {
            while (room() == 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(changes, left);
            }
        }
        return true;
    }

    private void signalRoom() {
        synchronized (changes) {
            changes.notifyAll();
        }
    }

    /** One held claim ({@code flight}), or a deferred run to claim again ({@code again}), due at {@code startAt}. */
    final class Held implements Delayed {
        final long runId;
        final Instant startAt;
        final InFlight flight;
        final Run again;
        private final AtomicBoolean taken = new AtomicBoolean();

        private Held(long runId, Instant startAt, InFlight flight, Run again) {
            this.runId = runId;
            this.startAt = startAt;
            this.flight = flight;
            this.again = again;
        }

        /** True for the one caller that gets to act on this run. */
        private boolean take() {
            return taken.compareAndSet(false, true);
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(Duration.between(clock.instant(), startAt));
        }

        @Override
        public int compareTo(Delayed other) {
            Held that = (Held) other;
            int byTime = startAt.compareTo(that.startAt);
            return byTime != 0 ? byTime : Long.compare(runId, that.runId);
        }
    }
}
