package io.redcron.node.worker;

import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Keeps the leases of the runs in flight here; a run whose lease this node lost (the reaper gave
 * it to another) is stopped. Driven every third of the lease by the node's housekeeping.
 */
final class LeaseKeeper {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

    private final String nodeId;
    private final Duration lease;
    private final RunStore runs;
    private final RunsInFlight inFlight;
    private final RunStops stops;
    private final Clock clock;

    LeaseKeeper(String nodeId, Duration lease, RunStore runs, RunsInFlight inFlight, RunStops stops, Clock clock) {
        this.nodeId = nodeId;
        this.lease = lease;
        this.runs = runs;
        this.inFlight = inFlight;
        this.stops = stops;
        this.clock = clock;
    }

    /** Renews every lease that needs it now, one statement each; stops the runs this node lost. */
    void renewOnce() {
        Instant now = clock.instant();
        // A run claimed ahead and not started yet is renewed only once less than two thirds are
        // left: it still never has less than a third, and the thousands of runs held under a high
        // fire rate cost no statement each per round.
        Instant fresh = now.plus(lease.multipliedBy(2).dividedBy(3));
        for (InFlight flight : inFlight.all()) {
            if (flight.startedAt == null && flight.leaseUntil.isAfter(fresh)) {
                continue;
            }
            try {
                Instant leaseUntil = now.plus(lease);
                if (runs.renewLease(flight.run.id(), flight.run.attempt(), nodeId, leaseUntil)) {
                    flight.leaseUntil = leaseUntil;
                } else {
                    stops.leaseRefused(flight, "node " + nodeId + " no longer owns this run");
                }
            } catch (RuntimeException e) {
                LOG.warn("Could not renew the lease of run {}: {}", flight.run.id(), e.getMessage());
            }
        }
    }
}
