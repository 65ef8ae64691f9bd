package io.redcron.node.engine;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.port.PageRequest;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunFilter;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.StoreScope;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Real nodes in this JVM against a fresh database and Redis namespace, with short leases and
 * ticks so that recovery happens within seconds. Registered with {@code @RegisterExtension} it
 * stops its nodes and closes its stores after the test (instance field) or the class (static).
 */
public final class TestCluster extends StoreScope {
    static final Duration LEASE = Duration.ofSeconds(3);

    private final MysqlConfig database;
    private final String namespace = TestRedis.freshNamespace();
    private final HikariDataSource dataSource;
    private final List<Node> nodes = new ArrayList<>();
    private final Map<String, String> defaults = new HashMap<>();
    private UnifiedJedis redis;

    public TestCluster() {
        this(TestRedis.uri());
    }

    /** A cluster on a Redis of its own (for tests that restart or empty it). */
    TestCluster(String redisUri) {
        this.database = TestDatabase.freshSchema();
        this.dataSource = MysqlDataSources.open(database);
        defaults.put("redis.uri", redisUri);
        defaults.put("mysql.url", database.jdbcUrl());
        defaults.put("mysql.user", database.user());
        defaults.put("mysql.pool-size", "6");
        defaults.put("node.namespace", namespace);
        defaults.put("node.slots", "8");
        defaults.put("node.drain-grace", "2s");
        defaults.put("scheduler.tick", "200ms");
        defaults.put("scheduler.lease", LEASE.toSeconds() + "s");
        defaults.put("worker.lease", LEASE.toSeconds() + "s");
        if (!database.password().isEmpty()) {
            defaults.put("mysql.password-file", passwordFile(database.password().reveal()).toString());
        }
    }

    public String namespace() {
        return namespace;
    }

    /** The settings every node of the cluster shares: its stores and namespace, short leases and ticks. */
    public Map<String, String> settings() {
        return Map.copyOf(defaults);
    }

    RedcronConfig config(String nodeId, Map<String, String> extra) {
        Map<String, String> overrides = new HashMap<>(defaults);
        overrides.put("node.id", nodeId);
        overrides.putAll(extra);
        return ConfigLoader.load(null, Map.of(), overrides);
    }

    Node start(String nodeId) {
        return start(nodeId, Map.of());
    }

    public Node start(String nodeId, Map<String, String> extra) {
        return start(nodeId, extra, Clock.systemUTC());
    }

    /** A node on a machine whose clock reads {@code local}. */
    Node start(String nodeId, Map<String, String> extra, Clock local) {
        Node node = new Node(config(nodeId, extra), local).start();
        synchronized (nodes) {
            nodes.add(node);
        }
        return node;
    }

    /** Stops a node as a crash would. */
    void crash(Node node) {
        synchronized (nodes) {
            nodes.remove(node);
        }
        node.halt();
    }

    /** Stops a node cleanly (drain, resign). */
    void stop(Node node) {
        synchronized (nodes) {
            nodes.remove(node);
        }
        node.close();
    }

    public TaskStore tasks() {
        return new MysqlTaskStore(dataSource, Clock.systemUTC());
    }

    public RunStore runs() {
        return new MysqlRunStore(dataSource, Clock.systemUTC());
    }

    public HikariDataSource dataSource() {
        return dataSource;
    }

    public Task.Builder shell(String name, String cron, String command) {
        return Task.builder().namespace(namespace).name(name).cron(cron).dialect(CronDialect.QUARTZ)
                .payload(new ShellPayload(command, null, Map.of())).timeout(Duration.ofSeconds(30));
    }

    public Task add(Task.Builder task) {
        return tasks().create(task.namespace(namespace).build(), "test");
    }

    /** The runs of a task, without their output (as a listing reads them). */
    List<Run> runsOf(Task task) {
        return runs().list(RunFilter.all(namespace).forTask(task.id()), new PageRequest(0, 10_000)).items();
    }

    /** The runs of a task, each read on its own with its output. */
    List<Run> runsWithOutputOf(Task task) {
        RunStore store = runs();
        return runsOf(task).stream().map(run -> store.get(run.id()).orElseThrow()).toList();
    }

    /** Puts a run recorded by hand on its group's queue, as the leader would. */
    public void enqueue(Run run) {
        new RedisRunQueue(redis(), keys()).enqueue(List.of(QueuedRun.of(run.group(), run.id())));
    }

    /** A client of the cluster's Redis, as an operator's tool would hold one. */
    public synchronized UnifiedJedis redis() {
        if (redis == null) {
            redis = RedisConnector.open(RedisConfig.fromUri(defaults.get("redis.uri")), "test", 2);
        }
        return redis;
    }

    RedisKeys keys() {
        return new RedisKeys(namespace);
    }

    /**
     * Disables a task, as an operator switching a workload off; returns when the change committed
     * (the database's time), after which the task fires no more.
     */
    Instant switchOff(Task task) {
        return tasks().setEnabled(task.id(), false, "test").updatedAt();
    }

    /**
     * What a switched-off task's run must be: one due before the change committed ran to success;
     * one recorded ahead for after it was withdrawn, never attempted.
     */
    static boolean succeededOrWithdrawn(Run run, Instant switchedOff) {
        if (!run.scheduledAt().isAfter(switchedOff)) {
            return run.status() == RunStatus.SUCCEEDED;
        }
        return run.status() == RunStatus.SKIPPED && run.attempt() == 0 && run.error() != null
                && run.error().startsWith("withdrawn");
    }

    boolean allFinal(Task task) {
        return runsOf(task).stream().allMatch(run -> run.status().isFinal());
    }

    static boolean isFinal(Run run) {
        return run.status().isFinal() && run.status() != RunStatus.RETRYING;
    }

    @Override
    public void close() {
        if (dataSource.isClosed()) {
            return;
        }
        List<Node> running;
        synchronized (nodes) {
            running = new ArrayList<>(nodes);
            nodes.clear();
        }
        for (Node node : running) {
            node.close();
        }
        synchronized (this) {
            if (redis != null) {
                redis.close();
            }
        }
        dataSource.close();
    }

    private static Path passwordFile(String password) {
        try {
            Path file = Files.createTempFile("redcron-test", ".pass");
            Files.writeString(file, password);
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
