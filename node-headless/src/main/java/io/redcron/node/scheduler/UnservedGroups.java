package io.redcron.node.scheduler;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertSink;
import io.redcron.port.NodeRegistry;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Raises {@code GROUP_UNSERVED} when runs of a group wait and no live worker serves the group:
 * nothing will take them before the queue deadline fails them. At most once per group and
 * {@code period}, whatever the dispatcher's own limit, so the check stays cheap: a group already
 * reported costs nothing until its period is over.
 */
final class UnservedGroups {
    private static final Logger LOG = LoggerFactory.getLogger(UnservedGroups.class);

    private final String namespace;
    private final RunQueue queue;
    private final RecoveryStore recovery;
    private final NodeRegistry registry;
    private final AlertSink alerts;
    private final Duration grace;
    private final Duration period;
    private final Map<String, Instant> reportedAt = new HashMap<>();

    /**
     * @param grace  how long a run must have waited to count: a worker that starts together with
     *               the scheduler has sent its first heartbeat by then
     * @param period at most one alert per group in this window ({@code alerts.rate-limit})
     */
    UnservedGroups(String namespace, RunQueue queue, RecoveryStore recovery, NodeRegistry registry, AlertSink alerts,
                   Duration grace, Duration period) {
        this.namespace = namespace;
        this.queue = queue;
        this.recovery = recovery;
        this.registry = registry;
        this.alerts = alerts;
        this.grace = grace;
        this.period = period;
    }

    /** Checks the given groups; returns how many alerts were raised. */
    int run(Instant now, Collection<String> groups) {
        reportedAt.values().removeIf(at -> !now.isBefore(at.plus(period)));
        Set<String> candidates = new HashSet<>();
        for (String group : groups) {
            if (!reportedAt.containsKey(group) && hasEntries(group)) {
                candidates.add(group);
            }
        }
        if (candidates.isEmpty()) {
            return 0;
        }
        candidates.removeAll(servedGroups(registry.list()));
        int raised = 0;
        for (String group : candidates) {
            try {
                RecoveryStore.Backlog backlog = recovery.backlog(namespace, group, now.minus(grace));
                if (backlog.waiting() > 0) {
                    alerts.raise(Alert.groupUnserved(group, backlog.waiting(), backlog.oldestDueAt(), now));
                    reportedAt.put(group, now);
                    raised++;
                }
            } catch (RuntimeException e) {
                LOG.warn("Checking whether group '{}' has a worker failed: {}", group, e.getMessage());
            }
        }
        return raised;
    }

    /** The stream's length costs Redis nothing: the database is asked only about groups with entries. */
    private boolean hasEntries(String group) {
        try {
            return queue.length(group) > 0;
        } catch (RuntimeException e) {
            LOG.warn("Reading the length of the stream of group '{}' failed: {}", group, e.getMessage());
            return false;
        }
    }

    private static Set<String> servedGroups(List<NodeInfo> nodes) {
        Set<String> served = new HashSet<>();
        for (NodeInfo node : nodes) {
            if (node.roles().contains(NodeRole.WORKER)) {
                served.addAll(node.groups());
            }
        }
        return served;
    }
}
