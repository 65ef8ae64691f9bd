package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.FencingEpochs;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RecentResults;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStore;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskStore;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Every statement the history is read or changed through, as the stores build it, on a history
 * two hundred times longer than a page ({@link HistoryFill}): each must read through an index, and
 * read no more rows than its page, its task's runs, the runs that wait or run, or its time window
 * hold; never the table.
 *
 * <p>The statements are not copied here: each scenario makes the calls a screen, a command, an
 * operator action, the leader's housekeeping or a worker makes, through the real stores, and every
 * statement they execute is recorded ({@link StatementRecorder}) and explained with the values it
 * was executed with ({@link QueryPlan}). Reads are run by {@code ANALYZE}, so the rows counted were
 * really read; writes are only {@code EXPLAIN}ed. The last test fails for any method of the ports
 * below that no scenario calls: a new way into the history needs a scenario here, with its bound.
 */
class HistoryQueryPlansIT {
    private static final int PAGE = 50;
    /** Runs walked to fill a page of a filter that passes one run in 50 (2 %), twice over. */
    private static final int RARE_WALK = 2 * (PAGE + 1) * 50;
    private static final int HOUR_RUNS = (int) (Duration.ofHours(1).toSeconds() / HistoryFill.EVERY.toSeconds());
    private static final int DAY_RUNS = 24 * HOUR_RUNS;
    private static final int WEEK_RUNS = 7 * DAY_RUNS;
    private static final Duration LEASE = Duration.ofSeconds(30);
    /** The tables that only grow; the task table is bounded by the tasks, and read so by the task listings. */
    private static final Set<String> HISTORY = Set.of("task_run", "audit_log");
    private static final List<Class<?>> PORTS = List.of(TaskStore.class, RunStore.class, RecoveryStore.class,
            RunStatistics.class, AuditLog.class, FencingEpochs.class, io.redcron.port.HistoryCleanup.class,
            io.redcron.port.RetentionStore.class, io.redcron.port.ShardedRuns.class);
    /** Runs retention reads and deletes per batch. */
    private static final int RETENTION_BATCH = 500;
    /** Shards of the sharded fire of the shards scenario. */
    private static final int SHARDS = 8;

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final String NS = TaskFixtures.freshNamespace();
    private static final String OTHER = TaskFixtures.freshNamespace();
    private static final Set<String> called = new TreeSet<>();
    private static StatementRecorder recorder;
    private static Ports ports;
    private static Facts facts;

    /** The stores, each behind a proxy that notes which port methods the scenarios call. */
    private record Ports(TaskStore tasks, RunStore runs, RecoveryStore recovery, RunStatistics statistics,
                         AuditLog audit, FencingEpochs epochs, io.redcron.port.HistoryCleanup cleanup,
                         io.redcron.port.RetentionStore retention, io.redcron.port.ShardedRuns sharded) {
    }

    /** Ids the scenarios act on, read from the filled history. */
    private record Facts(Task hot, Task quiet, List<Long> taskIds, long endedRun, List<Long> queued, List<Long> hotQueued,
                         List<Long> queuedOfManyTasks, long running, long expired, List<Long> streamIds) {
    }

    private interface Call {
        void run(Ports ports) throws Exception;
    }

    /** What a screen, command or loop does, and the most rows any of its statements may read. */
    private record Scenario(String name, long bound, Call call) {
    }

    @BeforeAll
    static void fillTheHistory() throws SQLException {
        new HistoryFill(NS, OTHER).fill(mysql.pool());
        recorder = new StatementRecorder(mysql.pool());
        MutableClock clock = new MutableClock(HistoryFill.END);
        ports = new Ports(track(TaskStore.class, new MysqlTaskStore(recorder, clock)),
                track(RunStore.class, new MysqlRunStore(recorder, clock)),
                track(RecoveryStore.class, new MysqlRecoveryStore(recorder)),
                track(RunStatistics.class, new MysqlRunStatistics(recorder)),
                track(AuditLog.class, new MysqlAuditLog(recorder)),
                track(FencingEpochs.class, new MysqlFencingEpochs(recorder, clock, Duration.ofMinutes(1))),
                track(io.redcron.port.HistoryCleanup.class, MysqlHistoryCleanup.forOperator(recorder)),
                track(io.redcron.port.RetentionStore.class, new MysqlRetentionStore(recorder, clock)),
                track(io.redcron.port.ShardedRuns.class, new MysqlShardedRuns(recorder)));
        facts = readFacts();
        recorder.drain();
    }

