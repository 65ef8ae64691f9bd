package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Lookup;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.TaskFilter;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.mysql.MysqlHistoryRollup;
import io.redcron.store.mysql.MysqlRecoveryStore;
import io.redcron.store.mysql.MysqlRunStatistics;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The desktop's screens, the CLI's lists and the leader's housekeeping on a history of millions of
 * runs ({@link HistoryData}): each query as the screen or command makes it, through the real store
 * classes, timed p50 and p99; and the store calls of each housekeeping pass, timed on that history
 * and on an empty one with the same runs under way.
 *
 * <p>Generating ten million runs takes longer than a quick run may: the history's database is kept
 * between runs of the benchmark ({@code --history-db}) and used again while its marker names this
 * generator's version and the same sizes.
 */
public final class HistoryScenario {
    public static final String NAME = "history";
    public static final double GOAL_MILLIS = 100;
    public static final double HOUSEKEEPING_GOAL = 0.20;
    static final String SCREENS = "screens and CLI";
    static final String HOUSEKEEPING = "housekeeping";
    private static final String NS = HistoryData.NAMESPACE;

    private final Mode mode;
    private final Stores stores;
    private final long runs;
    private final int tasks;
    private final String database;
    private final boolean regenerate;
    private final Instant started = Instant.now();

    /**
     * @param database   the kept database of the long history
     * @param regenerate generate it again even if its marker matches
     */
    public HistoryScenario(Mode mode, Stores stores, long runs, int tasks, String database, boolean regenerate) {
        this.mode = mode;
        this.stores = stores;
        this.runs = runs;
        this.tasks = tasks;
        this.database = database;
        this.regenerate = regenerate;
    }

    /** One query a screen, a command or a housekeeping pass makes. */
    private record Query(String name, Runnable call) {
    }

    public List<Result> run() {
        List<Result> results = new ArrayList<>();
        String url = stores.keptDatabase(database);
        HistoryData.Generated history = prepare(url);
        String size = String.format(Locale.ROOT, "%,d runs", history.runs());
        results.add(new Result(NAME, "Redcron", size, "generation", history.took().toMillis() / 1000.0, "s",
                String.format(Locale.ROOT, "%,d tasks; %s; load average %s", history.tasks(),
                        history.at().isBefore(started) ? "reused, generated " + history.at() : "generated in this run",
                        history.loadAverage())));
        String empty = stores.freshDatabase("history_empty");
        try (HikariDataSource pool = stores.pool(url, 4); HikariDataSource nonePool = stores.pool(empty, 4)) {
            Progress.say("History: timing the screens' and commands' queries on " + size);
            for (Query query : screenQueries(pool, history.asOf())) {
                results.addAll(time(query, SCREENS, ""));
            }
            Progress.say("History: the same tasks and runs under way, without a history");
            HistoryData.Generated none = new HistoryData(nonePool, HistoryData.UNDER_WAY, tasks).generate();
            Progress.say("History: timing the housekeeping passes on " + size + " and without a history, in turns");
            List<Query> onHistory = housekeeping(pool, history.asOf());
            List<Query> onNone = housekeeping(nonePool, none.asOf());
            for (int i = 0; i < onHistory.size(); i++) {
                results.addAll(timeInTurns(onHistory.get(i), onNone.get(i), size));
            }
        }
        return results;
    }

    /** The kept history if its marker matches, else a new one in its place. */
    private HistoryData.Generated prepare(String url) {
        if (!regenerate) {
            try (HikariDataSource pool = stores.pool(url, 2)) {
                Optional<HistoryData.Generated> existing = new HistoryData(pool, runs, tasks).existing();
                if (existing.isPresent()) {
                    Progress.say("History: using " + database + ", generated " + existing.get().at() + " in "
                            + existing.get().took().toSeconds() + " s");
                    return existing.get();
                }
            }
        }
        Progress.say(String.format(Locale.ROOT, "History: generating %,d runs of %,d tasks in %s (load average %s)",
                runs, tasks, database, MachineInfo.loadAverage()));
        stores.dropDatabase(database);
        String fresh = stores.keptDatabase(database);
        try (HikariDataSource pool = stores.pool(fresh, 2)) {
            HistoryData.Generated generated = new HistoryData(pool, runs, tasks).generate();
            Progress.say("History: generated in " + generated.took().toSeconds() + " s (load average "
                    + MachineInfo.loadAverage() + ")");
            return generated;
        }
    }

