package io.redcron.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Operators' requests that a node stop taking runs of a namespace, and the node's word that it has
 * none left. A request stays until it is withdrawn, whatever the node does meanwhile (a restart
 * included). Requests and withdrawals are audited.
 */
public interface NodeDrains {

    /** Asks {@code nodeId} to drain; false if it was asked already. */
    boolean request(String namespace, String nodeId, String actor);

    /** Lets {@code nodeId} take runs again; false if it was not draining. */
    boolean withdraw(String namespace, String nodeId, String actor);

    Optional<Drain> of(String namespace, String nodeId);

    /** Every drain of a namespace, by node id. */
    List<Drain> list(String namespace);

    /** The node has nothing left in flight: it is drained (once; a later call changes nothing). */
    void drained(String namespace, String nodeId, Instant at);

    /** @param drainedAt null while the node still runs what it had */
    record Drain(String namespace, String nodeId, Instant requestedAt, String requestedBy, Instant drainedAt) {
        public boolean isDrained() {
            return drainedAt != null;
        }
    }
}
