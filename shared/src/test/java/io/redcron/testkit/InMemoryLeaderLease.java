package io.redcron.testkit;

import io.redcron.port.LeaderLease;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The leader lease in memory; it expires by the kit's clock, so a test lets it lapse by advancing time. */
public final class InMemoryLeaderLease implements LeaderLease {
    private final Keyspace keyspace;

    InMemoryLeaderLease(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public boolean tryAcquire(String holder, Duration ttl) {
        synchronized (keyspace) {
            if (held() != null) {
                return false;
            }
            keyspace.leader = holder;
            keyspace.leaderUntil = keyspace.now().plus(ttl);
            return true;
        }
    }

    @Override
    public boolean renew(String holder, Duration ttl) {
        synchronized (keyspace) {
            if (!holder.equals(held())) {
                return false;
            }
            keyspace.leaderUntil = keyspace.now().plus(ttl);
            return true;
        }
    }

    @Override
    public void release(String holder) {
        synchronized (keyspace) {
            if (holder.equals(held())) {
                keyspace.leader = null;
                keyspace.leaderUntil = null;
            }
        }
    }

    @Override
    public Optional<Holder> current() {
        synchronized (keyspace) {
            String holder = held();
            return holder == null ? Optional.empty()
                    : Optional.of(new Holder(holder, Duration.between(keyspace.now(), keyspace.leaderUntil)));
        }
    }

    /** The holder while the lease runs, null once it has expired (as a key with PX vanishes). */
    private String held() {
        Instant now = keyspace.now();
        if (keyspace.leader != null && now.isBefore(keyspace.leaderUntil)) {
            return keyspace.leader;
        }
        keyspace.leader = null;
        keyspace.leaderUntil = null;
        return null;
    }
}