    /** The queries of the runs, tasks, dashboard and audit screens and of the CLI's lists, as they make them. */
    private static List<Query> screenQueries(HikariDataSource pool, Instant now) {
        Clock clock = Clock.fixed(now, ZoneOffset.UTC);
        MysqlRunStore runs = new MysqlRunStore(pool, clock);
        MysqlTaskStore taskStore = new MysqlTaskStore(pool, clock);
        MysqlRunStatistics statistics = new MysqlRunStatistics(pool);
        MysqlAuditLog audit = new MysqlAuditLog(pool);
        Lookup lookup = new Lookup(taskStore, runs, NS);
        RunFilter all = RunFilter.all(NS);
        PageRequest page = PageRequest.first(50);
        Task minutely = lookup.task("job-000000");
        Task hourly = lookup.task("job-000100");
        Instant weekAgo = now.minus(Duration.ofDays(7));
        long oldRun = runs.list(all.between(weekAgo.minus(Duration.ofDays(1)), weekAgo), page).items().get(0).id();
        return List.of(
                new Query("runs: newest page", () -> runs.list(all, page)),
                new Query("runs: second page", () -> runs.list(all, new PageRequest(50, 50))),
                new Query("runs: FAILED", () -> runs.list(all.withStatuses(Set.of(RunStatus.FAILED)), page)),
                new Query("runs: TIMED_OUT", () -> runs.list(all.withStatuses(Set.of(RunStatus.TIMED_OUT)), page)),
                new Query("runs: RUNNING", () -> runs.list(all.withStatuses(Set.of(RunStatus.RUNNING)), page)),
                new Query("runs: QUEUED or RETRYING",
                        () -> runs.list(all.withStatuses(EnumSet.of(RunStatus.QUEUED, RunStatus.RETRYING)), page)),
                new Query("runs: manual", () -> runs.list(all.withTrigger(TriggerType.MANUAL), page)),
                new Query("runs: one day a week ago", () -> runs.list(all.between(weekAgo.minus(Duration.ofDays(1)), weekAgo),
                        page)),
                new Query("runs: a minutely task's", () -> runs.list(all.forTask(lookup.task(minutely.name()).id()), page)),
                new Query("runs: a minutely task's FAILED", () -> runs.list(all.forTask(lookup.task(minutely.name()).id())
                        .withStatuses(Set.of(RunStatus.FAILED)), page)),
                new Query("runs: an hourly task's", () -> runs.list(all.forTask(lookup.task(hourly.name()).id()), page)),
                new Query("run: show, with output", () -> lookup.run(oldRun)),
                new Query("tasks: page with recent results", () -> runs.recentResults(
                        taskStore.list(TaskFilter.all(NS), page).items().stream().map(Task::id).toList(), 20)),
                new Query("tasks: text search", () -> taskStore.list(TaskFilter.all(NS).withText("job 4242"), page)),
                new Query("task: show", () -> lookup.task(hourly.name())),
                new Query("dashboard: hour", () -> summarize(statistics, now, Duration.ofHours(1), Duration.ofMinutes(1))),
                new Query("dashboard: 6 hours", () -> summarize(statistics, now, Duration.ofHours(6), Duration.ofMinutes(5))),
                new Query("dashboard: day", () -> summarize(statistics, now, Duration.ofDays(1), Duration.ofMinutes(15))),
                new Query("audit: newest page", () -> audit.list(NS, null, PageRequest.first(100))),
                new Query("audit: one task's", () -> audit.list(NS, "task:" + hourly.id(), PageRequest.first(100))));
    }

    /** As the dashboard asks: the window ends with the bucket that holds now. */
    private static void summarize(MysqlRunStatistics statistics, Instant now, Duration span, Duration bucket) {
        long size = bucket.toMillis();
        Instant to = Instant.ofEpochMilli(Math.floorDiv(now.toEpochMilli(), size) * size + size);
        statistics.summarize(NS, to.minus(span), to, bucket);
    }

    /**
     * The store calls of one pass of each housekeeping duty, as the leader makes them every two
     * seconds (the Redis side of each pass does not depend on the history and is left out).
     */
    private static List<Query> housekeeping(HikariDataSource pool, Instant now) {
        MysqlRecoveryStore recovery = new MysqlRecoveryStore(pool);
        List<Long> waiting = recovery.waitingSince(NS, now.plus(Duration.ofDays(1)), 5_000).stream().map(Run::id).toList();
        MysqlHistoryRollup rollup = new MysqlHistoryRollup(pool, 5_000);
        return List.of(
                new Query("reaper pass", () -> recovery.expiredLeases(NS, now, 500)),
                new Query("history rollup pass", () -> rollup.rollUp(now)),
                new Query("reconciler pass", () -> {
                    recovery.overdue(NS, now.minus(Duration.ofHours(1)), 500);
                    recovery.waitingSince(NS, now.minus(Duration.ofSeconds(30)), 1_000);
                }),
                new Query("stream sweep pass", () -> recovery.stillWaiting(waiting)),
                new Query("unserved-group check", () -> recovery.backlog(NS, "group-3", now.minusSeconds(10))));
    }

