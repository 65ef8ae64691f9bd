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
import java.util.Set;
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
 * <p>A deferred run waits for a run of its task in flight. It is tried again as soon as a run of
 * its task that executed here has ended (its result written), and otherwise after a wait that
 * doubles each time it is deferred again, up to {@link #MAX_RECHECK}: a blocker on another node
 * ends unseen, and a backlog of deferred runs must not spend the database on rechecks that are
 * bound to defer them again.
 *
 * <p>Each held run leaves exactly once: taken by the starter at its time, withdrawn by a cancel,
 * or drained when the worker stops; {@code Held.take} decides between them.
 */
final class HeldRuns {
    /** The first wait of a deferred run before it is tried again. */
    static final Duration RECHECK = Duration.ofMillis(250);
    /** The longest wait of a deferred run before it is tried again. */
    static final Duration MAX_RECHECK = Duration.ofSeconds(1);

    private final Clock clock;
    private final int capacity;
    private final DelayQueue<Held> due = new DelayQueue<>();
    private final Map<Long, Held> byRun = new ConcurrentHashMap<>();
    /** The deferred runs waiting here, by task. */
    private final Map<Long, Set<Held>> deferredByTask = new ConcurrentHashMap<>();
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
        hold(flight, flight.run.trigger().waitsForItsTime() ? flight.run.scheduledAt() : Instant.EPOCH);
    }

    /**
     * A run the forbid policy deferred (its claim released, so it waits queued), to be claimed
     * again by this worker: waiting costs no trip through the queue.
     *
     * @param deferrals how many times in a row it has been deferred, this time included
     */
    void defer(Run run, int deferrals) {
        Held held = new Held(run.id(), clock.instant().plus(recheckAfter(deferrals)), null, run, deferrals);
        deferredByTask.computeIfAbsent(run.taskId(), task -> ConcurrentHashMap.newKeySet()).add(held);
        due.add(held);
    }

    /** The wait before a run deferred {@code deferrals} times in a row is tried again. */
    static Duration recheckAfter(int deferrals) {
        int doublings = Math.min(Math.max(0, deferrals - 1), 16);
        Duration wait = RECHECK.multipliedBy(1L << doublings);
        return wait.compareTo(MAX_RECHECK) > 0 ? MAX_RECHECK : wait;
    }

    /**
     * A run of task {@code taskId} that executed here has ended, its result written: the runs of
     * the task deferred here are due at once.
     */
    void taskRunEnded(long taskId) {
        Set<Held> deferred = deferredByTask.get(taskId);
        if (deferred == null) {
            return;
        }
        Instant now = clock.instant();
        for (Held held : deferred) {
            if (held.startAt.isAfter(now) && due.remove(held)) { // not taken meanwhile: it is ours to move
                deferred.remove(held);
                Held sooner = new Held(held.runId, now, null, held.again, held.deferrals);
                deferred.add(sooner);
                due.add(sooner);
            }
        }
    }

    private void hold(InFlight flight, Instant startAt) {
        Held held = new Held(flight.run.id(), startAt, flight, null, 0);
        Held earlier = byRun.put(held.runId, held);
        if (earlier != null && earlier.take()) {
            // This node's earlier claim of the run was released while held (its lease lapsed): the
            // store granted the new one only then. The earlier one is over and leaves unbegun.
            due.remove(earlier);
        }
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
        if (next.again != null) {
            deferredByTask.computeIfPresent(next.again.taskId(), (task, runs) -> {
                runs.remove(next);
                return runs.isEmpty() ? null : runs;
            });
        }
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
                if (held.again != null) {
                    deferredByTask.remove(held.again.taskId());
                }
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

    /**
     * One held claim ({@code flight}), or a deferred run to claim again ({@code again}, deferred
     * {@code deferrals} times in a row), due at {@code startAt}.
     */
    final class Held implements Delayed {
        final long runId;
        final Instant startAt;
        final InFlight flight;
        final Run again;
        final int deferrals;
        private final AtomicBoolean taken = new AtomicBoolean();

        private Held(long runId, Instant startAt, InFlight flight, Run again, int deferrals) {
            this.runId = runId;
            this.startAt = startAt;
            this.flight = flight;
            this.again = again;
            this.deferrals = deferrals;
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
