package io.redcron.desktop.session;

import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis client and key names behind a session, for tests that write what a node would
 * (live output, dead runs) or look at Redis directly; screens only ever see the ports.
 */
public final class SessionAdapters {
    private SessionAdapters() {
    }

    public static UnifiedJedis redis(Session session) {
        return session.redis();
    }

    public static RedisKeys keys(Session session) {
        return session.keys();
    }
}