    /** Times {@code query} after a warm-up, as often as the mode's budget allows; p50 and p99 in ms. */
    private List<Result> time(Query query, String kind, String history) {
        List<List<Long>> samples = sample(List.of(query));
        return results(query, kind, history, samples.get(0));
    }

    /**
     * Times a pass on the long history and on the empty one in turns, call for call: whatever else
     * loads the machine meanwhile weighs on both alike.
     */
    private List<Result> timeInTurns(Query onHistory, Query onNone, String size) {
        List<List<Long>> samples = sample(List.of(onHistory, onNone));
        List<Result> results = new ArrayList<>(results(onHistory, HOUSEKEEPING, size, samples.get(0)));
        results.addAll(results(onNone, HOUSEKEEPING, "empty history", samples.get(1)));
        return results;
    }

    /** Microseconds per call of each query, called in turns after two warm-up calls each, within the mode's budget. */
    private List<List<Long>> sample(List<Query> queries) {
        boolean full = mode.name().equals("full");
        int most = full ? 2_000 : 200;
        long budget = (full ? Duration.ofSeconds(30) : Duration.ofSeconds(4)).toNanos() * queries.size();
        for (Query query : queries) {
            query.call().run();
            query.call().run();
        }
        List<List<Long>> micros = new ArrayList<>();
        queries.forEach(query -> micros.add(new ArrayList<>()));
        long began = System.nanoTime();
        for (int n = 0; n < most && (n < 5 || System.nanoTime() - began < budget); n++) {
            for (int i = 0; i < queries.size(); i++) {
                long start = System.nanoTime();
                queries.get(i).call().run();
                micros.get(i).add((System.nanoTime() - start) / 1_000);
            }
        }
        return micros;
    }

    private static List<Result> results(Query query, String kind, String history, List<Long> micros) {
        Stats stats = Stats.of(micros.stream().mapToLong(Long::longValue).toArray());
        String variant = history.isEmpty() ? query.name() : query.name() + ", " + history;
        String note = kind + "; " + stats.count() + " samples";
        Progress.say(String.format(Locale.ROOT, "  %-45s p50 %8.2f ms, p99 %8.2f ms (%d samples)", variant,
                stats.p50() / 1000, stats.p99() / 1000, stats.count()));
        return List.of(new Result(NAME, "Redcron", variant, "p50", stats.p50() / 1000, "ms", note),
                new Result(NAME, "Redcron", variant, "p99", stats.p99() / 1000, "ms", note));
    }

    /** The lines of the report's goals that this scenario answers. */
    public static List<String> goals(List<Result> results) {
        List<String> lines = new ArrayList<>();
        List<Result> p99 = results.stream().filter(r -> r.scenario().equals(NAME) && r.metric().equals("p99")
                && r.note().startsWith(SCREENS)).toList();
        Optional<Result> generation = results.stream().filter(r -> r.scenario().equals(NAME)
                && r.metric().equals("generation")).findFirst();
        String size = generation.map(Result::variant).orElse("the long history");
        if (!p99.isEmpty()) {
            List<String> over = p99.stream().filter(r -> r.value() > GOAL_MILLIS)
                    .map(r -> r.variant() + " " + Report.number(r.value()) + " ms").toList();
            lines.add("History of " + size + ": " + (p99.size() - over.size()) + " of " + p99.size()
                    + " screen and CLI queries at p99 ≤ " + Report.number(GOAL_MILLIS) + " ms"
                    + (over.isEmpty() ? "" : "; over it: " + String.join(", ", over)));
        }
        List<String> passes = new ArrayList<>();
        for (Result empty : results.stream().filter(r -> r.scenario().equals(NAME) && r.metric().equals("p50")
                && r.variant().endsWith(", empty history")).toList()) {
            String pass = empty.variant().substring(0, empty.variant().length() - ", empty history".length());
            results.stream().filter(r -> r.scenario().equals(NAME) && r.metric().equals("p50")
                    && r.note().startsWith(HOUSEKEEPING) && r.variant().startsWith(pass + ", ")
                    && !r.variant().equals(empty.variant())).findFirst().ifPresent(full -> passes.add(pass + " "
                    + Report.number(full.value()) + " ms vs " + Report.number(empty.value()) + " ms ("
                    + String.format(Locale.ROOT, "%+.0f %%", 100 * (full.value() / empty.value() - 1)) + ")"));
        }
        if (!passes.isEmpty()) {
            lines.add("Housekeeping on " + size + " vs an empty history, p50: " + String.join("; ", passes)
                    + " (goal: within " + Math.round(HOUSEKEEPING_GOAL * 100) + " %)");
        }
        generation.ifPresent(r -> lines.add("History generation: " + r.variant() + " in " + Report.number(r.value())
                + " s (" + r.note() + ")"));
        return lines;
    }
}
