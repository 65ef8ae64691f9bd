package io.redcron.testkit;

import io.redcron.domain.NodeInfo;
import io.redcron.port.NodeRegistry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Heartbeats in memory; a node that stops beating disappears after its TTL, by the kit's clock. */
public final class InMemoryNodeRegistry implements NodeRegistry {
    private final Keyspace keyspace;

    InMemoryNodeRegistry(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public void heartbeat(NodeInfo node, Duration ttl) {
        synchronized (keyspace) {
            keyspace.nodes.put(node.nodeId(), node);
            keyspace.nodesUntil.put(node.nodeId(), keyspace.now().plus(ttl));
        }
    }

    @Override
    public void remove(String nodeId) {
        synchronized (keyspace) {
            keyspace.nodes.remove(nodeId);
            keyspace.nodesUntil.remove(nodeId);
        }
    }

    @Override
    public List<NodeInfo> list() {
        synchronized (keyspace) {
            Instant now = keyspace.now();
            keyspace.nodesUntil.entrySet().removeIf(entry -> {
                boolean expired = !now.isBefore(entry.getValue());
                if (expired) {
                    keyspace.nodes.remove(entry.getKey());
                }
                return expired;
            });
            return new ArrayList<>(keyspace.nodes.values());
        }
    }
}
