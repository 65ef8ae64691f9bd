package io.redcron.node.worker.execution;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches the java handlers running on the worker's slot threads: stops one whose timeout has
 * come, and gives up on one that is still running a grace period after it was stopped.
 *
 * <p>Handlers run on the thread that called the executor, so a run costs no hand-off to another
 * thread and back; this one thread does, for all of them, what a waiting caller used to do for
 * each. It sleeps until the earliest moment any watched attempt needs it, and is woken early
 * only when an attempt needs it sooner than that (a short timeout, a cancel).
 */
final class HandlerWatchdog {
    /** The longest sleep: a bound on how late a moment missed by a race is noticed. */
    private static final long MAX_SLEEP_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** One watched attempt; the watchdog asks it, each time it wakes, what is due and when to look again. */
    interface Watched {
        /** Acts on whatever is due at {@code now} (nanoTime); returns when it next needs a look. */
        long check(long now);
    }

    private final Set<Watched> watched = ConcurrentHashMap.newKeySet();
    private final String name;
    private volatile Thread thread;
    /** When the watchdog will next wake by itself (nanoTime). */
    private volatile long wakeAt;

    HandlerWatchdog(String name) {
        this.name = name;
    }

    void watch(Watched attempt, long firstLookAt) {
        watched.add(attempt);
        lookBy(firstLookAt);
    }

    void forget(Watched attempt) {
        watched.remove(attempt);
    }

    /** Makes sure the watchdog looks by {@code moment} (nanoTime), waking it if it would sleep past it. */
    void lookBy(long moment) {
        Thread current = thread;
        if (current == null) {
            current = start();
        }
        if (moment - wakeAt < 0) {
            LockSupport.unpark(current);
        }
    }

    private synchronized Thread start() {
        if (thread == null) {
            Thread started = new Thread(this::loop, name);
            started.setDaemon(true);
            wakeAt = System.nanoTime();
            thread = started;
            started.start();
        }
        return thread;
    }

    private void loop() {
        while (true) {
            long now = System.nanoTime();
            long next = now + MAX_SLEEP_NANOS;
            // Published before the checks: an attempt added meanwhile that needs a look sooner
            // than this compares against it and wakes the watchdog.
            wakeAt = next;
            for (Watched attempt : watched) {
                long wanted = attempt.check(now);
                if (wanted - next < 0) {
                    next = wanted;
                }
            }
            wakeAt = next;
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                LockSupport.parkNanos(this, sleep);
            }
        }
    }
}