    @TestFactory
    Stream<DynamicTest> everyStatementReadsABoundedSliceThroughAnIndex() {
        Stream<DynamicTest> scenarios = scenarios().stream()
                .map(scenario -> DynamicTest.dynamicTest(scenario.name(), () -> check(scenario)));
        return Stream.concat(scenarios, Stream.of(DynamicTest.dynamicTest(
                "every method of the ports has a scenario", HistoryQueryPlansIT::everyPortMethodWasCalled)));
    }

    @Test
    void recentResultsAreStillTheNewestEndedRunOfEachTask() throws SQLException {
        List<Long> ids = new ArrayList<>();
        Map<Long, RunStatus> expected = new HashMap<>();
        try (Connection connection = mysql.pool().getConnection()) {
            // Every run of the tasks ranked: what the store's bounded read must agree with.
            Jdbc.list(connection, "SELECT task_id, status FROM (SELECT task_id, status, ROW_NUMBER() OVER (PARTITION BY"
                    + " task_id ORDER BY scheduled_at DESC) AS newest FROM task_run WHERE namespace = ? AND status IN"
                    + " ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED', 'SKIPPED')) ranked WHERE newest = 1", row -> {
                        expected.put(row.getLong(1), RunStatus.valueOf(row.getString(2)));
                        return null;
                    }, NS);
            ids.addAll(ids(connection, "SELECT id FROM task WHERE namespace = ?", NS));
        }
        ids.add(-1L);

        Map<Long, RecentResults> recent = new MysqlRunStore(mysql.pool(), new MutableClock(HistoryFill.END))
                .recentResults(ids, 20);

        assertThat(recent).hasSize(HistoryFill.TASKS);
        Map<Long, RunStatus> last = new HashMap<>();
        recent.forEach((task, results) -> last.put(task, results.lastStatus()));
        assertThat(last).isEqualTo(expected);
    }

    @Test
    void aTasksRunsAreListedNewestFirstWithTheirExactTotalInTheirNamespaceOnly() throws SQLException {
        MysqlRunStore runs = new MysqlRunStore(mysql.pool(), new MutableClock(HistoryFill.END));
        RunFilter hot = RunFilter.all(NS).forTask(facts.hot().id());

        Page<Run> page = runs.list(hot, new PageRequest(100, PAGE));
        Page<Run> elsewhere = runs.list(RunFilter.all(OTHER).forTask(facts.hot().id()), PageRequest.first(PAGE));

        try (Connection connection = mysql.pool().getConnection()) {
            assertThat(page.items()).extracting(Run::id).containsExactlyElementsOf(ids(connection, "SELECT id FROM"
                    + " task_run WHERE namespace = ? AND task_id = ? ORDER BY scheduled_at DESC, id DESC LIMIT 50 OFFSET 100",
                    NS, facts.hot().id()));
            assertThat(page.total()).isEqualTo(Jdbc.count(connection, "SELECT COUNT(*) FROM task_run WHERE task_id = ?",
                    facts.hot().id()));
        }
        assertThat(page.totalIsLowerBound()).isFalse();
        assertThat(elsewhere.items()).isEmpty();
        assertThat(elsewhere.total()).isZero();
    }

    @Test
    void aFewTasksRunsAreMergedNewestFirstWithTheirExactTotal() throws SQLException {
        MysqlRunStore runs = new MysqlRunStore(mysql.pool(), new MutableClock(HistoryFill.END));
        List<Long> chosen = List.copyOf(withHot(quiet(2)));

        Page<Run> page = runs.list(RunFilter.all(NS).forTasks(Set.copyOf(chosen)), new PageRequest(100, PAGE));

        try (Connection connection = mysql.pool().getConnection()) {
            assertThat(page.items()).extracting(Run::id).containsExactlyElementsOf(ids(connection, "SELECT id FROM"
                    + " task_run WHERE namespace = ? AND task_id IN (?, ?, ?) ORDER BY scheduled_at DESC, id DESC"
                    + " LIMIT 50 OFFSET 100", NS, chosen.get(0), chosen.get(1), chosen.get(2)));
            assertThat(page.total()).isEqualTo(Jdbc.count(connection, "SELECT COUNT(*) FROM task_run"
                    + " WHERE task_id IN (?, ?, ?)", chosen.get(0), chosen.get(1), chosen.get(2)));
        }
        assertThat(page.totalIsLowerBound()).isFalse();
    }

