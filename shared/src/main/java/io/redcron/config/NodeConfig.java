package io.redcron.config;

import io.redcron.domain.NodeRole;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * @param namespaces the namespaces this node serves, at least one; the first is the one commands
 *                   of the command line work in
 */
public record NodeConfig(String nodeId, List<String> namespaces, Set<NodeRole> roles, Set<String> groups, int slots,
                         Duration drainGrace) {
    public NodeConfig {
        namespaces = List.copyOf(namespaces);
        if (namespaces.isEmpty()) {
            throw new ConfigException(Setting.NODE_NAMESPACE.key(), "must name at least one namespace");
        }
        roles = Set.copyOf(roles);
        groups = Set.copyOf(groups);
    }

    /** The first namespace: the one of the command line and of a single-namespace node. */
    public String namespace() {
        return namespaces.get(0);
    }
}
