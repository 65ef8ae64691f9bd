package io.redcron.node.alert;

import io.redcron.domain.NodeInfo;
import io.redcron.port.NodeRegistry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Run by every scheduler node, acting only while it leads: raises {@link AlertKind#NODE_LOST}
 * for a node whose heartbeat is older than {@code silence} — still listed but stale, or gone
 * from the registry after going stale (its heartbeat expired). A node that stops cleanly
 * removes its heartbeat right after writing one, so it is gone before it can look stale and
 * raises nothing. Each loss is reported once; a node that comes back may be reported again.
 */
public final class NodeWatch implements Runnable {
    private final NodeRegistry registry;
    private final AlertSink alerts;
    private final BooleanSupplier leading;
    private final Duration silence;
    private final Clock clock;
    private final Map<String, NodeInfo> seen = new HashMap<>();
    private final Set<String> reported = new HashSet<>();

    /** @param silence longer than the heartbeat period plus this check's, shorter than the heartbeat TTL */
    public NodeWatch(NodeRegistry registry, AlertSink alerts, BooleanSupplier leading, Duration silence, Clock clock) {
        this.registry = registry;
        this.alerts = alerts;
        this.leading = leading;
        this.silence = silence;
        this.clock = clock;
    }

    @Override
    public void run() {
        if (!leading.getAsBoolean()) {
            // A new leader starts from what it sees then: it cannot know who was lost before.
            seen.clear();
            reported.clear();
            return;
        }
        Instant now = clock.instant();
        List<NodeInfo> listed = registry.list();
        Set<String> present = new HashSet<>();
        for (NodeInfo node : listed) {
            present.add(node.nodeId());
            if (stale(node, now)) {
                report(node, now);
            } else {
                reported.remove(node.nodeId());
            }
            seen.put(node.nodeId(), node);
        }
        seen.values().removeIf(node -> {
            if (present.contains(node.nodeId())) {
                return false;
            }
            if (stale(node, now)) {
                report(node, now);
            }
            reported.remove(node.nodeId());
            return true;
        });
    }

    private boolean stale(NodeInfo node, Instant now) {
        return node.lastSeen() != null && Duration.between(node.lastSeen(), now).compareTo(silence) > 0;
    }

    private void report(NodeInfo node, Instant now) {
        if (reported.add(node.nodeId())) {
            alerts.raise(Alert.nodeLost(node.nodeId(), node.host(), node.lastSeen(), now));
        }
    }
}
