package io.redcron.testkit;

import io.redcron.domain.NodeInfo;
import io.redcron.port.NodeRegistry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Heartbeats in memory; a node that stops beating disappears after its TTL, by the kit's clock,
 * and is kept as lost for {@link NodeRegistry#LOST_KEPT} more.
 */
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
            keyspace.nodesSeen.put(node.nodeId(), node);
            keyspace.nodesSeenUntil.put(node.nodeId(), keyspace.now().plus(ttl).plus(LOST_KEPT));
        }
    }

    @Override
    public void remove(String nodeId) {
        synchronized (keyspace) {
            keyspace.nodes.remove(nodeId);
            keyspace.nodesUntil.remove(nodeId);
            keyspace.nodesSeen.remove(nodeId);
            keyspace.nodesSeenUntil.remove(nodeId);
        }
    }

    @Override
    public List<NodeInfo> list() {
        synchronized (keyspace) {
            Instant now = keyspace.now();
            expire(keyspace.nodes, keyspace.nodesUntil, now);
            return new ArrayList<>(keyspace.nodes.values());
        }
    }

    @Override
    public List<NodeInfo> lost() {
        synchronized (keyspace) {
            Instant now = keyspace.now();
            expire(keyspace.nodes, keyspace.nodesUntil, now);
            expire(keyspace.nodesSeen, keyspace.nodesSeenUntil, now);
            List<NodeInfo> lost = new ArrayList<>();
            keyspace.nodesSeen.forEach((id, node) -> {
                if (!keyspace.nodes.containsKey(id)) {
                    lost.add(node);
                }
            });
            return lost;
        }
    }

    private static void expire(Map<String, NodeInfo> nodes, Map<String, Instant> until, Instant now) {
        until.entrySet().removeIf(entry -> {
            boolean expired = !now.isBefore(entry.getValue());
            if (expired) {
                nodes.remove(entry.getKey());
            }
            return expired;
        });
    }
}
