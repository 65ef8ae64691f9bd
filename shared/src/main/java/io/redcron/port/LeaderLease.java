package io.redcron.port;

import java.time.Duration;
import java.util.Optional;

/**
 * The fast election of a namespace's scheduler: whoever holds the lease leads. It is not the
 * safety: a lease can be lost without the holder noticing in time (pause, partition), so every
 * leader write is also fenced by the epoch in MySQL.
 */
public interface LeaderLease {

    /** Takes the lease if nobody holds it. */
    boolean tryAcquire(String holder, Duration ttl);

    /** Extends the lease if {@code holder} still holds it. */
    boolean renew(String holder, Duration ttl);

    /** Gives the lease up if {@code holder} holds it, so a successor need not wait for expiry. */
    void release(String holder);

    Optional<Holder> current();

    record Holder(String holder, Duration remaining) {
        /** The node part of {@code nodeId:uuid}. */
        public String nodeId() {
            int colon = holder.lastIndexOf(':');
            return colon < 0 ? holder : holder.substring(0, colon);
        }
    }
}
