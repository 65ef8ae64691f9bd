package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Task;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Redcron as users run it: real node processes ({@code redcron-node run}) on the shared MariaDB
 * and Redis, each measurement in a database and namespace of its own.
 */
public final class RedcronScheduler implements SchedulerUnderTest {
    static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    /** Settings every node of the benchmark gets (besides defaults); shutdown need not wait long. */
    static final Map<String, String> NODE_SETTINGS = Map.of("node.drain-grace", "2s");

    private final Stores stores;
    private final Jars jars;
    private final Path logDir;
    private final int slots;

    public RedcronScheduler(Stores stores, Jars jars, Path logDir, int slots) {
        this.stores = stores;
        this.jars = jars;
        this.logDir = logDir;
        this.slots = slots;
    }

    @Override
    public String name() {
        return "Redcron";
    }

    @Override
    public String settings() {
        return "real node processes (redcron-node run, own JVM each, default JVM flags), --slots " + slots
                + " per node, defaults otherwise (mysql.pool-size 10, scheduler.batch-size 500, scheduler.tick 1s);"
                + " tasks of type java running a no-op handler, history kept in task_run; each measurement with"
                + " tasks on their defaults (concurrency FORBID, as task add gives) and, where said, with"
                + " concurrency ALLOW";
    }

    @Override
    public Throughput throughput(int runs, Duration timeout) {
        return throughput(runs, 1, 0, timeout, RedcronData.TaskSettings.ALLOW);
    }

    /**
     * {@code runs} queued manual runs, executed by {@code workers} worker-only node processes
     * after a warm-up of {@code warmUpRuns} runs on the same processes, not counted: a node is a
     * long-running process, and a fresh JVM spends its first seconds compiling the hot path.
     * With {@link RedcronData.TaskSettings#ALLOW} the runs belong to one task; with the task
     * defaults (FORBID: one run of a task at a time) each run belongs to a task of its own, as
     * many tasks' fires do, so that what is measured is the cost of the default claim, not a queue
     * of runs waiting for each other.
     */
    public Throughput throughput(int runs, int workers, int warmUpRuns, Duration timeout,
                                 RedcronData.TaskSettings settings) {
        String label = "tp" + workers + (settings == RedcronData.TaskSettings.DEFAULTS ? "d" : "");
        String namespace = stores.freshNamespace(label);
        String url = stores.freshDatabase("redcron_" + label);
        try (HikariDataSource pool = stores.pool(url, 4)) {
            RedcronData data = new RedcronData(pool, namespace);
            Progress.say("Redcron: submitting " + warmUpRuns + " warm-up runs, recording " + runs + " runs ("
                    + settings.name().toLowerCase(java.util.Locale.ROOT) + " task settings)");
            RedcronData.RunSet measured = record(data, "oneoff", runs, settings);
            RedcronData.RunSet warmUp = record(data, "warmupa", warmUpRuns, settings);
            data.enqueueRuns(warmUp, stores.redis());
            List<NodeProcess> nodes = new ArrayList<>();
            try {
                for (int i = 1; i <= workers; i++) {
                    nodes.add(start(spec("worker-" + label + "-" + i, "worker", namespace, url)));
                }
                for (NodeProcess node : nodes) {
                    node.awaitRunning(START_TIMEOUT);
                }
                Progress.say("Redcron: " + workers + " worker process(es) running; warming up with batches of "
                        + warmUpRuns + " runs for " + Mode.THROUGHPUT_WARM_UP.toSeconds() + " s");
                long warmUntil = System.nanoTime() + Mode.THROUGHPUT_WARM_UP.toNanos();
                for (int batch = 1; ; batch++) {
                    String warmUpNote = awaitFinal(data, warmUp, warmUpRuns, timeout);
                    if (!warmUpNote.isEmpty()) {
                        return new Throughput(runs, 0, 0, 0, "warm-up " + warmUpNote);
                    }
                    if (System.nanoTime() >= warmUntil || warmUpRuns == 0 || batch >= 26) {
                        break;
                    }
                    warmUp = record(data, "warmup" + (char) ('a' + batch), warmUpRuns, settings);
                    data.enqueueRuns(warmUp, stores.redis());
                }
                Progress.say("Redcron: warm; the " + runs + " runs go on the stream at once");
                double cpuBefore = nodes.stream().mapToDouble(NodeProcess::cpuSeconds).sum();
                data.enqueueRuns(measured, stores.redis());
                String note = awaitFinal(data, measured, runs, timeout);
                double cpu = nodes.stream().mapToDouble(NodeProcess::cpuSeconds).sum() - cpuBefore;
                // For profiling: what a run costs the node processes.
                Progress.say(String.format("Redcron: node CPU %.1f s, %.3f ms/run", cpu, cpu * 1000 / runs));
                Map<String, Integer> counts = data.statusCounts(measured);
                int succeeded = counts.getOrDefault("SUCCEEDED", 0);
                long problems = nodes.stream().mapToLong(NodeProcess::problems).sum();
                if (problems > 0) {
                    note = (note + " " + problems + " warning/error line(s) in the node logs").trim();
                }
                return new Throughput(runs, succeeded, RedcronData.finalCount(counts) - succeeded,
                        data.succeededSpanSeconds(measured), note);
            } finally {
                nodes.forEach(NodeProcess::close);
            }
        }
    }

