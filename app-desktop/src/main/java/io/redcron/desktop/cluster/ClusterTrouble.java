package io.redcron.desktop.cluster;

import io.redcron.desktop.ui.Ages;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.NodeInfo;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What is wrong with the cluster now, as every screen announces it: groups whose runs wait with no
 * live worker to take them, and nodes lost without a clean stop.
 */
public record ClusterTrouble(List<GroupRow> unserved, List<NodeInfo> lost) {
    public static final ClusterTrouble NONE = new ClusterTrouble(List.of(), List.of());

    public ClusterTrouble {
        unserved = List.copyOf(unserved);
        lost = List.copyOf(lost);
    }

    static ClusterTrouble of(List<GroupRow> groups, List<NodeInfo> lost) {
        return new ClusterTrouble(groups.stream().filter(GroupRow::unserved).toList(), lost);
    }

    public boolean any() {
        return !unserved.isEmpty() || !lost.isEmpty();
    }

    /** How many things are wrong: the number a badge shows. */
    public int count() {
        return unserved.size() + lost.size();
    }

    /**
     * One line per trouble: "gpu: 6 runs waiting, no node serves this group, oldest 9 min" and
     * "Node worker-3 lost: last seen 4 min ago".
     */
    public List<String> lines(Messages messages, Instant now) {
        List<String> lines = new ArrayList<>();
        for (GroupRow group : unserved) {
            lines.add(messages.get("trouble.unserved", group.group(), group.waiting(),
                    Ages.of(messages, group.oldestDue() == null ? Duration.ZERO : Duration.between(group.oldestDue(), now))));
        }
        for (NodeInfo node : lost) {
            lines.add(messages.get("trouble.lost", node.nodeId(), Ages.of(messages, Duration.between(node.lastSeen(), now))));
        }
        return lines;
    }
}
