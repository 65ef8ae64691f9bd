package io.redcron.store.redis;

import io.redcron.port.LeaderLease;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The leader lease as one Redis string with a PX expiry; renew and release compare the holder first. */
public final class RedisLeaderLease implements LeaderLease {
    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisLeaderLease(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public boolean tryAcquire(String holder, Duration ttl) {
        return "OK".equals(redis.set(keys.leader(), holder, SetParams.setParams().nx().px(ttl.toMillis())));
    }

    @Override
    public boolean renew(String holder, Duration ttl) {
        Object renewed = LuaScripts.RENEW_LEASE.eval(redis, List.of(keys.leader()),
                List.of(holder, Long.toString(ttl.toMillis())));
        return renewed instanceof Long value && value == 1L;
    }

    @Override
    public void release(String holder) {
        LuaScripts.RELEASE_LEASE.eval(redis, List.of(keys.leader()), List.of(holder));
    }

    @Override
    public Optional<Holder> current() {
        String holder = redis.get(keys.leader());
        if (holder == null) {
            return Optional.empty();
        }
        long ttl = redis.pttl(keys.leader());
        return Optional.of(new Holder(holder, Duration.ofMillis(Math.max(0, ttl))));
    }
}
