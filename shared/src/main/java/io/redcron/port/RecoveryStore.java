package io.redcron.port;

import io.redcron.domain.Run;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * What the leader's reaper and reconciler need from the run history: runs whose worker vanished,
 * runs that Redis may have lost, runs past their deadline. All changes are conditional on the
 * run's status and attempt, so they cannot overwrite a worker that is still alive.
 */
public interface RecoveryStore {

    /** RUNNING runs whose lease ran out before {@code now}. */
    List<Run> expiredLeases(String namespace, Instant now, int limit);

    /**
     * Records that attempt {@code attempt} was lost and puts the run back in the queue, or fails
     * it when it has lost too many attempts. A claim made ahead of the run's time that never
     * began is released instead (queued again, its attempt undone, no attempt lost); one whose
     * cancel was asked for ends CANCELLED.
     *
     * @return the run's new status, or null if the run had moved on meanwhile
     */
    io.redcron.domain.RunStatus recoverLost(long runId, int attempt, Instant now, int maxLostAttempts, String reason);

    /** QUEUED runs created, and RETRYING runs due, before {@code before}: maybe lost by Redis. */
    List<Run> waitingSince(String namespace, Instant before, int limit);

    /**
     * QUEUED or RETRYING runs that were due (created, requeued, or at the end of their backoff)
     * before {@code deadline}: nobody took them in time.
     */
    List<Run> overdue(String namespace, Instant deadline, int limit);

    /** Those of {@code runIds} that still wait for a worker (QUEUED or RETRYING); the rest have moved on or are gone. */
    Set<Long> stillWaiting(Collection<Long> runIds);

    /** The runs of one group that were due before {@code before} and still wait for a worker. */
    Backlog backlog(String namespace, String group, Instant before);

    /** How many runs wait, and since when the one waiting longest was due (null when none waits). */
    record Backlog(long waiting, Instant oldestDueAt) {
        public static final Backlog NONE = new Backlog(0, null);
    }
}