    /**
     * The routines retention deletes through are not EXPLAINed with the scenarios: what they read
     * is counted instead, by the server's own handler counters for this session. A delete that
     * walked the history (a single-table DELETE with {@code id IN (subquery)} does) would read
     * every row of it.
     */
    @Test
    void theRoutinesThatDeleteHistoryReadOnlyWhatTheyAreAskedFor() throws SQLException {
        try (Connection connection = mysql.pool().getConnection()) {
            List<Long> asked = ids(connection, "SELECT id FROM task_run WHERE namespace = ? ORDER BY scheduled_at"
                    + " LIMIT 20", NS);
            String json = asked.toString();
            long before = rowsRead(connection);
            Jdbc.list(connection, "CALL history_delete(?, ?, ?)", row -> row.getInt(1), NS, json, HistoryFill.END);
            Jdbc.list(connection, "CALL history_purge(?, ?, ?)", row -> row.getInt(1), NS, json, HistoryFill.END);
            Jdbc.list(connection, "CALL audit_purge(?, ?, ?)", row -> row.getInt(1), NS, HistoryFill.END, 500);
            Jdbc.list(connection, "CALL workflow_history_purge(?, ?)", row -> row.getInt(1), NS, 500);
            assertThat(rowsRead(connection) - before).as("rows the routines read").isLessThan(500);
        }
    }

