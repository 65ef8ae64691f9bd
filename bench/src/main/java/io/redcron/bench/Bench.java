package io.redcron.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Runs every scenario against one MariaDB and one Redis, prints a table and writes CSV and
 * Markdown. Started by {@code scripts/bench.sh}.
 */
@Command(name = "redcron-bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measures Redcron's throughput, lateness and scale next to Quartz, db-scheduler and JobRunr,",
                "and the ceilings of the stores, on this machine. Progress goes to stderr, the table to stdout."})
public final class Bench implements Callable<Integer> {
    @Option(names = "--quick", description = "Small sizes, a few minutes (the default).")
    boolean quick;

    @Option(names = "--full", description = "The sizes of the performance goals (100,000 runs, one-minute windows).")
    boolean full;

    @Option(names = "--runs", paramLabel = "N", description = "One-off runs per throughput measurement (overrides the mode).")
    Integer runs;

    @Option(names = "--workers", paramLabel = "N,…", split = ",",
            description = "Redcron worker processes to measure throughput with (overrides the mode's 1,2,4).")
    List<Integer> workers;

    @Option(names = "--rates", paramLabel = "N,…", split = ",",
            description = "Lateness loads in fires per second (overrides the mode's 100,1000,5000).")
    List<Integer> rates;

    @Option(names = "--tasks", paramLabel = "N,…", split = ",",
            description = "Task counts of the scale scenario (overrides the mode's 1000,10000,100000,1000000; each above 100).")
    List<Integer> tasks;

    @Option(names = "--only", paramLabel = "SCENARIOS", split = ",",
            description = "Run only these: ceiling, throughput, lateness, scale, history, purge, process, http. Default: all.")
    Set<String> only;

    @Option(names = "--history-runs", paramLabel = "N", defaultValue = "10000000",
            description = "Runs in the history scenario's database. Default: ${DEFAULT-VALUE}")
    long historyRuns;

    @Option(names = "--history-tasks", paramLabel = "N", defaultValue = "50000",
            description = "Tasks the history's runs belong to. Default: ${DEFAULT-VALUE}")
    int historyTasks;

    @Option(names = "--history-db", paramLabel = "NAME", defaultValue = "rcbench_history",
            description = "Database kept for the history between runs (generated when missing or of other sizes)."
                    + " Default: ${DEFAULT-VALUE}")
    String historyDb;

    @Option(names = "--history-regenerate", description = "Generate the history's database again even if it matches.")
    boolean historyRegenerate;

    @Option(names = "--purge-runs", paramLabel = "N",
            description = "Runs of the purge scenario's history, all past retention (overrides the mode's:"
                    + " 1,000,000 quick, 10,000,000 full).")
    Long purgeRuns;

    @Option(names = "--jdbc-url", paramLabel = "URL", defaultValue = "jdbc:mysql://127.0.0.1:3306/test",
            description = "MariaDB/MySQL server to use (a fresh database is created per measurement). Default: ${DEFAULT-VALUE}")
    String jdbcUrl;

    @Option(names = "--db-user", paramLabel = "USER", defaultValue = "root", description = "Database user (no password). Default: ${DEFAULT-VALUE}")
    String dbUser;

    @Option(names = "--redis-uri", paramLabel = "URI", defaultValue = "redis://127.0.0.1:6379",
            description = "Redis to use (a fresh namespace per measurement). Default: ${DEFAULT-VALUE}")
    String redisUri;

