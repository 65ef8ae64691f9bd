package io.redcron.config;

import io.redcron.domain.NodeRole;

import java.time.Duration;
import java.util.Set;

/**
 * @param allowRoot        whether {@code run} may go on as root (it refuses otherwise)
 * @param evictionCheck    what to do when Redis could evict Redcron's keys
 * @param persistenceCheck what to do when Redis persists nothing
 */
public record NodeConfig(String nodeId, String namespace, Set<NodeRole> roles, Set<String> groups, int slots,
                         Duration drainGrace, boolean allowRoot, StoreCheck evictionCheck, StoreCheck persistenceCheck) {
    public NodeConfig {
        roles = Set.copyOf(roles);
        groups = Set.copyOf(groups);
        evictionCheck = evictionCheck == null ? StoreCheck.REFUSE : evictionCheck;
        persistenceCheck = persistenceCheck == null ? StoreCheck.WARN : persistenceCheck;
    }

    public NodeConfig(String nodeId, String namespace, Set<NodeRole> roles, Set<String> groups, int slots,
                      Duration drainGrace) {
        this(nodeId, namespace, roles, groups, slots, drainGrace, false, null, null);
    }
}
