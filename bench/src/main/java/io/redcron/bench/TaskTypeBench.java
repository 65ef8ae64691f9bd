package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.bench.RedcronData.RunSet;
import io.redcron.domain.TaskPayload;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Redcron running tasks of a few types, one type after the other, on one node process with both
 * roles, in a database and namespace of its own. For each type: warm-up runs, then throughput
 * (one-off runs all queued at once, one per task, timed from the first start to the last finish),
 * then lateness at each load (tasks firing every second), the heaviest last. After each load the
 * waiting runs are discarded, so that a load the machine cannot keep up with leaves no backlog to
 * the next measurement.
 */
final class TaskTypeBench {
    private static final String YEARLY = "0 0 0 1 1 ?";
    private static final String EVERY_SECOND = "* * * * * ?";

    private final RedcronScheduler redcron;
    private final TaskTypeSizes sizes;
    private final Duration phaseTimeout;

    TaskTypeBench(RedcronScheduler redcron, TaskTypeSizes sizes, Duration phaseTimeout) {
        this.redcron = redcron;
        this.sizes = sizes;
        this.phaseTimeout = phaseTimeout;
    }

    /** One type measured: its name in the results ("exec", "shell", "http") and what its tasks run. */
    record Type(String name, TaskPayload payload) {
    }

    /**
     * Measures each type in turn on one node (so the node starts once and each type finds it warm).
     *
     * @param nodeSettings Redcron settings the node needs beyond the benchmark's (an allowed URL)
     */
    List<Result> measure(String scenario, List<Type> types, Map<String, String> nodeSettings) {
        Stores stores = redcron.stores();
        String namespace = stores.freshNamespace(scenario);
        String url = stores.freshDatabase("redcron_" + scenario);
        List<Result> results = new ArrayList<>();
        try (HikariDataSource pool = stores.pool(url, 4)) {
            TaskFamilies families = new TaskFamilies(pool, namespace);
            for (Type type : types) {
                families.create(type.name() + "-warm-", YEARLY, type.payload(), true, sizes.warmUpRuns());
                families.create(type.name() + "-runs-", YEARLY, type.payload(), true, sizes.runs());
                for (int rate : sizes.firesPerSecond()) {
                    families.create(latePrefix(type, rate), EVERY_SECOND, type.payload(), false, rate);
                }
            }
            NodeProcess.Spec base = redcron.spec("node-" + scenario, "scheduler,worker", namespace, url);
            Map<String, String> settings = new HashMap<>(base.settings());
            settings.putAll(nodeSettings);
            try (NodeProcess node = redcron.start(new NodeProcess.Spec(base.nodeId(), base.roles(), base.slots(),
                    base.namespace(), base.jdbcUrl(), base.dbUser(), base.redisUri(), Map.copyOf(settings)))) {
                node.awaitRunning(RedcronScheduler.START_TIMEOUT);
                long warmUntil = System.nanoTime() + sizes.warmUp().toNanos();
                for (Type type : types) {
                    results.addAll(measure(scenario, type, families, node, warmUntil));
                }
                long problems = node.problems();
                if (problems > 0) {
                    results.add(new Result(scenario, redcron.name(), String.join(", ", types.stream().map(Type::name).toList()),
                            "log warnings", problems, "lines", "warning/error lines in the node's log (discarding the"
                            + " waiting runs between loads deletes the stream the node reads: one warning each time)"));
                }
            }
        }
        return results;
    }

    /** @param warmUntil until when (nanoTime) warm-up batches go on; at least one batch of each type runs */
    private List<Result> measure(String scenario, Type type, TaskFamilies families, NodeProcess node, long warmUntil) {
        List<Result> results = new ArrayList<>();
        Progress.say(String.format("%s: %s, warming up with batches of %d runs", scenario, type.name(), sizes.warmUpRuns()));
        do {
            String warmUp = runAll(families, type.name() + "-warm-");
            if (!warmUp.isEmpty()) {
                results.add(new Result(scenario, redcron.name(), type.name(), "failed", Double.NaN, "", "warm-up " + warmUp));
                return results;
            }
        } while (System.nanoTime() < warmUntil);
        results.addAll(throughput(scenario, type.name(), families, node));
        for (int rate : sizes.firesPerSecond()) {
            results.addAll(lateness(scenario, type, families, rate));
        }
        return results;
    }