    /**
     * Records {@code runs} manual runs, not yet queued: of one task under ALLOW, or one for each
     * task of a family of that many under the task defaults.
     */
    private static RedcronData.RunSet record(RedcronData data, String name, int runs, RedcronData.TaskSettings settings) {
        if (settings == RedcronData.TaskSettings.ALLOW) {
            Task task = data.createTask(name, "0 0 0 1 1 ?");
            data.recordManualRuns(task, runs);
            return RedcronData.RunSet.of(task);
        }
        if (runs > 0) {
            data.growFamily(data.createTask(name, "0 0 0 1 1 ? 2099", true, settings), runs);
            data.recordRunPerTask(name);
        }
        return data.family(name);
    }

    /**
     * Waits until every run of {@code task} is final. While entries wait on the stream only Redis
     * is asked: counting a 50,000-run history every quarter second would load the very database
     * being measured (the baselines count their runs in memory). Then only the runs not final
     * yet are counted, through their index.
     */
    private String awaitFinal(RedcronData data, RedcronData.RunSet task, int runs, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long nextReport = System.nanoTime();
        while (System.nanoTime() < deadline) {
            long backlog = data.streamBacklog(stores.redis());
            if (backlog == 0 && data.unfinishedCount(task) == 0) {
                return "";
            }
            if (System.nanoTime() >= nextReport) {
                Progress.say("Redcron: " + (runs - backlog) + "/" + runs + " runs taken by a worker");
                nextReport = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            }
            NodeProcess.pause(Duration.ofMillis(250));
        }
        return "cut short after " + timeout.toSeconds() + " s: " + data.statusCounts(task);
    }

    @Override
    public Lateness lateness(int tasks, Duration window) {
        return lateness(tasks, window, RedcronData.TaskSettings.ALLOW);
    }

    /** Lateness of {@code tasks} tasks firing every second, with the given task settings. */
    public Lateness lateness(int tasks, Duration window, RedcronData.TaskSettings settings) {
        String label = "late" + tasks + (settings == RedcronData.TaskSettings.DEFAULTS ? "d" : "");
        String namespace = stores.freshNamespace(label);
        String url = stores.freshDatabase("redcron_" + label);
        try (HikariDataSource pool = stores.pool(url, 4)) {
            RedcronData data = new RedcronData(pool, namespace);
            data.growFamily(data.createTask("late", "* * * * * ?", false, settings), tasks);
            try (NodeProcess node = start(spec("node-" + label, "scheduler,worker", namespace, url))) {
                node.awaitRunning(START_TIMEOUT);
                data.setEnabled("late", true, Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2));
                Window measured = Window.after(Instant.now(), Mode.WARM_UP, window);
                Progress.say("Redcron: " + tasks + " tasks fire every second; measuring " + measured);
                measured.awaitEnd();
                int expected = (int) (tasks * measured.seconds());
                measured.drain(expected, () -> data.startedIn(measured));
                long lowerBound = Duration.between(measured.end(), Instant.now()).toMillis();
                return Lateness.of(expected, data.latenessIn(measured), lowerBound);
            }
        }
    }

    NodeProcess.Spec spec(String nodeId, String roles, String namespace, String url) {
        return spec(nodeId, roles, namespace, url, NODE_SETTINGS);
    }

    /** A node with {@code settings} (Redcron keys) instead of {@link #NODE_SETTINGS}. */
    NodeProcess.Spec spec(String nodeId, String roles, String namespace, String url, Map<String, String> settings) {
        return new NodeProcess.Spec(nodeId, roles, slots, namespace, url, stores.user(), stores.redisUri(), settings);
    }

    NodeProcess start(NodeProcess.Spec spec) {
        return NodeProcess.start(spec, jars, logDir);
    }

    Stores stores() {
        return stores;
    }
}
