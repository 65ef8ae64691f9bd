package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.TriggerType;
import io.redcron.port.QueuedRun;

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
 * Runs a worker has read ahead of their scheduled time (the scheduler's lookahead), waiting for
 * it: either claimed already (policy ALLOW: the claim does not depend on what else runs then) or
 * as a stream entry left unacknowledged (a policy weighed only at the run's time). Bounded, so
 * that a worker does not read ahead without limit.
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

    /** Whether a run must wait for its time: a cron fire read before it is due. */
    static boolean startsLater(Run run, Instant now) {
        // A manual run is meant for now: a requester whose clock runs ahead must not delay it.
        return run.trigger() == TriggerType.CRON && run.scheduledAt().isAfter(now);
    }

    /** A claimed run, held until its scheduled time. */
    void hold(InFlight flight) {
        Held held = new Held(flight.run.id(), flight.run.scheduledAt(), flight, null);
        // Only a claimed run can be withdrawn: a held entry is not this node's run yet.
        byRun.put(held.runId, held);
        due.add(held);
    }

    /** An unacknowledged stream entry of a run due at {@code startAt}, held until then. */
    void hold(QueuedRun entry, Instant startAt) {
        due.add(new Held(entry.runId(), startAt, null, entry));
    }

    /** The next held run whose time has come; waits for it. */
    Held take() throws InterruptedException {
        while (true) {
            Held next = due.take();
            byRun.remove(next.runId, next);
            signalRoom();
            if (next.take()) {
                return next;
            }
        }
    }

    /** The next held run whose time has come, if one has; does not wait. */
    Held pollDue() {
        for (Held next = due.poll(); next != null; next = due.poll()) {
            byRun.remove(next.runId, next);
            signalRoom();
            if (next.take()) {
                return next;
            }
        }
        return null;
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

    /** How many more runs may be held now. */
    int room() {
        return Math.max(0, capacity - due.size());
    }

    /** Claimed runs among those held (they count as taken by this node, not as running). */
    int claimed() {
        int claimed = 0;
        for (Held held : due) {
            if (held.flight != null) {
                claimed++;
            }
        }
        return claimed;
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

    /** One held run: a claimed one ({@code flight}) or an entry to claim at its time ({@code entry}). */
    final class Held implements Delayed {
        final long runId;
        final Instant startAt;
        final InFlight flight;
        final QueuedRun entry;
        private final AtomicBoolean taken = new AtomicBoolean();

        private Held(long runId, Instant startAt, InFlight flight, QueuedRun entry) {
            this.runId = runId;
            this.startAt = startAt;
            this.flight = flight;
            this.entry = entry;
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