    /** Rows this session has read through any index or by scanning, so far. */
    private static long rowsRead(Connection connection) throws SQLException {
        return Jdbc.list(connection, "SHOW SESSION STATUS WHERE Variable_name IN ('Handler_read_next',"
                + " 'Handler_read_rnd_next', 'Handler_read_prev', 'Handler_read_key', 'Handler_read_rnd')",
                row -> row.getLong(2)).stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void aLongHistoryIsCountedOnlyAsFarAsTheCountReads() throws SQLException {
        MysqlRunStore runs = new MysqlRunStore(mysql.pool(), new MutableClock(HistoryFill.END));

        Page<Run> newest = runs.list(RunFilter.all(NS), PageRequest.first(PAGE));
        Page<Run> deep = runs.list(RunFilter.all(NS), new PageRequest(20_000, PAGE));
        Page<Run> last = runs.list(RunFilter.all(NS), new PageRequest(HistoryFill.RUNS - 10, PAGE));
        Page<Run> running = runs.list(statuses(RunFilter.all(NS), RunStatus.RUNNING), PageRequest.first(PAGE));
        Page<AuditEntry> audit = new MysqlAuditLog(mysql.pool()).list(NS, null, PageRequest.first(PAGE));

        assertThat(newest.total()).isEqualTo(BoundedCount.LIMIT);
        assertThat(newest.totalIsLowerBound()).isTrue();
        assertThat(newest.hasMore()).isTrue();
        assertThat(deep.total()).isEqualTo(20_000 + PAGE + 1);
        assertThat(deep.hasMore()).isTrue();
        assertThat(last.items()).hasSizeLessThanOrEqualTo(10);
        assertThat(last.hasMore()).isFalse();
        assertThat(audit.total()).isEqualTo(BoundedCount.LIMIT);
        assertThat(audit.totalIsLowerBound()).isTrue();
        try (Connection connection = mysql.pool().getConnection()) {
            assertThat(running.total()).isEqualTo(Jdbc.count(connection, "SELECT COUNT(*) FROM task_run"
                    + " WHERE namespace = ? AND status = 'RUNNING'", NS));
        }
        assertThat(running.totalIsLowerBound()).isFalse();
    }

    private static List<Scenario> scenarios() {
        RunFilter all = RunFilter.all(NS);
        PageRequest first = PageRequest.first(PAGE);
        Instant now = HistoryFill.END;
        Instant dayAgo = now.minus(Duration.ofDays(1));
        List<Scenario> list = new ArrayList<>(List.of(
                // Runs screen and `runs list`
                new Scenario("runs: newest page", PAGE + 1, p -> p.runs().list(all, first)),
                new Scenario("runs: third page", 3 * PAGE + 1, p -> p.runs().list(all, new PageRequest(2 * PAGE, PAGE))),
                new Scenario("runs: page at offset 5,000", 5_000 + PAGE + 1,
                        p -> p.runs().list(all, new PageRequest(5_000, PAGE))),
                new Scenario("runs: FAILED (4 %)", RARE_WALK, p -> p.runs().list(statuses(all, RunStatus.FAILED), first)),
                new Scenario("runs: TIMED_OUT or CANCELLED (2 %)", RARE_WALK,
                        p -> p.runs().list(statuses(all, RunStatus.TIMED_OUT, RunStatus.CANCELLED), first)),
                new Scenario("runs: RUNNING", HistoryFill.UNFINISHED,
                        p -> p.runs().list(statuses(all, RunStatus.RUNNING), first)),
                new Scenario("runs: QUEUED or RETRYING", HistoryFill.UNFINISHED,
                        p -> p.runs().list(statuses(all, RunStatus.QUEUED, RunStatus.RETRYING), first)),
                new Scenario("runs: QUEUED in the last day", HistoryFill.UNFINISHED,
                        p -> p.runs().list(statuses(all, RunStatus.QUEUED).between(dayAgo, now), first)),
                new Scenario("runs: QUEUED or FAILED", RARE_WALK,
                        p -> p.runs().list(statuses(all, RunStatus.QUEUED, RunStatus.FAILED), first)),
                new Scenario("runs: manual (2 %)", RARE_WALK, p -> p.runs().list(all.withTrigger(TriggerType.MANUAL), first)),
                new Scenario("runs: one day a week ago", PAGE + 1,
                        p -> p.runs().list(all.between(dayAgo.minus(Duration.ofDays(7)), now.minus(Duration.ofDays(7))), first)),
                new Scenario("runs: SKIPPED on one day (4 %)", RARE_WALK,
                        p -> p.runs().list(statuses(all, RunStatus.SKIPPED).between(dayAgo, now), first)),
                new Scenario("runs: the hot task's", PAGE + 1, p -> p.runs().list(all.forTask(facts.hot().id()), first)),
                new Scenario("runs: the hot task's FAILED", RARE_WALK,
                        p -> p.runs().list(statuses(all.forTask(facts.hot().id()), RunStatus.FAILED), first)),
                new Scenario("runs: a task of another namespace", 1,
                        p -> p.runs().list(RunFilter.all(OTHER).forTask(facts.hot().id()), first)),
                // Several tasks: each read in its own index order and merged (a statement with
                // task_id IN (…) and ORDER BY scheduled_at would read and sort the hot task's history).
                new Scenario("runs: three quiet tasks", PAGE + 1, p -> p.runs().list(all.forTasks(quiet(3)), first)),
                new Scenario("runs: the hot task and two quiet ones, third page", 3 * PAGE + 1,
                        p -> p.runs().list(all.forTasks(withHot(quiet(2))), new PageRequest(2 * PAGE, PAGE))),
                new Scenario("runs: thirty tasks (3 %), walked in the namespace's order", RARE_WALK,
                        p -> p.runs().list(all.forTasks(quiet(30)), first)),
                // Hiding the hot task (4 %) costs the walk its runs on the way.
                new Scenario("runs: all but the hot task", 2 * (PAGE + 1),
                        p -> p.runs().list(all.excludingTasks(Set.of(facts.hot().id())), first)),
                new Scenario("runs: FAILED but the hot task's", RARE_WALK, p -> p.runs().list(
                        statuses(all, RunStatus.FAILED).excludingTasks(Set.of(facts.hot().id())), first)),
                new Scenario("runs: RUNNING but the hot task's", HistoryFill.UNFINISHED, p -> p.runs().list(
                        statuses(all, RunStatus.RUNNING).excludingTasks(Set.of(facts.hot().id())), first)),
                new Scenario("runs: two tasks, one of them hidden", PAGE + 1, p -> p.runs().list(
                        all.forTasks(withHot(quiet(1))).excludingTasks(Set.of(facts.hot().id())), first)),
                new Scenario("run: show", 1, p -> p.runs().get(facts.endedRun())),
                new Scenario("run: earlier attempts", 1, p -> p.runs().attempts(facts.endedRun())),
                new Scenario("runs: by id (dead and delayed entries)", 10, p -> p.runs().getAll(facts.queued())),
                // Tasks screen and `task list`: bounded by the namespace's tasks, never by runs
                new Scenario("tasks: page by name, with recent results", HistoryFill.TASKS + HistoryFill.UNFINISHED, p -> {
                    List<Long> ids = p.tasks().list(TaskFilter.all(NS), first).items().stream().map(Task::id).toList();
                    p.runs().recentResults(ids, 20);
                }),
                new Scenario("tasks: recent results of tasks with runs under way", PAGE + HistoryFill.UNFINISHED,
                        p -> p.runs().recentResults(facts.taskIds(), 20)),
                // Alerts: the leader reads when each task with a dead-man rule last succeeded, one row
                // of the state index.
                new Scenario("alerts: the last success of a task", 1, p -> {
                    p.runs().lastSuccess(NS, facts.hot().id());
                    p.runs().lastSuccess(NS, facts.quiet().id());
                }),
                // Text is matched in every task's name and description: the whole task table, of every namespace.
                new Scenario("tasks: text search", 2 * HistoryFill.TASKS,
                        p -> p.tasks().list(TaskFilter.all(NS).withText("number 42"), first)),
                new Scenario("tasks: counted per group and per owner", HistoryFill.TASKS, p -> {
                    p.tasks().groupCounts(TaskFilter.all(NS), io.redcron.port.TaskGrouping.GROUP);
                    p.tasks().groupCounts(TaskFilter.all(NS), io.redcron.port.TaskGrouping.OWNER);
                }),
                new Scenario("tasks: groups, owners and labels a filter offers", HistoryFill.TASKS * 2L, p -> {
                    for (io.redcron.port.TaskFacet facet : io.redcron.port.TaskFacet.values()) {
                        p.tasks().values(NS, facet, "g", 10);
                    }
                }),
                new Scenario("tasks: by group, sorted by next fire", HistoryFill.TASKS,
                        p -> p.tasks().list(TaskFilter.all(NS).withGroup("g3").sortedBy(TaskFilter.Sort.NEXT_FIRE, false),
                                first)),
                new Scenario("task: show, by name and by id", 2, p -> {
                    p.tasks().findByName(NS, facts.quiet().name());
                    p.tasks().get(facts.quiet().id());
                    p.tasks().getAll(List.of(facts.quiet().id(), facts.hot().id()));
                }),
                new Scenario("task: create, edit the schedule, disable, enable, delete", HistoryFill.RUNS / HistoryFill.TASKS * 2,
                        p -> {
                            Task created = p.tasks().create(TaskFixtures.shell(NS, "new-task").build(), "ops");
                            Task edited = p.tasks().update(created.toBuilder().cron("*/7 * * * *").build(), "ops");
                            p.tasks().setEnabled(edited.id(), false, "ops");
                            p.tasks().setEnabled(edited.id(), true, "ops");
                            p.tasks().update(p.tasks().get(facts.quiet().id()).orElseThrow().toBuilder()
                                    .cron("*/9 * * * *").build(), "ops");
                            p.tasks().delete(edited.id(), "ops");
                        }),
                // Operator actions (trigger, cancel) and the worker's path, by run id
                new Scenario("trigger: a manual run", 1,
                        p -> p.runs().insertManual(facts.quiet().id(), now, 1, Map.of("size", "full"))),
                new Scenario("trigger: a one-off run with an idempotency key, asked twice", 1, p -> {
                    io.redcron.domain.RunRequest request = new io.redcron.domain.RunRequest(Map.of(),
                            now.plusSeconds(1800), "plan-check-key");
                    p.runs().insertRequested(facts.quiet().id(), request, now, 1);
                    p.runs().insertRequested(facts.quiet().id(), request, now, 1);
                }),
                new Scenario("scheduler: record a cron fire", 1,
                        p -> p.runs().insertOrGetCronFire(facts.quiet().id(), now.plusSeconds(3600), 1)),
                new Scenario("cancel: a waiting run, a running one", 1, p -> {
                    p.runs().requestCancel(facts.queued().get(0), now, "ops");
                    p.runs().requestCancel(facts.running(), now, "ops");
                }),
                new Scenario("worker: claim, begin, renew, end, hand back", PAGE, HistoryQueryPlansIT::workRuns),
                new Scenario("worker: claim and begin a run of a FORBID task", HistoryFill.UNFINISHED,
                        p -> p.runs().claimAndBeginAll(List.of(facts.hotQueued().get(0)), "worker-2", now,
                                now.plus(LEASE), Duration.ofMinutes(5), now.plusSeconds(1))),
                new Scenario("worker: claim and begin runs of a few hundred FORBID tasks at once", HistoryFill.UNFINISHED,
                        p -> p.runs().claimAndBeginAll(facts.queuedOfManyTasks(), "worker-3", now, now.plus(LEASE),
                                Duration.ofMinutes(5), now.plusSeconds(1))),
                // Leader's housekeeping: reaper, reconciler, stream sweep, unserved groups
                new Scenario("reaper: expired leases", HistoryFill.UNFINISHED, p -> p.recovery().expiredLeases(NS, now, 500)),
                new Scenario("reaper: recover a lost attempt", 1, p -> p.recovery().recoverLost(facts.expired(), 1, now, 2,
                        "lost")),
                new Scenario("reconciler: runs Redis may have lost", HistoryFill.UNFINISHED,
                        p -> p.recovery().waitingSince(NS, now.minusSeconds(10), 1_000)),
                new Scenario("reconciler: runs past the queue deadline, failed", HistoryFill.UNFINISHED, p -> {
                    List<Run> overdue = p.recovery().overdue(NS, now.minus(Duration.ofHours(1)), 500);
                    p.runs().changeIdle(overdue.get(0).id(), RunStatus.QUEUED, RunStatus.FAILED, "no worker", now);
                }),
                new Scenario("stream sweep: which entries still wait", facts.streamIds().size(),
                        p -> p.recovery().stillWaiting(facts.streamIds())),
                new Scenario("unserved groups: a group's backlog", HistoryFill.UNFINISHED,
                        p -> p.recovery().backlog(NS, "g3", now.minusSeconds(10))),
                // Dashboard: bounded by its window, whatever the history before it
                new Scenario("dashboard: last hour", HOUR_RUNS + PAGE,
                        p -> p.statistics().summarize(NS, now.minus(Duration.ofHours(1)), now, Duration.ofMinutes(1))),
                new Scenario("dashboard: last day", DAY_RUNS + PAGE,
                        p -> p.statistics().summarize(NS, dayAgo, now, Duration.ofMinutes(15))),
                // Per task: every ended run of the window, once, through its range of the index
                new Scenario("dashboard: per task and slow runs, last hour", HOUR_RUNS,
                        p -> p.statistics().byTask(NS, now.minus(Duration.ofHours(1)), now, RunStatistics.MAX_TASKS)),
                new Scenario("dashboard: per task and slow runs, last day", DAY_RUNS,
                        p -> p.statistics().byTask(NS, dayAgo, now, 50)),
                // The slow-run rules: the week's runs of the tasks with a factor, each through its own fires.
                new Scenario("alerts: a week of runs of the hot and a quiet task", WEEK_RUNS / 25 + WEEK_RUNS / 100,
                        p -> p.statistics().ofTasks(NS, List.of(facts.hot().id(), facts.quiet().id()),
                                now.minus(Duration.ofDays(7)), now)),
                // Retention: the leader's sweep and an operator's purge, a batch at a time
                new Scenario("retention: the oldest runs of the namespace", RETENTION_BATCH + 1,
                        p -> p.cleanup().oldest(NS, null, io.redcron.port.HistoryCleanup.Position.START, now,
                                RETENTION_BATCH)),
                new Scenario("retention: the next batch, from a position", RETENTION_BATCH + 1, p -> {
                    List<io.redcron.domain.AgedRun> batch = p.cleanup().oldest(NS, null,
                            io.redcron.port.HistoryCleanup.Position.START, now, RETENTION_BATCH);
                    p.cleanup().oldest(NS, null, io.redcron.port.HistoryCleanup.Position.of(batch.get(batch.size() - 1)),
                            now, RETENTION_BATCH);
                }),
                new Scenario("retention: the oldest runs of the hot task", RETENTION_BATCH + 1,
                        p -> p.cleanup().oldest(NS, facts.hot().id(), io.redcron.port.HistoryCleanup.Position.START, now,
                                RETENTION_BATCH)),
                new Scenario("retention: a task's 20th newest run", 20,
                        p -> p.cleanup().nthNewest(java.util.Map.of(facts.hot().id(), 20))),
                new Scenario("retention: the oldest run kept", 1, p -> p.cleanup().oldestRun(NS)),
                new Scenario("retention: pins among a batch, outputs dropped", RETENTION_BATCH, p -> {
                    List<Long> batch = p.cleanup().oldest(NS, null, io.redcron.port.HistoryCleanup.Position.START, now,
                            RETENTION_BATCH).stream().map(io.redcron.domain.AgedRun::id).toList();
                    p.retention().pinned(batch);
                    p.cleanup().dropOutputs(batch.subList(0, 10));
                }),
                // The deletes run in routines (migration 10), which EXPLAIN cannot see into:
                // theRoutinesThatDeleteHistoryReadOnlyWhatTheyAreAskedFor checks what they read.
                new Scenario("retention: delete a batch, purge old audit", RETENTION_BATCH, p -> {
                    p.cleanup().delete(NS, List.of(facts.endedRun()), now.minus(Duration.ofDays(400)));
                    p.cleanup().purgeAudit(NS, now.minus(Duration.ofDays(400)), RETENTION_BATCH);
                    p.cleanup().purgeWorkflowRuns(NS, RETENTION_BATCH);
                }),
                new Scenario("retention: policies, pins", HistoryFill.TASKS, p -> {
                    p.retention().settings(NS);
                    p.retention().changeNamespace(NS, new io.redcron.domain.RetentionPolicy(60, null, null, null, null),
                            "ops");
                    p.retention().changeTask(NS, facts.quiet().id(),
                            new io.redcron.domain.RetentionPolicy(7, null, null, null, null), "ops");
                    p.retention().clearTask(NS, facts.quiet().id(), "ops");
                    p.retention().pin(facts.endedRun(), "kept", "ops");
                    p.retention().pins(NS);
                    p.retention().pin(facts.endedRun());
                    p.retention().unpin(facts.endedRun(), "ops");
                }),
                // Audit screen and `audit`
                new Scenario("audit: newest page", PAGE + 1, p -> p.audit().list(NS, null, first)),
                new Scenario("audit: one subject", HistoryFill.AUDIT_ROWS / HistoryFill.TASKS * 2,
                        p -> p.audit().list(NS, "task:7", first)),
                new Scenario("audit: record a change", 1, p -> p.audit().record(NS, "ops", "run.trigger", "run:1", null, "{}")),
                // The shard coordinator and `runs show` of a sharded fire: its parent, through the state
                // index (the fill has none under way), and its shards, through the fire's key.
                new Scenario("shards: a fire split, its shards read, settled, one run again; one cancelled", SHARDS + 1, p -> {
                    Task task = p.tasks().create(TaskFixtures.shell(OTHER, "sharded-task")
                            .sharding(io.redcron.domain.Sharding.fixed(SHARDS)).build(), "ops");
                    long epoch = p.epochs().advance(OTHER, "node-1");
                    Run parent = p.runs().insertManual(task.id(), now, 1, Map.of());
                    Run other = p.runs().insertManual(task.id(), now.plusMillis(1), 1, Map.of());
                    p.sharded().parents(OTHER, now.plusSeconds(1), 0, 100);
                    Run split = p.sharded().split(OTHER, epoch, parent.id(), SHARDS, now.plusSeconds(1)).parent();
                    List<Run> shards = p.runs().shards(split);
                    p.runs().parent(shards.get(0));
                    p.sharded().settle(OTHER, epoch, parent.id(), now.plusSeconds(1));
                    p.runs().insertShardAgain(shards.get(1), now.plusSeconds(2), 1);
                    p.runs().requestCancel(parent.id(), now, "ops");
                    p.runs().requestCancel(other.id(), now, "ops");
                }),
                // Cluster screen, and a new leader's term
                new Scenario("cluster: the epoch; a new term", 1, p -> {
                    p.epochs().current(NS);
                    p.epochs().advance(NS, "node-1");
                })));
        return list;
    }

    /** A batch of runs through the worker's calls, as a worker makes them. */
    private static void workRuns(Ports p) {
        Instant now = HistoryFill.END;
        // A misfire threshold longer than the runs have waited: none needs its task's rules weighed.
        RunStore.BatchClaim batch = p.runs().claimAll(facts.queued().subList(1, 6), "worker-2", now, now.plus(LEASE),
                Duration.ofDays(1));
        List<Run> claimed = new java.util.ArrayList<>(batch.begun());
        claimed.addAll(batch.held());
        assertThat(claimed).hasSize(5);
        // Held claims (a task's rules to weigh) are begun under those rules, as at their time.
        p.runs().beginAll("worker-2", batch.held().stream()
                .map(run -> RunStore.StartMark.of(run, now.plus(LEASE))).toList(), now,
                Duration.ofDays(1), now.plusSeconds(1));
        Run one = claimed.get(0);
        p.runs().renewLease(one.id(), one.attempt(), "worker-2", now.plus(LEASE.multipliedBy(2)));
        p.runs().complete(one.id(), one.attempt(), RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, now, 0, "ok", null));
        p.runs().completeAll(claimed.subList(1, 4).stream().map(run -> new RunStore.Completion(run.id(), run.attempt(),
                RunStatus.RUNNING, new RunOutcome(RunStatus.FAILED, now, 1, "", "boom"), now, "worker-2")).toList());
        // A batch with a retry: the attempt it ends is copied beside the run.
        Run retried = p.runs().claim(facts.queued().get(7), "worker-2", now, now.plus(LEASE)).orElseThrow();
        p.runs().completeAll(List.of(new RunStore.Completion(retried.id(), retried.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, now, 1, "", "boom", now.plusSeconds(10)), now, "worker-2")));
        Run last = claimed.get(4);
        p.runs().handBack(last.id(), last.attempt(), last.claim(), "worker-2", now, "draining");
        p.runs().claim(facts.queued().get(6), "worker-2", now, now.plus(LEASE));
    }

    private static void check(Scenario scenario) throws Exception {
        recorder.drain();
        scenario.call().run(ports);
        List<StatementRecorder.Executed> executed = recorder.drain();
        assertThat(executed).as("statements of %s", scenario.name()).isNotEmpty();
        try (Connection connection = mysql.pool().getConnection()) {
            for (StatementRecorder.Executed statement : executed) {
                QueryPlan plan = QueryPlan.of(connection, statement);
                if (plan == null) {
                    continue;
                }
                String about = scenario.name() + ": " + plan.sql() + "\n  values " + statement.values() + "\n  read "
                        + plan.accesses();
                assertThat(plan.accesses()).as("%s\n  reads the history through no index", about)
                        .noneMatch(access -> HISTORY.contains(access.table()) && access.scansAll());
                long bound = plan.sql().contains(" AS seen,") ? BoundedCount.LIMIT : scenario.bound();
                assertThat(plan.mostRowsRead()).as("%s\n  reads more rows than its slice (%d)", about, bound)
                        .isLessThanOrEqualTo(bound);
            }
        }
    }

    private static void everyPortMethodWasCalled() {
        List<String> missing = new ArrayList<>();
        for (Class<?> port : PORTS) {
            for (Method method : port.getMethods()) {
                if (Modifier.isAbstract(method.getModifiers()) && !called.contains(key(port, method))) {
                    missing.add(key(port, method));
                }
            }
        }
        assertThat(missing).as("port methods no scenario calls: add a scenario, with its bound, for each").isEmpty();
    }

    private static String key(Class<?> port, Method method) {
        return port.getSimpleName() + "." + method.getName() + Arrays.toString(method.getParameterTypes());
    }

    @SuppressWarnings("unchecked")
    private static <T> T track(Class<T> port, T store) {
        return (T) Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, method, args) -> {
            called.add(key(port, method));
            try {
                return method.invoke(store, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    /** {@code count} tasks of the namespace other than the hot one. */
    private static Set<Long> quiet(int count) {
        return facts.taskIds().stream().filter(id -> !id.equals(facts.hot().id())).limit(count)
                .collect(java.util.stream.Collectors.toSet());
    }

    private static Set<Long> withHot(Set<Long> ids) {
        Set<Long> all = new java.util.HashSet<>(ids);
        all.add(facts.hot().id());
        return all;
    }

    private static RunFilter statuses(RunFilter filter, RunStatus... statuses) {
        return filter.withStatuses(EnumSet.copyOf(List.of(statuses)));
    }

    private static Facts readFacts() throws SQLException {
        MysqlTaskStore tasks = new MysqlTaskStore(mysql.pool(), new MutableClock(HistoryFill.END));
        Task hot = tasks.findByName(NS, "t0000").orElseThrow();
        Task quiet = tasks.findByName(NS, "t0500").orElseThrow();
        try (Connection connection = mysql.pool().getConnection()) {
            List<Long> unfinishedTasks = ids(connection, "SELECT DISTINCT task_id FROM task_run WHERE namespace = ?"
                    + " AND status <> 'SUCCEEDED' AND status <> 'FAILED' AND status <> 'TIMED_OUT'"
                    + " AND status <> 'CANCELLED' AND status <> 'SKIPPED' ORDER BY task_id LIMIT " + PAGE, NS);
            long ended = ids(connection, "SELECT MAX(id) FROM task_run WHERE namespace = ? AND status = 'FAILED'", NS)
                    .get(0);
            List<Long> queued = ids(connection, "SELECT id FROM task_run WHERE namespace = ? AND status = 'QUEUED'"
                    + " AND task_id <> ? ORDER BY id DESC LIMIT 10", NS, hot.id());
            List<Long> hotQueued = ids(connection, "SELECT id FROM task_run WHERE namespace = ? AND status = 'QUEUED'"
                    + " AND task_id = ? ORDER BY id DESC LIMIT 1", NS, hot.id());
            // A worker's batch: one waiting run of each of a few hundred tasks (a plan for a long
            // list of tasks is not the plan for a short one).
            List<Long> queuedOfManyTasks = ids(connection, "SELECT MAX(id) FROM task_run WHERE namespace = ?"
                    + " AND status = 'QUEUED' AND task_id <> ? GROUP BY task_id ORDER BY task_id LIMIT 300", NS, hot.id());
            List<Long> expired = ids(connection, "SELECT id FROM task_run WHERE namespace = ? AND status = 'RUNNING'"
                    + " AND lease_until < ? ORDER BY id LIMIT 1", NS, HistoryFill.END);
            long running = ids(connection, "SELECT MAX(id) FROM task_run WHERE namespace = ? AND status = 'RUNNING'", NS)
                    .get(0);
            // A stream's stretch as the sweep reads it: the newest 5,000 runs, waiting and ended.
            List<Long> stream = ids(connection, "SELECT id FROM task_run WHERE namespace = ? ORDER BY id DESC LIMIT 5000",
                    NS);
            return new Facts(hot, quiet, unfinishedTasks, ended, queued, hotQueued, queuedOfManyTasks, running,
                    expired.get(0), stream);
        }
    }

    private static List<Long> ids(Connection connection, String sql, Object... values) throws SQLException {
        return Jdbc.list(connection, sql, row -> row.getLong(1), values);
    }
}
