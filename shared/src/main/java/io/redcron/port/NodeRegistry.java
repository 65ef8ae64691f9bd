package io.redcron.port;

import io.redcron.domain.NodeInfo;

import java.time.Duration;
import java.util.List;

/**
 * Heartbeats of the nodes of a namespace; a node that stops beating disappears after its TTL.
 * Its last heartbeat is kept for {@link #LOST_KEPT} after that, so that a node that died shows as
 * lost rather than vanishing; a node that stops cleanly removes both.
 */
public interface NodeRegistry {
    /** How long the last heartbeat of a node that stopped beating is kept. */
    Duration LOST_KEPT = Duration.ofDays(1);

    void heartbeat(NodeInfo node, Duration ttl);

    /** Takes a node off at once (it stopped cleanly): it is neither live nor lost. */
    void remove(String nodeId);

    /** The live nodes, by id. */
    List<NodeInfo> list();

    /**
     * Nodes whose heartbeat expired within {@link #LOST_KEPT} without their being removed, as
     * last seen, by id.
     */
    List<NodeInfo> lost();
}
