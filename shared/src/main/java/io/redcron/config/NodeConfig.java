package io.redcron.config;

import io.redcron.domain.NodeRole;

import java.time.Duration;
import java.util.Set;

public record NodeConfig(String nodeId, String namespace, Set<NodeRole> roles, Set<String> groups, int slots,
                         Duration drainGrace) {
    public NodeConfig {
        roles = Set.copyOf(roles);
        groups = Set.copyOf(groups);
    }
}
