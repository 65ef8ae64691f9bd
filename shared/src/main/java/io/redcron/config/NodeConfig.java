package io.redcron.config;

import io.redcron.domain.NodeRole;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * @param namespaces       the namespaces this node serves, at least one; the first is the one
 *                         commands of the command line work in
 * @param allowRoot        whether {@code run} may go on as root (it refuses otherwise)
 * @param evictionCheck    what to do when Redis could evict Redcron's keys
 * @param persistenceCheck what to do when Redis persists nothing
 */
public record NodeConfig(String nodeId, List<String> namespaces, Set<NodeRole> roles, Set<String> groups, int slots,
                         Duration drainGrace, boolean allowRoot, StoreCheck evictionCheck, StoreCheck persistenceCheck) {
    public NodeConfig {
        namespaces = List.copyOf(namespaces);
        if (namespaces.isEmpty()) {
            throw new ConfigException(Setting.NODE_NAMESPACE.key(), "must name at least one namespace");
        }
        roles = Set.copyOf(roles);
        groups = Set.copyOf(groups);
        evictionCheck = evictionCheck == null ? StoreCheck.REFUSE : evictionCheck;
        persistenceCheck = persistenceCheck == null ? StoreCheck.WARN : persistenceCheck;
    }

    public NodeConfig(String nodeId, String namespace, Set<NodeRole> roles, Set<String> groups, int slots,
                      Duration drainGrace, boolean allowRoot, StoreCheck evictionCheck, StoreCheck persistenceCheck) {
        this(nodeId, List.of(namespace), roles, groups, slots, drainGrace, allowRoot, evictionCheck, persistenceCheck);
    }

    public NodeConfig(String nodeId, List<String> namespaces, Set<NodeRole> roles, Set<String> groups, int slots,
                      Duration drainGrace) {
        this(nodeId, namespaces, roles, groups, slots, drainGrace, false, null, null);
    }

    public NodeConfig(String nodeId, String namespace, Set<NodeRole> roles, Set<String> groups, int slots,
                      Duration drainGrace) {
        this(nodeId, List.of(namespace), roles, groups, slots, drainGrace, false, null, null);
    }

    /** The first namespace: the one of the command line and of a single-namespace node. */
    public String namespace() {
        return namespaces.get(0);
    }
}
