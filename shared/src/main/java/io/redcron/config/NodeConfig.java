package io.redcron.config;

import io.redcron.domain.NodeRole;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * @param nodeId           this node's name in the registry, in leases and in run rows
 * @param namespaces       the namespaces this node serves, at least one, each once; the first is
 *                         the one commands of the command line work in
 * @param groups           routing groups whose runs this node's worker executes, at least one
 * @param allowRoot        whether {@code run} may go on as root (it refuses otherwise)
 * @param evictionCheck    what to do when Redis could evict Redcron's keys
 * @param persistenceCheck what to do when Redis persists nothing
 */
public record NodeConfig(String nodeId, List<String> namespaces, Set<NodeRole> roles, Set<String> groups, int slots,
                         Duration drainGrace, boolean allowRoot, StoreCheck evictionCheck, StoreCheck persistenceCheck) {
    public NodeConfig {
        SettingChecks.identifier(Setting.NODE_ID, nodeId);
        namespaces = List.copyOf(namespaces);
        Set<String> seen = new HashSet<>();
        for (String namespace : namespaces) {
            SettingChecks.identifier(Setting.NODE_NAMESPACE, namespace);
            if (!seen.add(namespace)) {
                throw new ConfigException(Setting.NODE_NAMESPACE.key(), "names '" + namespace + "' twice");
            }
        }
        if (namespaces.isEmpty()) {
            throw new ConfigException(Setting.NODE_NAMESPACE.key(), "must name at least one namespace");
        }
        roles = Set.copyOf(roles);
        if (roles.isEmpty()) {
            throw new ConfigException(Setting.NODE_ROLES.key(), "must name at least one value");
        }
        groups.forEach(group -> SettingChecks.identifier(Setting.NODE_GROUPS, group)); // in the order given
        groups = Set.copyOf(groups);
        if (groups.isEmpty()) {
            throw new ConfigException(Setting.NODE_GROUPS.key(), "must name at least one group");
        }
        SettingChecks.range(Setting.NODE_SLOTS, slots, 1, 1024);
        SettingChecks.positive(Setting.NODE_DRAIN_GRACE, drainGrace);
        SettingChecks.present(Setting.REDIS_EVICTION_CHECK, evictionCheck);
        SettingChecks.present(Setting.REDIS_PERSISTENCE_CHECK, persistenceCheck);
    }

    /** The first namespace: the one of the command line and of a single-namespace node. */
    public String namespace() {
        return namespaces.get(0);
    }
}
