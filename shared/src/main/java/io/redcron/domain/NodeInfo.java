package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * A node's heartbeat as kept in the node registry.
 *
 * @param clockOffset how far the node's clock is from the database's, as the node last measured it
 *                    (positive: the node is ahead); null if the node did not say
 */
public record NodeInfo(String nodeId, String host, long pid, String version, Set<NodeRole> roles,
                       Set<String> groups, int slots, int running, Instant startedAt, Instant lastSeen,
                       Duration clockOffset) {

    public NodeInfo {
        Checks.identifier("node-id", nodeId);
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(version, "version");
        roles = Set.copyOf(roles);
        groups = Set.copyOf(groups);
        if (slots < 0 || running < 0) {
            throw new IllegalArgumentException("slots and running must not be negative");
        }
    }

    /** A heartbeat that does not say how far the node's clock is off. */
    public NodeInfo(String nodeId, String host, long pid, String version, Set<NodeRole> roles, Set<String> groups,
                    int slots, int running, Instant startedAt, Instant lastSeen) {
        this(nodeId, host, pid, version, roles, groups, slots, running, startedAt, lastSeen, null);
    }

    /** Free slots: how many more runs the node could take now. */
    public int freeSlots() {
        return Math.max(0, slots - running);
    }
}
