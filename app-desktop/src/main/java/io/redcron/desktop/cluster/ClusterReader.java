package io.redcron.desktop.cluster;

import io.redcron.domain.NodeInfo;
import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import io.redcron.port.NodeRegistry;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reads who leads, the fencing epoch and the node heartbeats. The epoch comes from MySQL and the
 * rest from Redis: a database that does not answer costs the epoch line only.
 */
final class ClusterReader {

    /**
     * @param readAt     when the lease's remaining time was read, to count it down from
     * @param epochError why the epoch could not be read, or null
     */
    record Snapshot(Optional<LeaderLease.Holder> leader, Instant readAt, List<NodeInfo> nodes,
                    boolean epochAvailable, Optional<FencingEpochs.Epoch> epoch, Throwable epochError) {
    }

    private final LeaderLease lease;
    private final NodeRegistry registry;
    private final EpochSource epochs;
    private final java.time.Clock clock;

    ClusterReader(LeaderLease lease, NodeRegistry registry, EpochSource epochs, java.time.Clock clock) {
        this.lease = lease;
        this.registry = registry;
        this.epochs = epochs;
        this.clock = clock;
    }

    Snapshot read() {
        Optional<LeaderLease.Holder> leader = lease.current();
        Instant readAt = clock.instant();
        List<NodeInfo> nodes = registry.list();
        Optional<FencingEpochs.Epoch> epoch = Optional.empty();
        Throwable epochError = null;
        try {
            epoch = epochs.read();
        } catch (RuntimeException e) {
            epochError = e;
        }
        return new Snapshot(leader, readAt, nodes, epochs.available(), epoch, epochError);
    }
}