    private List<Result> throughput(String scenario, String variant, TaskFamilies families, NodeProcess node) {
        Progress.say(String.format("%s: %s, %d runs on the stream at once", scenario, variant, sizes.runs()));
        String prefix = variant + "-runs-";
        double cpuBefore = node.cpuSeconds();
        String note = runAll(families, prefix);
        double cpu = node.cpuSeconds() - cpuBefore;
        RunSet runs = families.data().family(prefix);
        Map<String, Integer> counts = families.data().statusCounts(runs);
        int succeeded = counts.getOrDefault("SUCCEEDED", 0);
        Throughput measured = new Throughput(sizes.runs(), succeeded, RedcronData.finalCount(counts) - succeeded,
                families.data().succeededSpanSeconds(runs), note);
        Progress.say(String.format("  %s: %.0f runs/s (%d succeeded, %d failed, %.1f s), node CPU %.2f ms/run %s",
                variant, measured.perSecond(), measured.succeeded(), measured.failed(), measured.seconds(),
                cpu * 1000 / sizes.runs(), note));
        List<Result> results = new ArrayList<>();
        results.add(new Result(scenario, redcron.name(), variant, "runs/s", measured.perSecond(), "runs/s", note));
        results.add(new Result(scenario, redcron.name(), variant, "succeeded", succeeded, "runs", sizes.runs() + " submitted"));
        if (measured.failed() > 0) {
            results.add(new Result(scenario, redcron.name(), variant, "failed", measured.failed(), "runs"));
        }
        results.add(new Result(scenario, redcron.name(), variant, "node CPU/run", cpu * 1000 / sizes.runs(), "ms",
                "the node's JVM (user+system), not the programs it started"));
        return results;
    }

    /** Records one run of each task of the family, queues them all, and waits until all are final. */
    private String runAll(TaskFamilies families, String prefix) {
        RedcronData data = families.data();
        RunSet runs = data.family(prefix);
        data.recordRunPerTask(prefix);
        data.enqueueRuns(runs, redcron.stores().redis());
        long deadline = System.nanoTime() + phaseTimeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (data.unfinishedCount(runs) == 0) {
                return "";
            }
            NodeProcess.pause(Duration.ofMillis(250));
        }
        return "cut short after " + phaseTimeout.toSeconds() + " s: " + data.statusCounts(runs);
    }

    private List<Result> lateness(String scenario, Type type, TaskFamilies families, int rate) {
        String prefix = latePrefix(type, rate);
        RedcronData data = families.data();
        data.setEnabled(prefix, true, Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2));
        Window window = Window.after(Instant.now(), sizes.latenessWarmUp(), sizes.latenessWindow());
        Progress.say(String.format("%s: %s, %d tasks fire every second; measuring %s", scenario, type.name(), rate, window));
        window.awaitEnd();
        int expected = (int) (rate * window.seconds());
        Instant drainEnd = window.end().plus(sizes.drain());
        while (Instant.now().isBefore(drainEnd) && data.startedIn(data.family(prefix), window) < expected) {
            NodeProcess.pause(Duration.ofMillis(250));
        }
        long lowerBound = Duration.between(window.end(), Instant.now()).toMillis();
        Lateness measured = Lateness.of(expected, data.latenessIn(data.family(prefix), window), lowerBound);
        data.setEnabled(prefix, false, null);
        data.discardWaitingRuns(redcron.stores().redis());
        String variant = type.name() + " at " + rate + " fires/s";
        String note = measured.missing() == 0 ? "" : measured.missing() + " of " + measured.expected()
                + " fires had not started " + sizes.drain().toSeconds() + " s after the window (counted at that lateness)";
        Progress.say(String.format("  %s: p50 %.0f ms, p99 %.0f ms, max %.0f ms; %s", variant, measured.stats().p50(),
                measured.stats().p99(), measured.stats().max(), note));
        return List.of(
                new Result(scenario, redcron.name(), variant, "p50", measured.stats().p50(), "ms", note),
                new Result(scenario, redcron.name(), variant, "p99", measured.stats().p99(), "ms"),
                new Result(scenario, redcron.name(), variant, "max", measured.stats().max(), "ms"),
                new Result(scenario, redcron.name(), variant, "started", measured.started(), "fires",
                        measured.expected() + " expected"));
    }

    /** A figure of the results, if it was measured. */
    static Optional<Double> value(List<Result> results, String scenario, String scheduler, String variant, String metric) {
        return results.stream().filter(r -> r.is(scenario, scheduler, variant, metric)).map(Result::value).findFirst();
    }

    /** Distinct for every type and rate, and no prefix of another family's names. */
    private static String latePrefix(Type type, int rate) {
        return type.name() + "-at" + rate + "-";
    }
}
