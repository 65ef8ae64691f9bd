package io.redcron.desktop.cluster;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.RecoveryStore.Backlog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Per routing group: the live workers that serve it, their free slots, and the runs that wait
 * for it. The groups are those some live worker serves and those whose stream holds runs.
 */
final class GroupCapacity {
    private GroupCapacity() {
    }

    /**
     * @param live            the live nodes
     * @param queuedByGroup   entries on each group's stream (a cheap hint of which groups have runs waiting)
     * @param backlog         the runs that really wait in a group, from the history (asked only of
     *                        groups whose stream holds entries)
     */
    static List<GroupRow> of(Collection<NodeInfo> live, Map<String, Long> queuedByGroup,
                             Function<String, Backlog> backlog) {
        Map<String, int[]> served = new TreeMap<>();
        for (NodeInfo node : live) {
            if (!node.roles().contains(NodeRole.WORKER)) {
                continue;
            }
            for (String group : node.groups()) {
                int[] counts = served.computeIfAbsent(group, g -> new int[2]);
                counts[0]++;
                counts[1] += node.freeSlots();
            }
        }
        TreeSet<String> groups = new TreeSet<>(served.keySet());
        queuedByGroup.forEach((group, queued) -> {
            if (queued > 0) {
                groups.add(group);
            }
        });
        List<GroupRow> rows = new ArrayList<>();
        for (String group : groups) {
            int[] counts = served.getOrDefault(group, new int[2]);
            Backlog waiting = queuedByGroup.getOrDefault(group, 0L) > 0 ? backlog.apply(group) : Backlog.NONE;
            rows.add(new GroupRow(group, counts[0], counts[1], waiting.waiting(), waiting.oldestDueAt()));
        }
        return rows;
    }
}
