package io.redcron.port;

import io.redcron.domain.NodeInfo;

import java.time.Duration;
import java.util.List;

/** Heartbeats of the nodes of a namespace; a node that stops beating disappears after its TTL. */
public interface NodeRegistry {

    void heartbeat(NodeInfo node, Duration ttl);

    void remove(String nodeId);

    List<NodeInfo> list();
}
