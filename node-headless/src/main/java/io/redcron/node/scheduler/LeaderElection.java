package io.redcron.node.scheduler;

import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Runs every tenth of the lease ({@link #period}): a follower tries to take the lease (a cheap
 * {@code SET NX}), so a dead leader is replaced soon after its lease runs out; the leader renews
 * every third of the lease and steps down when a renewal is refused or not confirmed in time.
 * Taking the lease also takes the next fencing epoch. Each pass catches and reports its failures.
 */
public final class LeaderElection implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(LeaderElection.class);

    private final String namespace;
    private final String nodeId;
    private final LeaderLease lease;
    private final FencingEpochs epochs;
    private final Leadership leadership;
    private final Duration ttl;
    private final LongSupplier nanoTime;
    private final Runnable onElected;
    private long lastRenewal;

    public LeaderElection(String namespace, String nodeId, LeaderLease lease, FencingEpochs epochs,
                          Leadership leadership, Duration ttl, LongSupplier nanoTime, Runnable onElected) {
        this.namespace = namespace;
        this.nodeId = nodeId;
        this.lease = lease;
        this.epochs = epochs;
        this.leadership = leadership;
        this.ttl = ttl;
        this.nanoTime = nanoTime;
        this.onElected = onElected;
    }

    @Override
    public void run() {
        long started = nanoTime.getAsLong();
        // The lease may run out ttl after the request was sent, not after the answer came back;
        // a margin of a tenth covers clock drift between us and Redis.
        long validUntil = started + ttl.toNanos() - ttl.toNanos() / 10;
        Leadership.Term held = leadership.held();
        try {
            if (held == null) {
                tryToLead(validUntil);
                lastRenewal = started;
            } else if (started - lastRenewal < ttl.toNanos() / 3) {
                return;
            } else if (lease.renew(held.holder(), ttl)) {
                leadership.extend(validUntil);
                lastRenewal = started;
            } else {
                stepDown("the lease was taken over or expired");
            }
        } catch (RuntimeException e) {
            if (held != null && nanoTime.getAsLong() - held.validUntil() >= 0) {
                stepDown("the lease could not be renewed in time: " + e.getMessage());
            } else {
                LOG.warn("Leader election pass for namespace '{}' failed: {}", namespace, e.getMessage());
            }
        }
    }

    private void tryToLead(long validUntil) {
        String holder = nodeId + ":" + UUID.randomUUID();
        if (!lease.tryAcquire(holder, ttl)) {
            return;
        }
        long epoch;
        try {
            epoch = epochs.advance(namespace, holder);
        } catch (RuntimeException e) {
            lease.release(holder);
            throw e;
        }
        leadership.begin(new Leadership.Term(epoch, holder, validUntil));
        LOG.info("Node {} now leads the scheduler of namespace '{}' (epoch {})", nodeId, namespace, epoch);
        onElected.run();
    }

    /** How often {@link #run} should be called. */
    public static java.time.Duration period(Duration ttl) {
        return ttl.dividedBy(10);
    }

    public boolean isLeading() {
        return leadership.isLeader();
    }

    /** Gives up the lease on shutdown so another node takes over at once. */
    public void resign() {
        Leadership.Term ended = leadership.end();
        if (ended != null) {
            try {
                lease.release(ended.holder());
                LOG.info("Node {} resigned as scheduler of namespace '{}' (epoch {})", nodeId, namespace, ended.epoch());
            } catch (RuntimeException e) {
                LOG.warn("Could not release the leader lease of namespace '{}': {}", namespace, e.getMessage());
            }
        }
    }

    void stepDown(String reason) {
        Leadership.Term ended = leadership.end();
        if (ended != null) {
            LOG.warn("Node {} stops leading namespace '{}' (epoch {}): {}", nodeId, namespace, ended.epoch(), reason);
        }
    }
}
