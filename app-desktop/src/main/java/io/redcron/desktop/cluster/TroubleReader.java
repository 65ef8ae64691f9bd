package io.redcron.desktop.cluster;

import io.redcron.domain.NodeInfo;
import io.redcron.port.NodeRegistry;
import io.redcron.port.QueueInspector;
import io.redcron.port.RecoveryStore;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads what the groups and nodes look like now: the live and lost nodes, each group's workers,
 * free slots and waiting runs. Blocking: only ever off the JavaFX thread.
 */
public final class TroubleReader {
    /** The groups, and the nodes lost, at one moment. */
    public record Reading(List<NodeInfo> live, List<NodeInfo> lost, List<GroupRow> groups, ClusterTrouble trouble) {
    }

    private final NodeRegistry registry;
    private final QueueInspector queues;
    private final RecoveryStore recovery;
    private final String namespace;
    private final Clock clock;

    public TroubleReader(NodeRegistry registry, QueueInspector queues, RecoveryStore recovery, String namespace,
                         Clock clock) {
        this.registry = registry;
        this.queues = queues;
        this.recovery = recovery;
        this.namespace = namespace;
        this.clock = clock;
    }

    public Reading read() {
        List<NodeInfo> live = registry.list();
        List<NodeInfo> lost = registry.lost();
        Map<String, Long> queued = new TreeMap<>();
        for (QueueInspector.StreamStats stream : queues.stats().streams()) {
            queued.put(stream.group(), stream.length());
        }
        List<GroupRow> groups = GroupCapacity.of(live, queued,
                group -> recovery.backlog(namespace, group, clock.instant()));
        return new Reading(live, lost, groups, ClusterTrouble.of(groups, lost));
    }
}
