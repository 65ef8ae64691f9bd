package io.redcron.node.worker.execution;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Kills a process and everything it started: TERM to the whole tree, a grace period to clean up,
 * then KILL to whatever is left.
 *
 * <p>The tree is read from {@link ProcessHandle#descendants()}, which only follows live parent
 * links: once a parent dies, its children are re-parented to init and no longer look like ours.
 * So every handle ever seen is remembered, and the tree is read again on every poll, before the
 * first signal and before KILL. A process that detaches itself (double fork, {@code setsid})
 * before it is first seen escapes; only a cgroup (systemd {@code KillMode=control-group}) closes
 * that gap.
 */
final class ProcessTreeKiller {
    private static final long POLL_MILLIS = 20;
    private static final Duration KILL_WAIT = Duration.ofSeconds(2);

    private final Duration grace;

    ProcessTreeKiller(Duration grace) {
        this.grace = grace;
    }

    /** Returns once the whole tree is gone, or KILL was sent to all of it and did not take in time. */
    void kill(ProcessHandle root) {
        Set<ProcessHandle> seen = new LinkedHashSet<>();
        boolean interrupted = false;
        try {
            discover(root, seen);
            seen.forEach(ProcessHandle::destroy);
            interrupted = awaitGone(seen, grace, true);
            discover(root, seen);
            seen.forEach(ProcessHandle::destroyForcibly);
            interrupted |= awaitGone(seen, KILL_WAIT, false);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Waits until every process seen is gone, following the tree as it changes: a child forked
     * after the last look gets the same signal as the rest. Returns whether it was interrupted (in
     * which case it stops waiting, so that KILL follows at once).
     */
    private static boolean awaitGone(Set<ProcessHandle> seen, Duration limit, boolean terminate) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            for (ProcessHandle handle : Set.copyOf(seen)) {
                if (isRunning(handle)) {
                    for (ProcessHandle late : discover(handle, seen)) {
                        if (terminate) {
                            late.destroy();
                        } else {
                            late.destroyForcibly();
                        }
                    }
                }
            }
            if (seen.stream().noneMatch(ProcessTreeKiller::isRunning) || System.nanoTime() - deadline >= 0) {
                return false;
            }
            try {
                // These are not our children, so there is no exit to wait on: the JDK polls too.
                TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return true;
            }
        }
    }

    /**
     * Alive and not a zombie. An orphan that died waits for init to reap it, and
     * {@link ProcessHandle#isAlive()} counts it as alive until then; some container inits reap
     * only every few seconds, which would stretch every kill by that much. Linux tells zombies
     * apart in {@code /proc/<pid>/stat}; elsewhere we fall back to {@code isAlive()}.
     */
    static boolean isRunning(ProcessHandle handle) {
        if (!handle.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(handle.pid()), "stat"));
            int end = stat.lastIndexOf(')'); // the command name may itself contain ") "
            char state = end >= 0 && end + 2 < stat.length() ? stat.charAt(end + 2) : '?';
            return state != 'Z' && state != 'X';
        } catch (IOException | RuntimeException e) {
            return handle.isAlive(); // gone meanwhile, or not Linux
        }
    }

    /** Adds {@code handle} and its live descendants to {@code seen}; returns the ones new to it. */
    private static Set<ProcessHandle> discover(ProcessHandle handle, Set<ProcessHandle> seen) {
        Set<ProcessHandle> found = new LinkedHashSet<>();
        if (seen.add(handle)) {
            found.add(handle);
        }
        handle.descendants().forEach(child -> {
            if (seen.add(child)) {
                found.add(child);
            }
        });
        return found;
    }
}
