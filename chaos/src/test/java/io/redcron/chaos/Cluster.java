package io.redcron.chaos;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.port.QueueInspector;
import io.redcron.store.mysql.Migrations;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisQueueInspector;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import static org.awaitility.Awaitility.await;

/**
 * One scenario's world: its own Redis, a fresh database on the suite's MariaDB, TCP proxies in
 * front of both, the workload's tasks, and node processes that reach the stores only through the
 * proxies. Nodes that are killed or stopped are replaced by new ones with a new name, so every
 * attempt in the history names the process that made it.
 */
final class Cluster implements AutoCloseable {
    static final Duration SCHEDULER_LEASE = Duration.ofSeconds(3);
    static final Duration WORKER_LEASE = Duration.ofSeconds(5);
    static final Duration MISFIRE_THRESHOLD = Duration.ofSeconds(10);
    static final Duration PATIENCE = Duration.ofMinutes(3);

    private final String name;
    private final ChaosSettings settings;
    private final Path dir;
    private final MariaDbServer mariaDb;
    private final RedisServerProcess redis;
    private final TcpProxy redisProxy;
    private final TcpProxy mysqlProxy;
    private final String namespace = "chaos";
    private final String database;
    private final HikariDataSource dataSource;
    private final UnifiedJedis redisClient;
    private final Workload workload;
    private final Path config;
    private final List<NodeProcess> nodes = new ArrayList<>();
    private final Map<String, Integer> incarnations = new LinkedHashMap<>();
    private final Map<String, String> nodeSettings;

    Cluster(String name, ChaosSettings settings, MariaDbServer mariaDb) {
        this(name, settings, mariaDb, Map.of());
    }

