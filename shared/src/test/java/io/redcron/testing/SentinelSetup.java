package io.redcron.testing;

import io.redcron.config.RedisAddress;
import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.config.Secret;
import redis.clients.jedis.Jedis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * One primary, one replica and three sentinels on loopback, each with a password (the data nodes
 * one, the sentinels another), failing over within a second or two of a primary's death.
 */
public final class SentinelSetup implements AutoCloseable {
    public static final String MASTER = "redcron-primary";
    public static final String DATA_PASSWORD = "data-secret";
    public static final String SENTINEL_PASSWORD = "sentinel-secret";

    private final List<RedisServerProcess> servers = new ArrayList<>();
    private final List<RedisServerProcess> sentinels = new ArrayList<>();

    private SentinelSetup() {
    }

    public static SentinelSetup start(Path dir) {
        SentinelSetup setup = new SentinelSetup();
        try {
            RedisServerProcess primary = RedisServerProcess.server(dir, DATA_PASSWORD, List.of("masterauth " + DATA_PASSWORD));
            setup.servers.add(primary);
            setup.servers.add(RedisServerProcess.server(dir, DATA_PASSWORD, List.of("masterauth " + DATA_PASSWORD,
                    "replicaof 127.0.0.1 " + primary.port())));
            for (int i = 0; i < 3; i++) {
                setup.sentinels.add(RedisServerProcess.sentinel(dir, SENTINEL_PASSWORD, List.of(
                        "sentinel monitor " + MASTER + " 127.0.0.1 " + primary.port() + " 2",
                        "sentinel auth-pass " + MASTER + " " + DATA_PASSWORD,
                        "sentinel sentinel-pass " + SENTINEL_PASSWORD,
                        "sentinel down-after-milliseconds " + MASTER + " 1000",
                        "sentinel failover-timeout " + MASTER + " 3000",
                        "sentinel parallel-syncs " + MASTER + " 1")));
            }
            // Ready when every sentinel knows the replica and the other sentinels.
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(setup::settled);
            return setup;
        } catch (RuntimeException e) {
            setup.close();
            throw e;
        }
    }

    /** How a node reaches this setup: through the sentinels, with both passwords. */
    public RedisConfig config() {
        List<RedisAddress> addresses = sentinels.stream().map(s -> new RedisAddress("127.0.0.1", s.port())).toList();
        return new RedisConfig("127.0.0.1", 6379, 0, false, null, Secret.of(DATA_PASSWORD), Duration.ofSeconds(2), null,
                new RedisTopology.Sentinel(MASTER, addresses, Secret.of(SENTINEL_PASSWORD)));
    }

    /** The settings a node's configuration needs for this setup (the sentinel password through a file). */
    public Map<String, String> settings(Path passwordDir) {
        return Map.of("redis.sentinel.master", MASTER,
                "redis.sentinel.nodes", String.join(",", sentinels.stream().map(RedisServerProcess::address).toList()),
                "redis.sentinel.password-file", TestFiles.secret(passwordDir, "sentinel.pass", SENTINEL_PASSWORD).toString(),
                "redis.password-file", TestFiles.secret(passwordDir, "redis.pass", DATA_PASSWORD).toString(),
                "redis.timeout", "2s");
    }

    /** The data node the sentinels now call primary. */
    public RedisServerProcess primary() {
        int port = primaryPort();
        return servers.stream().filter(s -> s.port() == port).findFirst()
                .orElseThrow(() -> new IllegalStateException("sentinels name an unknown primary on port " + port));
    }

    public RedisServerProcess sentinel(int index) {
        return sentinels.get(index);
    }

    /** SENTINEL FAILOVER: a clean promotion of the replica; returns once the sentinels agree on it. */
    public RedisServerProcess failover() {
        int before = primaryPort();
        try (Jedis sentinel = firstLiveSentinel()) {
            sentinel.sentinelFailover(MASTER);
        }
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> primaryPort() != before);
        return primary();
    }

    /** SIGKILL of the primary; returns the replica the sentinels promote instead. */
    public RedisServerProcess killPrimary() {
        RedisServerProcess victim = primary();
        victim.kill();
        await().atMost(Duration.ofSeconds(45)).ignoreExceptions().until(() -> primaryPort() != victim.port()
                && servers.stream().anyMatch(s -> s.port() == primaryPort() && s.isAlive()));
        return primary();
    }

    /** Waits until the live primary has a replica in sync again (after a failover, the old one). */
    public void awaitReplicaInSync() {
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            try (Jedis primary = primary().connect()) {
                return primary.info("replication").contains("state=online");
            }
        });
    }

    int primaryPort() {
        try (Jedis sentinel = firstLiveSentinel()) {
            return Integer.parseInt(sentinel.sentinelGetMasterAddrByName(MASTER).get(1));
        }
    }

    private boolean settled() {
        for (RedisServerProcess sentinel : sentinels) {
            try (Jedis jedis = sentinel.connect()) {
                Map<String, String> master = jedis.sentinelMaster(MASTER);
                if (Integer.parseInt(master.get("num-slaves")) < 1 || Integer.parseInt(master.get("num-other-sentinels")) < 2) {
                    return false;
                }
            }
        }
        try (Jedis primary = servers.get(0).connect()) {
            return primary.info("replication").contains("state=online");
        }
    }

    private Jedis firstLiveSentinel() {
        for (RedisServerProcess sentinel : sentinels) {
            if (sentinel.isAlive()) {
                return sentinel.connect();
            }
        }
        throw new IllegalStateException("no sentinel is alive");
    }

    @Override
    public void close() {
        sentinels.forEach(RedisServerProcess::close);
        servers.forEach(RedisServerProcess::close);
    }
}
