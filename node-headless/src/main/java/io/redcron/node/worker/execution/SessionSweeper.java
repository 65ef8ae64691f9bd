package io.redcron.node.worker.execution;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Ends, in the background, what attempts left running in their sessions once their program exited
 * (a background child, a double fork), with one read of {@code /proc} for all the sessions queued
 * since the last read, and at most one read per {@link #PACE}.
 *
 * <p>Reading the stat of every process costs some 20 µs per process on a virtual machine, 2 ms and
 * more per read: one read per attempt was a tenth of what a short run cost, and more on a machine
 * with more processes. Paced, the reads cost a bounded share of a core however many runs end, and
 * the attempt's result need not wait for them.
 *
 * <p>Why a later read is as good as one at the exit: a session whose leader has exited gains
 * members only from members still alive, so a read that starts after the exit and finds none
 * proves it empty. What a read finds is ended as {@link ProcessTreeKiller#killSession} does (TERM,
 * the grace, KILL), on a helper thread. The delay is far too short for the session's id (the
 * leader's pid) to be handed to a new session meanwhile: that takes the whole pid range.
 */
final class SessionSweeper {
    /**
     * At most one read of the process table per pace: five a second cost about one percent of a
     * core on a machine of a hundred processes, however many runs end. Also about the longest a
     * leftover outlives its run, but for the read itself.
     */
    static final Duration PACE = Duration.ofMillis(200);
    /** An idle sweeper's thread ends after this; the next sweep starts another. */
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final SessionScan.Reader reader;
    private final ProcessTreeKiller killer;
    private final Executor helpers;
    private final Duration pace;
    private List<Long> queued = new ArrayList<>();
    private Thread thread;
    private long lastRead = System.nanoTime() - PACE.toNanos();
    private long reads;

    SessionSweeper(SessionScan.Reader reader, ProcessTreeKiller killer, Executor helpers) {
        this(reader, killer, helpers, PACE);
    }

    SessionSweeper(SessionScan.Reader reader, ProcessTreeKiller killer, Executor helpers, Duration pace) {
        this.reader = reader;
        this.killer = killer;
        this.helpers = helpers;
        this.pace = pace;
    }

    /** Ends, soon, whatever is still in session {@code session}, whose leader has exited. */
    synchronized void sweep(long session) {
        queued.add(session);
        if (thread == null) {
            thread = new Thread(this::loop, "redcron-session-sweeper");
            thread.setDaemon(true);
            thread.start();
        }
        notifyAll();
    }

    private void loop() {
        while (true) {
            long[] batch;
            synchronized (this) {
                long idleSince = System.nanoTime();
                while (queued.isEmpty() || System.nanoTime() - lastRead < pace.toNanos()) {
                    long wait = queued.isEmpty() ? IDLE_NANOS - (System.nanoTime() - idleSince)
                            : pace.toNanos() - (System.nanoTime() - lastRead);
                    if (queued.isEmpty() && wait <= 0) {
                        thread = null; // idle long enough: the next sweep starts a thread again
                        return;
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(this, Math.max(1, wait));
                    } catch (InterruptedException e) {
                        thread = null;
                        return;
                    }
                }
                batch = queued.stream().mapToLong(Long::longValue).distinct().toArray();
                queued = new ArrayList<>();
                lastRead = System.nanoTime();
            }
            Map<Long, Set<ProcessHandle>> found = Map.of();
            try {
                found = reader.members(batch);
            } catch (RuntimeException e) {
                // A read that failed finds nothing; the service's cgroup still ends leftovers when the node stops.
            }
            synchronized (this) {
                reads++;
                notifyAll();
            }
            found.forEach((session, members) -> helpers.execute(() -> killer.killMembers(session, members)));
        }
    }

    /** Reads of the process table so far. */
    synchronized long reads() {
        return reads;
    }
}
