package io.redcron.desktop.cluster;

import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;

import java.time.Instant;
import java.util.Optional;

/**
 * Reads who leads, the fencing epoch, the nodes (live and lost) and the groups they serve. The
 * epoch comes from MySQL and the rest from Redis and the history: a database that does not answer
 * costs the epoch line only, unless the groups' waiting runs are asked for.
 */
final class ClusterReader {

    /**
     * @param readAt     when the lease's remaining time was read, to count it down from
     * @param epochError why the epoch could not be read, or null
     */
    record Snapshot(Optional<LeaderLease.Holder> leader, Instant readAt, TroubleReader.Reading cluster,
                    boolean epochAvailable, Optional<FencingEpochs.Epoch> epoch, Throwable epochError) {
    }

    private final LeaderLease lease;
    private final TroubleReader cluster;
    private final EpochSource epochs;
    private final java.time.Clock clock;

    ClusterReader(LeaderLease lease, TroubleReader cluster, EpochSource epochs, java.time.Clock clock) {
        this.lease = lease;
        this.cluster = cluster;
        this.epochs = epochs;
        this.clock = clock;
    }

    Snapshot read() {
        Optional<LeaderLease.Holder> leader = lease.current();
        Instant readAt = clock.instant();
        TroubleReader.Reading nodes = cluster.read();
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