    /** @param nodeSettings settings of this scenario's nodes that differ from the suite's */
    Cluster(String name, ChaosSettings settings, MariaDbServer mariaDb, Map<String, String> nodeSettings) {
        this.name = name;
        this.settings = settings;
        this.mariaDb = mariaDb;
        this.nodeSettings = Map.copyOf(nodeSettings);
        this.dir = settings.workDir().resolve(name);
        try {
            deleteRecursively(dir);
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.redis = RedisServerProcess.start(dir.resolve("redis"));
        this.redisProxy = new TcpProxy(redis.port());
        this.mysqlProxy = new TcpProxy(mariaDb.port());
        this.database = "chaos_" + name.replaceAll("[^a-z0-9]", "_") + "_" + Long.toString(System.currentTimeMillis(), 36);
        mariaDb.createDatabase(database);
        this.dataSource = MysqlDataSources.open(MysqlConfig.of(mariaDb.jdbcUrl(database), "root", Secret.of("")));
        Migrations.apply(dataSource);
        this.redisClient = RedisConnector.open(RedisConfig.fromUri("redis://127.0.0.1:" + redis.port()), "chaos-check", 4);
        this.workload = new Workload(namespace, dir.resolve("effects.log"));
        this.config = writeConfig();
    }

    String name() {
        return name;
    }

    RedisServerProcess redis() {
        return redis;
    }

    MariaDbServer mariaDb() {
        return mariaDb;
    }

    TcpProxy redisProxy() {
        return redisProxy;
    }

    TcpProxy mysqlProxy() {
        return mysqlProxy;
    }

    Workload workload() {
        return workload;
    }

    void createWorkload() {
        workload.create(taskStore());
    }

    void disableWorkload() {
        workload.disable(taskStore());
    }

    /** The task definitions, written as an operator would while the nodes run (or while none does). */
    TaskStore taskStore() {
        return new MysqlTaskStore(dataSource, Clock.systemUTC());
    }

    /** The scenario's database, for a scenario with stores of its own (workflows, say). */
    javax.sql.DataSource dataSource() {
        return dataSource;
    }

    /** The run history, for a scenario that records a run behind the nodes' backs. */
    RunStore runStore() {
        return new MysqlRunStore(dataSource, Clock.systemUTC());
    }

    /** A client of the scenario's Redis itself, not through the proxy, for faults made of Redis commands. */
    UnifiedJedis redisClient() {
        return redisClient;
    }

    RedisKeys keys() {
        return new RedisKeys(namespace);
    }

    String namespace() {
        return namespace;
    }

    /** Alerts of {@code kind} the nodes recorded in the outbox for the scenario's namespace. */
    long alertsRecorded(String kind) {
        String sql = "SELECT COUNT(*) FROM alert_outbox WHERE namespace = ? AND kind = ?";
        try (java.sql.Connection connection = dataSource.getConnection();
             java.sql.PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, namespace);
            select.setString(2, kind);
            try (java.sql.ResultSet result = select.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("alert_outbox: " + e.getMessage(), e);
        }
    }

    /** Starts a node named {@code base} (a later one of the same base gets a suffix: node-b.2). */
    NodeProcess startNode(String base, Duration clockOffset) {
        int incarnation = incarnations.merge(base, 1, Integer::sum);
        String id = incarnation == 1 ? base : base + "." + incarnation;
        NodeProcess node = NodeProcess.start(id, settings.nodeJar(), config, dir, clockOffset);
        synchronized (nodes) {
            nodes.add(node);
        }
        return node;
    }

    NodeProcess startNode(String base) {
        return startNode(base, Duration.ZERO);
    }

    /** Replaces a node that died or was stopped by a new process of the same base name. */
    NodeProcess replace(NodeProcess node) {
        synchronized (nodes) {
            nodes.remove(node);
        }
        String base = node.id().contains(".") ? node.id().substring(0, node.id().indexOf('.')) : node.id();
        return startNode(base);
    }

    /** SIGKILL of every node at once: no scheduler and no worker is left. */
    List<NodeProcess> killAll() {
        List<NodeProcess> killed = nodes().stream().filter(NodeProcess::isAlive).toList();
        killed.forEach(NodeProcess::kill);
        return killed;
    }

    /** A new process for each of {@code dead}. */
    void replaceAll(List<NodeProcess> dead) {
        dead.forEach(this::replace);
    }

    List<NodeProcess> nodes() {
        synchronized (nodes) {
            return List.copyOf(nodes);
        }
    }

    /** The node id holding the leader lease, if any ("nodeId:uuid" in Redis). */
    Optional<String> leaderId() {
        String value = redisClient.get(new RedisKeys(namespace).leader());
        return value == null ? Optional.empty() : Optional.of(value.substring(0, value.lastIndexOf(':')));
    }

    NodeProcess awaitLeader() {
        await(name + ": a leader").atMost(PATIENCE).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                .until(() -> leaderId().flatMap(this::node).filter(NodeProcess::isAlive).isPresent());
        return leaderId().flatMap(this::node).orElseThrow();
    }

    Optional<NodeProcess> node(String id) {
        return nodes().stream().filter(node -> node.id().equals(id)).findFirst();
    }

    /** A live node other than the leader, preferring one that runs something right now. */
    NodeProcess busyWorker() {
        String leader = leaderId().orElse("");
        await(name + ": a worker with runs in flight").atMost(PATIENCE).pollInterval(Duration.ofMillis(200))
                .ignoreExceptions().until(() -> busyNode(leader).isPresent());
        return busyNode(leader).orElseThrow();
    }

    private Optional<NodeProcess> busyNode(String leader) {
        List<String> running = rows().stream().filter(row -> row.status().equals("RUNNING")).map(RunRow::node).toList();
        List<NodeProcess> candidates = nodes().stream()
                .filter(node -> node.isAlive() && !node.id().equals(leader) && running.contains(node.id())).toList();
        return candidates.isEmpty() ? Optional.empty()
                : Optional.of(candidates.get(ThreadLocalRandom.current().nextInt(candidates.size())));
    }

    List<RunRow> rows() {
        return RunRow.readAll(mariaDb.jdbcUrl(database), namespace);
    }

    /** Every steady task not paused has succeeded at least once with a fire after {@code since}: the cluster works. */
    boolean everyTaskSucceededSince(Instant since) {
        List<RunRow> rows = rows();
        return workload.tasks().stream().filter(task -> task.kind().steady() && task.active())
                .allMatch(task -> rows.stream().anyMatch(row -> row.taskId() == task.id()
                && row.status().equals("SUCCEEDED") && row.scheduledAt().isAfter(since)));
    }

    boolean everyRunBeforeFinal(Instant before) {
        return rows().stream().filter(row -> row.scheduledAt().isBefore(before)).allMatch(RunRow::isFinal);
    }

    Invariants.QueueState queueState() {
        QueueInspector.QueueStats stats = new RedisQueueInspector(redisClient, new RedisKeys(namespace)).stats();
        long pending = stats.streams().stream().mapToLong(QueueInspector.StreamStats::pendingTotal).sum();
        return new Invariants.QueueState(pending, stats.delayed());
    }

    Effects effects() {
        return Effects.read(workload.effects());
    }

    @Override
    public void close() {
        for (NodeProcess node : nodes()) {
            if (node.isAlive()) {
                try {
                    node.signal("CONT");
                } catch (RuntimeException e) {
                    // gone meanwhile
                }
                node.kill();
            }
        }
        redisClient.close();
        dataSource.close();
        redisProxy.close();
        mysqlProxy.close();
        redis.close();
    }

    private Path writeConfig() {
        String text = String.join("\n",
                "redis.uri=redis://127.0.0.1:" + redisProxy.port(),
                "redis.timeout=5s",
                "mysql.url=jdbc:mysql://127.0.0.1:" + mysqlProxy.port() + "/" + database,
                "mysql.user=root",
                "mysql.pool-size=8",
                "mysql.connect-timeout=5s",
                "node.namespace=" + namespace,
                "node.slots=8",
                "node.drain-grace=2s",
                "scheduler.tick=500ms",
                "scheduler.lease=" + SCHEDULER_LEASE.toSeconds() + "s",
                "scheduler.misfire-threshold=" + MISFIRE_THRESHOLD.toSeconds() + "s",
                "worker.lease=" + WORKER_LEASE.toSeconds() + "s",
                "");
        StringBuilder extra = new StringBuilder();
        nodeSettings.forEach((key, value) -> extra.append(key).append('=').append(value).append('\n'));
        text = text + extra;
        Path file = dir.resolve("node.properties");
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
