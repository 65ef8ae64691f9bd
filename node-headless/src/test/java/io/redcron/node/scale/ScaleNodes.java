package io.redcron.node.scale;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.config.MysqlConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.node.Node;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestFiles;

import org.awaitility.core.ConditionTimeoutException;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * In-process nodes on a fresh database and a Redis deployment given by settings (Sentinel or
 * Cluster), with short leases so that recovery happens within seconds, and the checks of the
 * reliability invariants: every fire one run row, every run final and succeeded once, none doubled.
 */
final class ScaleNodes implements AutoCloseable {
    static final Duration LEASE = Duration.ofSeconds(3);

    private final MysqlConfig database;
    private final HikariDataSource dataSource;
    private final Map<String, String> defaults = new HashMap<>();
    private final List<Node> nodes = new ArrayList<>();

    ScaleNodes(Map<String, String> redisSettings, Path secrets) {
        this(TestDatabase.freshSchema(), redisSettings, secrets);
    }

    /** Nodes on a database of the test's own; the test's checks read it through {@code database} too. */
    ScaleNodes(MysqlConfig database, Map<String, String> redisSettings, Path secrets) {
        this.database = database;
        this.dataSource = MysqlDataSources.open(database);
        Migrations.apply(dataSource); // a no-op on a schema made by TestDatabase
        defaults.put("mysql.url", database.jdbcUrl());
        defaults.put("mysql.user", database.user());
        defaults.put("mysql.pool-size", "8");
        defaults.put("node.slots", "8");
        defaults.put("node.drain-grace", "2s");
        defaults.put("scheduler.tick", "200ms");
        defaults.put("scheduler.lease", LEASE.toSeconds() + "s");
        defaults.put("worker.lease", LEASE.toSeconds() + "s");
        if (!database.password().isEmpty()) {
            defaults.put("mysql.password-file", TestFiles.secret(secrets, "mysql.pass", database.password().reveal()).toString());
        }
        defaults.putAll(redisSettings);
    }

    Node start(String nodeId, String namespaces) {
        Map<String, String> overrides = new HashMap<>(defaults);
        overrides.put("node.id", nodeId);
        overrides.put("node.namespace", namespaces);
        Node node = new Node(ConfigLoader.load(null, Map.of(), overrides), Clock.systemUTC()).start();
        synchronized (nodes) {
            nodes.add(node);
        }
        return node;
    }

    MysqlTaskStore tasks() {
        return new MysqlTaskStore(dataSource, Clock.systemUTC());
    }

    MysqlRunStore runs() {
        return new MysqlRunStore(dataSource, Clock.systemUTC());
    }

    /** The settings every node of this setup shares (a copy to add to). */
    Map<String, String> settings() {
        return new HashMap<>(defaults);
    }

    /** A task firing every second that prints its run id. */
    Task everySecond(String namespace, String name) {
        return everySecond(namespace, name, "default");
    }

    /** A task of a routing group firing every second that prints its run id. */
    Task everySecond(String namespace, String name, String group) {
        return tasks().create(Task.builder().namespace(namespace).name(name).group(group).cron("* * * * * ?")
                .dialect(CronDialect.QUARTZ).payload(new ShellPayload("echo fired $REDCRON_RUN_ID", null, Map.of()))
                .timeout(Duration.ofSeconds(30)).build(), "test");
    }

    List<Run> runsOf(Task task) {
        return runs().list(RunFilter.all(task.namespace()).forTask(task.id()), new PageRequest(0, 10_000)).items();
    }

    /** Waits until every run of the tasks is final; on timeout, names the runs that are not. */
    void awaitAllFinal(List<Task> tasks, Duration atMost) {
        try {
            await().atMost(atMost).until(() -> unfinished(tasks).isEmpty());
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("runs not final after " + atMost + ": " + unfinished(tasks).stream()
                    .map(run -> run.id() + " " + run.status() + " attempt " + run.attempt() + " due " + run.scheduledAt()
                            + " node " + run.node() + " error " + run.error())
                    .toList(), e);
        }
    }

    private List<Run> unfinished(List<Task> tasks) {
        return tasks.stream().flatMap(task -> runsOf(task).stream()).filter(run -> !run.status().isFinal()).toList();
    }

    /** When each task was switched off (the database's time): its fires after that were withdrawn. */
    private final java.util.Map<Long, Instant> switchedOff = new java.util.concurrent.ConcurrentHashMap<>();

    void disable(List<Task> tasks) {
        for (Task task : tasks) {
            switchedOff.put(task.id(), tasks().setEnabled(task.id(), false, "test").updatedAt());
        }
    }

    /**
     * Every second from a task's first fire to its last has exactly one cron run, and every run
     * succeeded in its first attempt with its own output: nothing lost, nothing doubled.
     */
    void assertExactlyOnce(Task task) {
        // A listing reads no output: each run is read on its own, with its output.
        MysqlRunStore store = runs();
        // Fires recorded ahead for after the task was switched off were withdrawn, never attempted.
        Instant off = switchedOff.getOrDefault(task.id(), Instant.MAX);
        List<Run> all = runsOf(task);
        assertThat(all).as(task.name() + " withdrawn").filteredOn(run -> run.scheduledAt().isAfter(off))
                .allMatch(run -> run.status() == RunStatus.SKIPPED && run.attempt() == 0);
        List<Run> runs = all.stream().filter(run -> !run.scheduledAt().isAfter(off))
                .map(run -> store.get(run.id()).orElseThrow()).toList();
        assertThat(runs).as(task.name() + " ran").isNotEmpty();
        assertThat(runs).as(task.name()).allSatisfy(run -> {
            assertThat(run.status()).as("run " + run.id()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(run.attempt()).as("attempts of run " + run.id()).isEqualTo(1);
            assertThat(run.output()).startsWith("fired " + run.id());
        });
        List<Instant> fires = runs.stream().filter(run -> run.trigger() == TriggerType.CRON).map(Run::scheduledAt)
                .sorted().toList();
        assertThat(fires).as(task.name() + ": no fire doubled").doesNotHaveDuplicates();
        assertThat(fires).as(task.name() + ": one run for every second from the first fire to the last")
                .hasSize((int) Duration.between(fires.get(0), fires.get(fires.size() - 1)).toSeconds() + 1);
    }

    /** Logs the latest start of a run after its fire time, for the figures in docs/SCALING.md. */
    void reportLateness(String scenario, List<Task> tasks) {
        Duration worst = tasks.stream().flatMap(task -> runsOf(task).stream())
                .filter(run -> run.startedAt() != null)
                .map(run -> Duration.between(run.scheduledAt(), run.startedAt()))
                .max(Duration::compareTo).orElse(Duration.ZERO);
        long runs = tasks.stream().mapToLong(task -> runsOf(task).size()).sum();
        LoggerFactory.getLogger(ScaleNodes.class).info("[measured] {}: {} runs, latest start {} ms after its fire time",
                scenario, runs, worst.toMillis());
    }

    @Override
    public void close() {
        List<Node> running;
        synchronized (nodes) {
            running = new ArrayList<>(nodes);
            nodes.clear();
        }
        for (Node node : running) {
            try {
                node.close();
            } catch (RuntimeException e) {
                // The Redis deployment may be half gone by now; the next node must still stop.
            }
        }
        dataSource.close();
    }
}
