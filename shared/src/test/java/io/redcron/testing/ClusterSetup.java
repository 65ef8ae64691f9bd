package io.redcron.testing;

import io.redcron.config.RedisAddress;
import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.config.Secret;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.JedisClusterCRC16;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;

/**
 * A Redis Cluster of six processes on loopback: three primaries holding a third of the slots each,
 * and one replica per primary. Built with the cluster commands themselves (what
 * {@code redis-cli --cluster create} sends), so it needs no redis-cli. Nodes time out after a
 * second, so a killed primary is replaced within a few.
 */
public final class ClusterSetup implements AutoCloseable {
    private static final int SLOTS = 16384;
    private static final List<String> CLUSTER_CONFIG = List.of("cluster-enabled yes",
            "cluster-config-file nodes.conf", "cluster-node-timeout 1000", "cluster-require-full-coverage no",
            // A replica demoted by a failover a moment ago may still be handshaking with its new
            // primary; it must still stand for election when that primary dies.
            "cluster-replica-validity-factor 0");

    /** primaries.get(i) serves slot range i; replicas.get(i) replicates it. */
    private final List<RedisServerProcess> primaries = new ArrayList<>();
    private final List<RedisServerProcess> replicas = new ArrayList<>();

    private ClusterSetup() {
    }

    public static ClusterSetup start(Path dir) {
        ClusterSetup cluster = new ClusterSetup();
        try {
            for (int i = 0; i < 3; i++) {
                cluster.primaries.add(RedisServerProcess.clusterNode(dir, CLUSTER_CONFIG));
                cluster.replicas.add(RedisServerProcess.clusterNode(dir, CLUSTER_CONFIG));
            }
            cluster.form();
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void form() {
        for (int i = 0; i < 3; i++) {
            try (Jedis primary = primaries.get(i).connect()) {
                primary.clusterAddSlots(IntStream.range(first(i), first(i + 1)).toArray());
            }
        }
        try (Jedis seed = primaries.get(0).connect()) {
            for (RedisServerProcess node : all()) {
                seed.clusterMeet("127.0.0.1", node.port());
            }
        }
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> all().stream().allMatch(node -> {
            try (Jedis jedis = node.connect()) {
                return jedis.clusterNodes().lines().count() == 6;
            }
        }));
        for (int i = 0; i < 3; i++) {
            String primaryId;
            try (Jedis primary = primaries.get(i).connect()) {
                primaryId = primary.clusterMyId();
            }
            try (Jedis replica = replicas.get(i).connect()) {
                replica.clusterReplicate(primaryId);
            }
        }
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> healthy()
                && replicas.stream().allMatch(ClusterSetup::replicaInSync));
    }

    /** Every live node sees the cluster ok, and every primary has an online replica. */
    public boolean healthy() {
        for (RedisServerProcess node : all()) {
            if (!node.isAlive()) {
                continue;
            }
            try (Jedis jedis = node.connect()) {
                if (!jedis.clusterInfo().contains("cluster_state:ok")) {
                    return false;
                }
            }
        }
        return true;
    }

    /** How a node reaches this cluster: through all six as seeds. */
    public RedisConfig config() {
        List<RedisAddress> seeds = all().stream().map(node -> new RedisAddress("127.0.0.1", node.port())).toList();
        return new RedisConfig("127.0.0.1", 6379, 0, false, null, Secret.NONE, Duration.ofSeconds(2), null,
                new RedisTopology.Cluster(seeds));
    }

    public Map<String, String> settings() {
        return Map.of("redis.cluster.nodes", String.join(",", all().stream().map(RedisServerProcess::address).toList()),
                "redis.timeout", "2s");
    }

    /** A fresh namespace whose keys ({@code rc:{ns}:…}) hash into primary {@code index}'s slot range. */
    public static String namespaceOnShard(int index) {
        while (true) {
            String namespace = TestRedis.freshNamespace();
            if (shardOf(namespace) == index) {
                return namespace;
            }
        }
    }

    /** Which of the original three slot ranges a namespace's keys fall in. */
    public static int shardOf(String namespace) {
        int slot = JedisClusterCRC16.getSlot("rc:{" + namespace + "}:schedule");
        for (int i = 0; i < 3; i++) {
            if (slot < first(i + 1)) {
                return i;
            }
        }
        throw new IllegalStateException("slot " + slot);
    }

    /** The process that serves a namespace's slot now (its primary may have changed after a failover). */
    public RedisServerProcess primaryOf(String namespace) {
        int slot = JedisClusterCRC16.getSlot("rc:{" + namespace + "}:schedule");
        for (RedisServerProcess node : all()) {
            if (!node.isAlive()) {
                continue;
            }
            try (Jedis jedis = node.connect()) {
                String myself = jedis.clusterNodes().lines().filter(line -> line.contains("myself")).findFirst().orElse("");
                if (myself.contains("master") && servesSlot(myself, slot)) {
                    return node;
                }
            }
        }
        throw new IllegalStateException("no live primary serves slot " + slot);
    }

    /** CLUSTER FAILOVER on the replica of a namespace's primary: a clean switch of roles. */
    public RedisServerProcess failover(String namespace) {
        RedisServerProcess before = primaryOf(namespace);
        RedisServerProcess replica = replicaOf(before);
        try (Jedis jedis = replica.connect()) {
            jedis.clusterFailover();
        }
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> primaryOf(namespace) == replica && healthy()
                && replicaInSync(before));
        return replica;
    }

    private static boolean replicaInSync(RedisServerProcess replica) {
        try (Jedis jedis = replica.connect()) {
            return jedis.info("replication").contains("master_link_status:up");
        }
    }

    /** SIGKILL of a namespace's primary; returns once its replica has taken over. */
    public RedisServerProcess killPrimaryOf(String namespace) {
        RedisServerProcess victim = primaryOf(namespace);
        RedisServerProcess replica = replicaOf(victim);
        victim.kill();
        await().atMost(Duration.ofSeconds(45)).ignoreExceptions().until(() -> primaryOf(namespace) == replica && healthy());
        return replica;
    }

    private RedisServerProcess replicaOf(RedisServerProcess primary) {
        String primaryId;
        try (Jedis jedis = primary.connect()) {
            primaryId = jedis.clusterMyId();
        }
        for (RedisServerProcess node : all()) {
            if (node == primary || !node.isAlive()) {
                continue;
            }
            try (Jedis jedis = node.connect()) {
                String myself = jedis.clusterNodes().lines().filter(line -> line.contains("myself")).findFirst().orElse("");
                if (myself.contains("slave " + primaryId) || myself.contains("slave," + primaryId)) {
                    return node;
                }
                String[] fields = myself.split(" ");
                if (fields.length > 3 && fields[3].equals(primaryId)) {
                    return node;
                }
            }
        }
        throw new IllegalStateException("primary on port " + primary.port() + " has no live replica");
    }

    private static boolean servesSlot(String nodesLine, int slot) {
        String[] fields = nodesLine.split(" ");
        for (int i = 8; i < fields.length; i++) {
            String range = fields[i];
            if (range.startsWith("[")) {
                continue;
            }
            int dash = range.indexOf('-');
            int low = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            int high = Integer.parseInt(dash < 0 ? range : range.substring(dash + 1));
            if (slot >= low && slot <= high) {
                return true;
            }
        }
        return false;
    }

    private static int first(int range) {
        return range * SLOTS / 3;
    }

    private List<RedisServerProcess> all() {
        List<RedisServerProcess> all = new ArrayList<>(primaries);
        all.addAll(replicas);
        return all;
    }

    @Override
    public void close() {
        all().forEach(RedisServerProcess::close);
    }
}
