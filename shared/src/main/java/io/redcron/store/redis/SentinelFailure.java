package io.redcron.store.redis;

import io.redcron.config.RedisAddress;
import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.port.StoreException;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * Why a client could not be opened through the sentinels. Jedis gives up with "All sentinels down"
 * and only logs what each sentinel did; asking them once more, the same way, recovers the reason,
 * so that a certificate or password they refused is reported as such and not as an outage.
 */
final class SentinelFailure {
    private SentinelFailure() {
    }

    static StoreException explain(RedisConfig config, RedisTopology.Sentinel sentinel, JedisClientConfig sentinelClient,
                                  RuntimeException failure) {
        if (!(failure instanceof JedisConnectionException) || failure.getCause() != null) {
            return RedisConnector.translate(config, failure); // the reason is already there
        }
        for (RedisAddress address : sentinel.sentinels()) {
            try (Jedis jedis = new Jedis(new HostAndPort(address.host(), address.port()), sentinelClient)) {
                jedis.ping();
            } catch (RuntimeException reason) {
                if (reason instanceof JedisAccessControlException || RedisConnector.isAuthError(reason)) {
                    return new StoreException("the sentinels of " + config.displayUri() + " refused their password"
                            + " (check REDCRON_REDIS_SENTINEL_PASSWORD or redis.sentinel.password-file)", reason);
                }
                if (RedisTls.explain(config, reason).isPresent()) {
                    return RedisConnector.translate(config, reason);
                }
                // Down or unreachable: another sentinel may say more.
            }
        }
        return RedisConnector.translate(config, failure);
    }
}
