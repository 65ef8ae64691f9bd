package io.redcron.store.redis;

import io.redcron.config.RedisAddress;
import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.port.StoreException;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.RedisSentinelClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Opens the one long-lived Redis client of a process: standalone, through Sentinel or on a Cluster,
 * as the configuration's {@link RedisTopology} says. All three are a {@link UnifiedJedis}, so the
 * stores never know which. Driver exceptions about reaching the server are turned into one-line
 * {@link StoreException}s that name the server but never the password.
 */
public final class RedisConnector {
    /** Cluster: how often a command is retried through MOVED/ASK and broken connections. */
    private static final int CLUSTER_ATTEMPTS = 5;

    private RedisConnector() {
    }

    public static UnifiedJedis open(RedisConfig config, String clientName, int maxConnections) {
        int timeoutMillis = Math.toIntExact(config.timeout().toMillis());
        JedisClientConfig client = clientConfig(config, clientName, timeoutMillis);
        ConnectionPoolConfig pool = poolConfig(maxConnections, timeoutMillis);
        UnifiedJedis redis;
        try {
            redis = build(config.topology(), config, client, pool);
        } catch (RuntimeException e) {
            if (config.topology() instanceof RedisTopology.Sentinel sentinel) {
                throw SentinelFailure.explain(config, sentinel, sentinelConfig(config, sentinel, timeoutMillis), e);
            }
            throw translate(config, e);
        }
        try {
            redis.ping();
        } catch (RuntimeException e) {
            redis.close();
            throw translate(config, e);
        }
        return redis;
    }

    private static UnifiedJedis build(RedisTopology topology, RedisConfig config, JedisClientConfig client,
                                      ConnectionPoolConfig pool) {
        if (topology instanceof RedisTopology.Sentinel sentinel) {
            return RedisSentinelClient.builder()
                    .masterName(sentinel.master())
                    .sentinels(addresses(sentinel.sentinels()))
                    .sentinelClientConfig(sentinelConfig(config, sentinel, client.getConnectionTimeoutMillis()))
                    .clientConfig(client)
                    .poolConfig(pool)
                    .build();
        }
        if (topology instanceof RedisTopology.Cluster cluster) {
            return RedisClusterClient.builder()
                    .nodes(addresses(cluster.seeds()))
                    .clientConfig(client)
                    .poolConfig(pool)
                    .maxAttempts(CLUSTER_ATTEMPTS)
                    // Bounded so a command during a failover fails well within a leader lease.
                    .maxTotalRetriesDuration(config.timeout())
                    .topologyRefreshPeriod(Duration.ofSeconds(5))
                    .build();
        }
        return RedisClient.builder()
                .hostAndPort(new HostAndPort(config.host(), config.port()))
                .clientConfig(client)
                .poolConfig(pool)
                .build();
    }

    private static JedisClientConfig clientConfig(RedisConfig config, String clientName, int timeoutMillis) {
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
        return client.build();
    }

    /**
     * The sentinels have their own password (or none) and hold no data, so no database; but they
     * are reached with the same TLS as the primary: the same trust, client certificate and host
     * name check. A sentinel nobody verifies could name any server as the primary.
     */
    static JedisClientConfig sentinelConfig(RedisConfig config, RedisTopology.Sentinel sentinel, int timeoutMillis) {
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .protocol(RedisProtocol.RESP2)
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .clientName("redcron-sentinel-watch");
        RedisTls.apply(client, config);
        if (!sentinel.password().isEmpty()) {
            client.password(sentinel.password().reveal());
        }
        return client.build();
    }

    private static ConnectionPoolConfig poolConfig(int maxConnections, int timeoutMillis) {
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(maxConnections);
        pool.setMaxIdle(maxConnections);
        pool.setMinIdle(0);
        pool.setMaxWait(Duration.ofMillis(timeoutMillis));
        // Connections broken by a Redis restart or failover are found and dropped while idle,
        // instead of each failing one command; testing on every borrow would cost a PING per call.
        pool.setTestWhileIdle(true);
        pool.setTimeBetweenEvictionRuns(Duration.ofSeconds(5));
        return pool;
    }

    private static Set<HostAndPort> addresses(List<RedisAddress> addresses) {
        Set<HostAndPort> out = new LinkedHashSet<>();
        for (RedisAddress address : addresses) {
            out.add(new HostAndPort(address.host(), address.port()));
        }
        return out;
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

    static boolean isAuthError(Throwable e) {
        String message = e.getMessage();
        return message != null && (message.startsWith("WRONGPASS") || message.startsWith("NOAUTH")
                || message.contains("invalid username-password"));
    }
}
