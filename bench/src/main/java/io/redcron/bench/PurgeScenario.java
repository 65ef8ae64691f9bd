package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.RetentionRules;
import io.redcron.store.mysql.MysqlRetentionStore;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Fire lateness while the leader's retention sweep purges a long history, beside the same load
 * with nothing to purge. One database holds a history of N runs that all ended more than
 * {@link #AGE} ago ({@link HistoryData} with an {@linkplain HistoryData.Timeline#aged aged}
 * timeline), past every age of {@link RetentionPolicy#DEFAULTS}, and {@value #FIRES_PER_SECOND}
 * tasks on their default settings firing every second. First the baseline: the namespace keeps its
 * history forever, so the sweep finds nothing to do. Then, on a fresh node process, the namespace
 * back on the defaults: the sweep purges while the tasks fire. Both phases are measured as the
 * lateness scenario measures (a node with both roles, a warm-up under the load, a window of whole
 * seconds); the purge's progress comes from the node's own {@code /metrics}. The baseline is
 * measured again after the purge, so that the spread of the two shows how much the machine's other
 * load moves the figures.
 *
 * <p>Nothing of this can be kept between runs: the purge deletes the history it measures on, so it
 * is generated every time, in a database removed at the end.
 */
public final class PurgeScenario {
    public static final String NAME = "purge";
    static final int FIRES_PER_SECOND = 1_000;
    /** Runs per task of the history: with 50,000 tasks ten million runs span some three and a half weeks. */
    static final int RUNS_PER_TASK = 200;
    /** The history ends this long ago: older than every age of the default policy (failures: 90 days). */
    static final Duration AGE = Duration.ofDays(100);
    static final long QUICK_RUNS = 1_000_000;
    static final long FULL_RUNS = 10_000_000;
    static final String PURGING = FIRES_PER_SECOND + " fires/s, purging";
    static final String BASELINE = FIRES_PER_SECOND + " fires/s, nothing to purge";
    static final String BASELINE_AFTER = FIRES_PER_SECOND + " fires/s, nothing to purge, after";
    static final String SWEEP = "retention sweep";
    private static final String LOAD = "late";
    private static final RetentionPolicy KEEP_FOREVER = new RetentionPolicy(RetentionPolicy.FOREVER,
            RetentionPolicy.FOREVER, null, RetentionPolicy.FOREVER, RetentionPolicy.FOREVER);
    private static final Duration SETTLE_AT_MOST = Duration.ofSeconds(90);
    private static final Duration SETTLED_AFTER = Duration.ofSeconds(5);

    private final Mode mode;
    private final RedcronScheduler redcron;
    private final long runs;

    /** @param runs the history's runs ({@link #runsFor} the mode, unless asked otherwise) */
    public PurgeScenario(Mode mode, RedcronScheduler redcron, long runs) {
        this.mode = mode;
        this.redcron = redcron;
        this.runs = runs;
    }

    /** The page's settings line. */
    static String describe(long runs) {
        return String.format(Locale.ROOT, "%,d runs of %,d tasks, all ended %d days ago or more, generated afresh in a"
                + " database of their own; %,d tasks firing every second on their default settings; one node with both"
                + " roles, the metrics endpoint on, retention on its defaults", runs, tasksFor(runs), AGE.toDays(),
                FIRES_PER_SECOND);
    }

    /** Ten million runs in full mode, the size; a million in quick mode, generated in a minute or so. */
    static long runsFor(Mode mode) {
        return mode.name().equals("full") ? FULL_RUNS : QUICK_RUNS;
    }

    /** As many tasks as give each some {@value #RUNS_PER_TASK} runs: the history spans the same weeks at any size. */
    static int tasksFor(long runs) {
        return (int) Math.max(1, runs / RUNS_PER_TASK);
    }

    /** At least 30 s: the sweep works a second in every five, a window must see several of its passes. */
    static Duration window(Mode mode) {
        Duration least = Duration.ofSeconds(30);
        return mode.latenessWindow().compareTo(least) < 0 ? least : mode.latenessWindow();
    }

    /** What one phase measured. */
    record Phase(Lateness lateness, RetentionReading atStart, RetentionReading atEnd, Duration window,
                 double nodeCpuSeconds, double longestStatementMillis, long statementSamples, RowLocks locks,
                 long problems, String loadAverage) {

        double purgedPerSecond() {
            return (atEnd.runsPurged() - atStart.runsPurged()) / window.toSeconds();
        }

        /** A sweep ended (the node sets the oldest run's age then, and only then). */
        boolean sweepFinished() {
            return atEnd.oldestRunAgeSeconds() > 0;
        }
    }

    public List<Result> run() {
        Stores stores = redcron.stores();
        int tasks = tasksFor(runs);
        String size = String.format(Locale.ROOT, "%,d runs", runs);
        String url = stores.freshDatabase("purge");
        String namespace = stores.freshNamespace("purge");
        List<Result> results = new ArrayList<>();
        try (HikariDataSource pool = stores.pool(url, 4)) {
            Instant now = Instant.now();
            HistoryData.Timeline timeline = HistoryData.Timeline.aged(now, AGE);
            Progress.say(String.format(Locale.ROOT, "Purge: generating %,d runs of %,d tasks, ending %s (load average %s)",
                    runs, tasks, timeline.end(), MachineInfo.loadAverage()));
            HistoryData.Generated history = new HistoryData(pool, runs, tasks, namespace, timeline).generate();
            results.add(new Result(NAME, "Redcron", size, "generation", history.took().toMillis() / 1000.0, "s",
                    String.format(Locale.ROOT, "%,d tasks; runs scheduled %s, all ended; load average %s", tasks,
                            ages(pool, namespace, now), history.loadAverage())));
            RedcronData data = new RedcronData(pool, namespace);
            // The history's own tasks stay quiet (their next fires are months overdue): only the load fires.
            data.setEnabled("job-", false, null);
            data.growFamily(data.createTask(LOAD, "* * * * * ?", false, RedcronData.TaskSettings.DEFAULTS),
                    FIRES_PER_SECOND);
            MysqlRetentionStore retention = new MysqlRetentionStore(pool, Clock.systemUTC());
            retention.changeNamespace(namespace, KEEP_FOREVER, "bench");
            awaitSettled(pool);

            Progress.say("Purge: baseline, the namespace keeps its history forever");
            Phase baseline = measure(data, pool, namespace, url, "keep");
            results.addAll(results(BASELINE, baseline, ""));

            clearPolicy(pool, namespace);
            Instant horizon = RetentionRules.horizon(RetentionPolicy.DEFAULTS, Instant.now());
            long dueBefore = olderThan(pool, namespace, horizon);
            Progress.say(String.format(Locale.ROOT, "Purge: the namespace on the default policy; %,d runs older than %s",
                    dueBefore, horizon.truncatedTo(ChronoUnit.SECONDS)));
            Phase purging = measure(data, pool, namespace, url, "purge");
            long dueAfter = olderThan(pool, namespace, horizon);
            results.addAll(results(PURGING, purging, size));
            results.addAll(purgeResults(purging, dueBefore, dueAfter));

            // The same baseline again: on a shared machine the load of others moves between phases,
            // and a purge effect is only worth naming if it stands out of the two baselines' spread.
            retention.changeNamespace(namespace, KEEP_FOREVER, "bench");
            Progress.say("Purge: baseline again, the namespace keeps its history forever");
            results.addAll(results(BASELINE_AFTER, measure(data, pool, namespace, url, "keep-again"), ""));
        }
        return results;
    }

    /** "400 to 100 days ago": the scheduled times of the namespace's oldest and newest runs. */
    private static String ages(HikariDataSource pool, String namespace, Instant now) {
        try (Connection connection = pool.getConnection();
             PreparedStatement read = connection.prepareStatement("SELECT MIN(scheduled_at), MAX(scheduled_at)"
                     + " FROM task_run WHERE namespace = ?")) {
            read.setString(1, namespace);
            try (ResultSet row = read.executeQuery()) {
                row.next();
                return daysAgo(row.getTimestamp(1).toInstant(), now) + " to " + daysAgo(row.getTimestamp(2).toInstant(), now)
                        + " days ago";
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the history's span: " + e.getMessage(), e);
        }
    }

    private static long daysAgo(Instant at, Instant now) {
        return Duration.between(at, now).toDays();
    }

    /** One phase on a fresh node process: warm-up under the load, then the window; the node is stopped after. */
    private Phase measure(RedcronData data, HikariDataSource pool, String namespace, String url, String label) {
        int port = freePort();
        Map<String, String> settings = new HashMap<>(RedcronScheduler.NODE_SETTINGS);
        settings.put("metrics.port", Integer.toString(port));
        Duration length = window(mode);
        RedcronData.RunSet load = data.family(LOAD);
        try (NodeProcess node = redcron.start(redcron.spec("node-" + label, "scheduler,worker", namespace, url, settings))) {
            node.awaitRunning(RedcronScheduler.START_TIMEOUT);
            data.setEnabled(LOAD, true, Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2));
            Window measured = Window.after(Instant.now(), Mode.WARM_UP, length);
            Progress.say("Purge: " + FIRES_PER_SECOND + " tasks fire every second; measuring " + measured);
            measured.awaitStart();
            RetentionReading atStart = RetentionReading.scrape(port);
            RowLocks locksBefore = RowLocks.read(pool);
            double cpuBefore = node.cpuSeconds();
            RetentionReading atEnd;
            double cpu;
            double longest;
            long samples;
            try (StatementWatch watch = StatementWatch.start(pool)) {
                measured.awaitEnd();
                atEnd = RetentionReading.scrape(port);
                cpu = node.cpuSeconds() - cpuBefore;
                longest = watch.longestMillis();
                samples = watch.samples();
            }
            RowLocks locks = RowLocks.read(pool).minus(locksBefore);
            int expected = (int) (FIRES_PER_SECOND * measured.seconds());
            measured.drain(expected, () -> data.startedIn(load, measured));
            long lowerBound = Duration.between(measured.end(), Instant.now()).toMillis();
            Lateness lateness = Lateness.of(expected, data.latenessIn(load, measured), lowerBound);
            data.setEnabled(LOAD, false, null);
            Phase phase = new Phase(lateness, atStart, atEnd, length, cpu, longest, samples, locks, node.problems(),
                    MachineInfo.loadAverage());
            Progress.say(String.format(Locale.ROOT, "  p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms; %d of %d"
                            + " started; purged %,.0f runs/s; backlog %.1f → %.1f days; longest sweep statement %.0f ms",
                    lateness.stats().p50(), lateness.stats().p95(), lateness.stats().p99(), lateness.stats().max(),
                    lateness.started(), expected, phase.purgedPerSecond(), atStart.backlogSeconds() / 86_400,
                    atEnd.backlogSeconds() / 86_400, longest));
            return phase;
        } finally {
            data.discardWaitingRuns(redcron.stores().redis());
        }
    }

    /** The figures both phases have, under {@code variant}. */
    static List<Result> results(String variant, Phase phase, String history) {
        Lateness lateness = phase.lateness();
        String missing = lateness.missing() == 0 ? "" : lateness.missing() + " of " + lateness.expected()
                + " fires had not started " + Window.DRAIN.toSeconds() + " s after the window (counted at that lateness)";
        String on = history.isEmpty() ? "history kept forever" : "purging a history of " + history;
        on += String.format(Locale.ROOT, "; load average %s at the end", phase.loadAverage());
        String note = (on + (missing.isEmpty() ? "" : "; " + missing)
                + (phase.problems() == 0 ? "" : "; " + phase.problems() + " warning/error line(s) in the node log"));
        List<Result> results = new ArrayList<>();
        results.add(new Result(NAME, "Redcron", variant, "p50", lateness.stats().p50(), "ms", note));
        results.add(new Result(NAME, "Redcron", variant, "p95", lateness.stats().p95(), "ms"));
        results.add(new Result(NAME, "Redcron", variant, "p99", lateness.stats().p99(), "ms"));
        results.add(new Result(NAME, "Redcron", variant, "max", lateness.stats().max(), "ms"));
        results.add(new Result(NAME, "Redcron", variant, "started", lateness.started(), "fires",
                lateness.expected() + " expected"));
        results.add(new Result(NAME, "Redcron", variant, "node CPU", phase.nodeCpuSeconds() / phase.window().toSeconds(),
                "s/s", "user+system of the node (scheduler and worker), /proc"));
        results.add(new Result(NAME, "Redcron", variant, "longest sweep statement", phase.longestStatementMillis(), "ms",
                "seen in MariaDB's process list, sampled every " + StatementWatch.EVERY.toMillis() + " ms ("
                        + phase.statementSamples() + " samples); 0: none seen"));
        results.add(new Result(NAME, "Redcron", variant, "row lock waits", phase.locks().waits(), "waits",
                phase.locks().waitedMillis() + " ms waited in all; server-wide counters"));
        return results;
    }

    /** What the purge did during the window, from the node's metrics, and the history still due. */
    static List<Result> purgeResults(Phase phase, long dueBefore, long dueAfter) {
        double rate = phase.purgedPerSecond();
        List<Result> results = new ArrayList<>();
        results.add(new Result(NAME, "Redcron", SWEEP, "runs purged/s", rate, "runs/s",
                String.format(Locale.ROOT, "%,.0f runs in the %d s window (%,.0f since the node started)",
                        phase.atEnd().runsPurged() - phase.atStart().runsPurged(), phase.window().toSeconds(),
                        phase.atEnd().runsPurged())));
        results.add(new Result(NAME, "Redcron", SWEEP, "backlog at start", phase.atStart().backlogSeconds() / 86_400,
                "days", "scheduled time the sweep had yet to walk (redcron_history_purge_backlog_seconds)"));
        results.add(new Result(NAME, "Redcron", SWEEP, "backlog at end", phase.atEnd().backlogSeconds() / 86_400,
                "days", phase.sweepFinished() ? "the sweep finished" : "the sweep had not finished"));
        results.add(new Result(NAME, "Redcron", SWEEP, "runs past the horizon", dueBefore, "runs",
                "scheduled more than " + RetentionPolicy.DEFAULTS.outputDays() + " days ago, before the phase"
                        + " (the newest " + RetentionPolicy.DEFAULTS.keepLast() + " of each task stay)"));
        results.add(new Result(NAME, "Redcron", SWEEP, "runs past the horizon after", dueAfter, "runs",
                estimate(dueAfter, rate)));
        results.add(new Result(NAME, "Redcron", SWEEP, "finished", phase.sweepFinished() ? 1 : 0, "",
                phase.sweepFinished() ? "yes" : "no, within the warm-up and the window"));
        return results;
    }

    /** How long the rest would take at the measured rate (an upper bound: the newest runs of each task stay). */
    static String estimate(long left, double perSecond) {
        if (left == 0) {
            return "none left";
        }
        if (!(perSecond > 0)) {
            return "nothing was purged in the window";
        }
        return String.format(Locale.ROOT, "at that rate the rest takes up to %.0f min", left / perSecond / 60);
    }

    /** The goal line: lateness of the phases side by side, and the purge's pace. */
    public static List<String> goals(List<Result> results) {
        Optional<Double> p50 = value(results, PURGING, "p50");
        Optional<Double> p99 = value(results, PURGING, "p99");
        Optional<Double> baseP50 = value(results, BASELINE, "p50");
        Optional<Double> baseP99 = value(results, BASELINE, "p99");
        if (p50.isEmpty() || p99.isEmpty() || baseP50.isEmpty() || baseP99.isEmpty()) {
            return List.of();
        }
        String history = results.stream().filter(r -> r.scenario().equals(NAME) && r.metric().equals("generation"))
                .map(Result::variant).findFirst().orElse("a long history");
        String after = value(results, BASELINE_AFTER, "p50").flatMap(afterP50 -> value(results, BASELINE_AFTER, "p99")
                .map(afterP99 -> "; nothing to purge again after it: p50 " + Report.number(afterP50) + " ms, p99 "
                        + Report.number(afterP99) + " ms")).orElse("");
        String pace = value(results, SWEEP, "runs purged/s").map(rate -> "; purged " + Report.number(rate)
                + " runs/s" + value(results, SWEEP, "finished").map(done -> done > 0 ? ", finished" : ", not finished")
                .orElse("")).orElse("");
        return List.of("Lateness at " + FIRES_PER_SECOND + " fires/s while purging " + history + ": p50 "
                + Report.number(p50.get()) + " ms, p99 " + Report.number(p99.get()) + " ms; nothing to purge before it:"
                + " p50 " + Report.number(baseP50.get()) + " ms, p99 " + Report.number(baseP99.get()) + " ms" + after
                + pace + " (goal: no effect on lateness)");
    }

    private static Optional<Double> value(List<Result> results, String variant, String metric) {
        return results.stream().filter(r -> r.is(NAME, "Redcron", variant, metric)).map(Result::value).findFirst();
    }

    /** The namespace back on the defaults: no stored policy at all, as a namespace nobody configured. */
    private static void clearPolicy(HikariDataSource pool, String namespace) {
        try (Connection connection = pool.getConnection();
             PreparedStatement delete = connection.prepareStatement("DELETE FROM retention_policy WHERE namespace = ?")) {
            delete.setString(1, namespace);
            delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot clear the retention policy: " + e.getMessage(), e);
        }
    }

    /** Runs of the namespace scheduled before {@code horizon}, counted through the namespace's index. */
    private static long olderThan(HikariDataSource pool, String namespace, Instant horizon) {
        try (Connection connection = pool.getConnection();
             PreparedStatement count = connection.prepareStatement("SELECT COUNT(*) FROM task_run"
                     + " FORCE INDEX (ix_task_run_namespace) WHERE namespace = ? AND scheduled_at < ?")) {
            count.setString(1, namespace);
            count.setString(2, HistoryData.utc(horizon));
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count the history: " + e.getMessage(), e);
        }
    }

    /**
     * Waits (at most {@link #SETTLE_AT_MOST}) while MariaDB writes back what generating the history
     * left dirty in its buffer pool, so that the baseline does not measure that flush: until at most
     * a twentieth of the pool is dirty, or the count has not fallen for {@link #SETTLED_AFTER} (the
     * server flushes the rest at its own pace, other clients keep some pages dirty).
     */
    private static void awaitSettled(HikariDataSource pool) {
        long deadline = System.nanoTime() + SETTLE_AT_MOST.toNanos();
        long lowest = Long.MAX_VALUE;
        long lowestAt = System.nanoTime();
        long dirty = 0;
        long total = 1;
        while (System.nanoTime() < deadline) {
            try (Connection connection = pool.getConnection();
                 PreparedStatement read = connection.prepareStatement("SHOW GLOBAL STATUS WHERE Variable_name IN"
                         + " ('Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total')");
                 ResultSet rows = read.executeQuery()) {
                while (rows.next()) {
                    if (rows.getString(1).endsWith("dirty")) {
                        dirty = rows.getLong(2);
                    } else {
                        total = rows.getLong(2);
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("cannot read the buffer pool's state: " + e.getMessage(), e);
            }
            if (dirty < lowest) {
                lowest = dirty;
                lowestAt = System.nanoTime();
            }
            if (dirty * 20 <= total || System.nanoTime() - lowestAt >= SETTLED_AFTER.toNanos()) {
                Progress.say("Purge: " + dirty + " of " + total + " buffer pool pages dirty");
                return;
            }
            NodeProcess.pause(Duration.ofSeconds(1));
        }
        Progress.say("Purge: " + dirty + " of " + total + " buffer pool pages still dirty; measuring anyway");
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port for the node's metrics: " + e.getMessage(), e);
        }
    }
}
