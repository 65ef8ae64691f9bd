package io.redcron.node.worker.execution;

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
    private final SessionScan sessions;

    ProcessTreeKiller(Duration grace) {
        this(grace, new SessionScan(SessionScan.PROC));
    }

    ProcessTreeKiller(Duration grace, SessionScan sessions) {
        this.grace = grace;
        this.sessions = sessions;
    }

    /** Returns once the whole tree is gone, or KILL was sent to all of it and did not take in time. */
    void kill(ProcessHandle root) {
        kill(root, false);
    }

    /**
     * @param ownSession whether {@code root} leads a session of its own, whose every member (a
     *                   double fork included) is then part of the tree
     */
    void kill(ProcessHandle root, boolean ownSession) {
        Set<ProcessHandle> seen = new LinkedHashSet<>();
        boolean interrupted = false;
        try {
            discover(root, seen);
            if (ownSession) {
                seen.addAll(sessionMembers(root.pid()));
            }
            seen.forEach(ProcessHandle::destroy);
            interrupted = awaitGone(seen, grace, true);
            discover(root, seen);
            if (ownSession) {
                seen.addAll(sessionMembers(root.pid()));
            }
            seen.forEach(ProcessHandle::destroyForcibly);
            interrupted |= awaitGone(seen, KILL_WAIT, false);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Ends every process still in session {@code session} (TERM, the grace, then KILL): what a
     * program started in a session of its own left behind, double forks included, which
     * {@link ProcessHandle#descendants()} no longer finds once their parent is gone. A process that
     * started a session of its own ({@code setsid}) escapes this too; the service's cgroup catches
     * it when the node stops. Returns how many processes were found.
     */
    int killSession(long session) {
        return killMembers(session, sessionMembers(session));
    }

    /**
     * Ends {@code found}, the members of session {@code session} a read found, as
     * {@link #killSession} does: the session is read again before KILL, for what they started
     * meanwhile.
     */
    int killMembers(long session, Set<ProcessHandle> found) {
        Set<ProcessHandle> members = new LinkedHashSet<>(found);
        if (members.isEmpty()) {
            return 0;
        }
        int count = members.size();
        boolean interrupted = false;
        try {
            members.forEach(ProcessHandle::destroy);
            interrupted = awaitGone(members, grace, true);
            Set<ProcessHandle> left = sessionMembers(session);
            left.addAll(members);
            left.forEach(ProcessHandle::destroyForcibly);
            interrupted |= awaitGone(left, KILL_WAIT, false);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return count;
    }

    /**
     * The running processes whose session id is {@code session}, from a read of {@code /proc}
     * shared with the other attempts asking at the same time ({@link SessionScan}).
     */
    Set<ProcessHandle> sessionMembers(long session) {
        return new LinkedHashSet<>(sessions.members(session));
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
        ProcStat stat = ProcStat.read(handle.pid(), new byte[ProcStat.BUFFER_BYTES]);
        return stat != null ? stat.running() : handle.isAlive(); // null: gone meanwhile, or not Linux
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
