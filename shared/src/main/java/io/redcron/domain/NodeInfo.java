package io.redcron.domain;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/** A node's heartbeat as kept in the node registry. */
public record NodeInfo(String nodeId, String host, long pid, String version, Set<NodeRole> roles,
                       Set<String> groups, int slots, int running, Instant startedAt, Instant lastSeen) {

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
}
