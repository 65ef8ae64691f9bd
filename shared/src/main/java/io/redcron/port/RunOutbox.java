package io.redcron.port;

import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Runs recorded by a program other than a node (the JDBC client, inside its caller's transaction)
 * that have to be put on their streams. Whoever records such a run adds its entry in the same
 * transaction; the leader reads the entries, queues the runs and deletes the entries. Queueing
 * comes first, so a leader that stops in between leaves the entry and the run is queued again:
 * delivery is at least once, which the claim in the run store makes harmless.
 */
public interface RunOutbox {

    /** Up to {@code limit} entries of the namespace, earliest due first, each with its run's status now. */
    List<Entry> pending(String namespace, int limit);

    /** Deletes the entries of these runs in the namespace; ids without one are ignored. */
    void delete(String namespace, Collection<Long> runIds);

    /**
     * One run waiting to be queued.
     *
     * @param group  the routing group whose stream takes it
     * @param dueAt  when the run is due (its scheduled time)
     * @param status the run's status when the entry was read; null when the run no longer exists
     */
    record Entry(long runId, String group, Instant dueAt, RunStatus status) {
        /** Whether the run still waits for a stream: an ended, claimed or deleted run needs none. */
        public boolean waits() {
            return status == RunStatus.QUEUED;
        }
    }
}