    @Option(names = "--slots", paramLabel = "N", defaultValue = "64",
            description = "Redcron slots per node; also Quartz's and db-scheduler's thread count and JobRunr's worker count. Default: ${DEFAULT-VALUE}")
    int slots;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench/results", description = "Where CSV and Markdown go. Default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--docs", paramLabel = "FILE", defaultValue = "docs/BENCHMARKS.md",
            description = "Markdown page to regenerate; 'none' to leave it. Default: ${DEFAULT-VALUE}")
    String docs;

    @Option(names = "--node-jar", paramLabel = "JAR", description = "The node's runnable jar. Default: node-headless/target/redcron-node.jar beside this jar.")
    Path nodeJar;

    @Option(names = "--no-baselines", description = "Measure Redcron alone (for profiling it; no ratios then).")
    boolean noBaselines;

    @Option(names = "--baselines", paramLabel = "NAME,…", split = ",",
            description = "Measure only these baselines: Quartz, db-scheduler, JobRunr (any case). Default: all.")
    Set<String> baselineNames;

    @Option(names = "--keep-data", description = "Leave the benchmark's databases and Redis keys for inspection.")
    boolean keepData;

    public static void main(String[] args) {
        // The node jar's logging config, read by the baselines' libraries here: keep their INFO chatter out.
        if (System.getenv("REDCRON_LOG_LEVEL") == null && System.getProperty("REDCRON_LOG_LEVEL") == null) {
            System.setProperty("REDCRON_LOG_LEVEL", "WARN");
        }
        System.exit(new CommandLine(new Bench()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        if (quick && full) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--quick and --full: choose one");
        }
        if (slots < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--slots: must be at least 1, got " + slots);
        }
        Mode mode = full ? Mode.full() : Mode.quick();
        if (runs != null) {
            if (runs < 1) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--runs: must be at least 1, got " + runs);
            }
            mode = mode.withRuns(runs);
        }
        if (workers != null && !workers.isEmpty()) {
            if (workers.stream().anyMatch(n -> n < 1)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--workers: each must be at least 1, got " + workers);
            }
            mode = mode.withWorkerCounts(workers);
        }
        if (rates != null && !rates.isEmpty()) {
            if (rates.stream().anyMatch(n -> n < 1)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--rates: each must be at least 1, got " + rates);
            }
            mode = mode.withFiresPerSecond(rates);
        }
        if (tasks != null && !tasks.isEmpty()) {
            if (tasks.stream().anyMatch(n -> n <= Mode.FIRING_TASKS)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--tasks: each must be above "
                        + Mode.FIRING_TASKS + ", got " + tasks);
            }
            mode = mode.withTaskCounts(tasks);
        }
        if (purgeRuns != null && purgeRuns < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--purge-runs: must be at least 1, got " + purgeRuns);
        }
        Mode sizes = mode;
        Jars jars = Jars.locate(nodeJar);
        Path logs = Files.createTempDirectory("redcron-bench-logs-");
        Progress.say("Mode " + mode.name() + "; node logs in " + logs);
        Map<String, String> machine = MachineInfo.describe();
        List<Result> results = new ArrayList<>();
        Map<String, String> storeFacts;
        Map<String, String> settings = new LinkedHashMap<>();
        try (Stores stores = Stores.open(jdbcUrl, dbUser, redisUri, keepData)) {
            storeFacts = stores.describe();
            RedcronScheduler redcron = new RedcronScheduler(stores, jars, logs, slots);
            List<SchedulerUnderTest> baselines = noBaselines ? List.of()
                    : Stream.of(new QuartzScheduler(stores, slots), new DbSchedulerBaseline(stores, slots),
                    new JobRunrBaseline(stores, slots)).filter(this::baselineSelected).toList();
            settings.put("Mode", describe(mode));
            settings.put("Stores", "one MariaDB and one Redis for every scheduler; a fresh database per measurement"
                    + " (and a fresh namespace for Redcron)");
            settings.put("Fairness", "Redcron runs as its real node processes (one JVM each, the processes users run);"
                    + " the baselines are libraries and run inside the benchmark's JVM, as applications embed them."
                    + " All use HikariCP pools with the same driver settings. Redcron keeps a history row per run;"
                    + " Quartz and db-scheduler delete a one-off when it is done (their own bookkeeping); JobRunr keeps it"
                    + " as SUCCEEDED.");
            settings.put(redcron.name(), redcron.settings());
            baselines.forEach(baseline -> settings.put(baseline.name(), baseline.settings()));
            if (selected(HistoryScenario.NAME)) {
                settings.put("History", String.format("%,d runs of %,d tasks in database %s, kept between runs",
                        historyRuns, historyTasks, historyDb));
            }
            long purgeSize = purgeRuns != null ? purgeRuns : PurgeScenario.runsFor(mode);
            if (selected(PurgeScenario.NAME)) {
                settings.put("Purge", PurgeScenario.describe(purgeSize));
            }
            run(results, CeilingScenario.NAME, () -> new CeilingScenario(sizes, stores).run());
            run(results, ThroughputScenario.NAME, () -> new ThroughputScenario(sizes, redcron, baselines).run());
            run(results, LatenessScenario.NAME, () -> new LatenessScenario(sizes, redcron, baselines).run());
            run(results, ScaleScenario.NAME, () -> new ScaleScenario(sizes, redcron).run());
            run(results, HistoryScenario.NAME, () -> new HistoryScenario(sizes, stores, historyRuns, historyTasks, historyDb,
                    historyRegenerate).run());
            run(results, PurgeScenario.NAME, () -> new PurgeScenario(sizes, redcron, purgeSize).run());
            run(results, ProcessScenario.NAME, () -> new ProcessScenario(sizes, redcron, slots).run());
            run(results, HttpScenario.NAME, () -> new HttpScenario(sizes, redcron, slots).run());
        }
        machine.put("Load average at end", MachineInfo.loadAverage());
        Report report = new Report(results);
        System.out.println(report.table());
        report.ratios().forEach(System.out::println);
        write(report, mode, machine, storeFacts, settings);
        return 0;
    }

    /**
     * Runs one scenario if selected. A scenario that fails is reported as failed, with its reason,
     * and the others still run: one broken measurement must not lose the rest of a long run.
     */
    private void run(List<Result> results, String scenario, Supplier<List<Result>> measurement) {
        if (!selected(scenario)) {
            return;
        }
        try {
            results.addAll(measurement.get());
        } catch (RuntimeException e) {
            String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            Progress.say("The " + scenario + " scenario failed: " + reason);
            results.add(new Result(scenario, "-", "-", "failed", Double.NaN, "", reason));
        }
    }

    private boolean baselineSelected(SchedulerUnderTest baseline) {
        return baselineNames == null || baselineNames.isEmpty()
                || baselineNames.stream().anyMatch(name -> name.equalsIgnoreCase(baseline.name()));
    }

    private boolean selected(String scenario) {
        return only == null || only.isEmpty() || only.contains(scenario);
    }

    private static String describe(Mode mode) {
        return mode.name() + ": " + mode.runs() + " runs per throughput measurement (after " + mode.warmUpRuns()
                + "-run warm-up batches for " + Mode.THROUGHPUT_WARM_UP.toSeconds() + " s) with " + mode.workerCounts()
                + " worker processes; lateness at " + mode.firesPerSecond() + " fires/s for " + mode.latenessWindow().toSeconds()
                + " s each after a " + Mode.WARM_UP.toSeconds() + " s warm-up; scale at " + mode.taskCounts()
                + " tasks (" + Mode.FIRING_TASKS + " firing every second) for " + mode.scaleWindow().toSeconds()
                + " s each; ceilings for " + mode.ceilingWindow().toSeconds() + " s each";
    }

    private void write(Report report, Mode mode, Map<String, String> machine, Map<String, String> stores,
                       Map<String, String> settings) throws IOException {
        String command = "scripts/bench.sh --" + mode.name();
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Files.createDirectories(out);
        Path csv = out.resolve(mode.name() + "-" + stamp + ".csv");
        Path markdown = out.resolve(mode.name() + "-" + stamp + ".md");
        Files.writeString(csv, report.csv());
        String page = report.markdown("Redcron benchmarks (" + mode.name() + " mode)", machine, stores, settings, command);
        Files.writeString(markdown, page);
        Progress.say("Wrote " + csv + " and " + markdown);
        if (!"none".equals(docs)) {
            Path target = Path.of(docs);
            Files.writeString(target, page + "\n" + BenchmarksPage.METHOD);
            Progress.say("Regenerated " + target);
        }
    }
}
