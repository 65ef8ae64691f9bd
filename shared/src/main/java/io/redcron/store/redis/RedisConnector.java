package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.port.StoreException;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

import java.time.Duration;

/**
 * Opens the one long-lived Redis client of a process. Driver exceptions about reaching the server
 * are turned into one-line {@link StoreException}s that name the server but never the password.
 */
public final class RedisConnector {
    private RedisConnector() {
    }

    public static RedisClient open(RedisConfig config, String clientName, int maxConnections) {
        int timeoutMillis = Math.toIntExact(config.timeout().toMillis());
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .protocol(RedisProtocol.RESP2)
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .database(config.database())
                .clientName(clientName);
        RedisTls.apply(client, config);
        if (config.user() != null) {
            client.user(config.user());
        }
        if (!config.password().isEmpty()) {
            client.password(config.password().reveal());
        }
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(maxConnections);
        pool.setMaxIdle(maxConnections);
        pool.setMinIdle(0);
        pool.setMaxWait(Duration.ofMillis(timeoutMillis));
        // Connections broken by a Redis restart or failover are found and dropped while idle,
        // instead of each failing one command; testing on every borrow would cost a PING per call.
        pool.setTestWhileIdle(true);
        pool.setTimeBetweenEvictionRuns(Duration.ofSeconds(5));
        RedisClient redis = RedisClient.builder()
                .hostAndPort(new HostAndPort(config.host(), config.port()))
                .clientConfig(client.build())
                .poolConfig(pool)
                .build();
        try {
            redis.ping();
        } catch (RuntimeException e) {
            redis.close();
            throw translate(config, e);
        }
        return redis;
    }

    /** An operator-readable reason for a failed Redis call. */
    public static StoreException translate(RedisConfig config, RuntimeException e) {
        String where = "Redis at " + config.displayUri();
        java.util.Optional<String> tls = RedisTls.explain(config, e);
        if (tls.isPresent()) {
            return new StoreException(tls.get(), e);
        }
        if (e instanceof JedisAccessControlException || isAuthError(e)) {
            return new StoreException(where + " refused the credentials (check the user and REDCRON_REDIS_PASSWORD)", e);
        }
        if (e instanceof JedisConnectionException) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new StoreException("cannot reach " + where + ": " + cause.getMessage(), e);
        }
        if (e instanceof JedisDataException) {
            return new StoreException(where + " answered with an error: " + e.getMessage(), e);
        }
        return new StoreException(where + ": " + e.getMessage(), e);
    }

    private static boolean isAuthError(Throwable e) {
        String message = e.getMessage();
        return message != null && (message.startsWith("WRONGPASS") || message.startsWith("NOAUTH")
                || message.contains("invalid username-password"));
    }
}
