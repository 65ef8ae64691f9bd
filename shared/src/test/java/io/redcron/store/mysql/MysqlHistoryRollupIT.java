package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStatistics.Summary;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The dashboard's rollup adds every ended run exactly once, whatever order runs end and appear
 * in: a summary reads the same before a pass, after it, and after the runs it passed unfinished
 * or missing have ended or appeared.
 */
class MysqlHistoryRollupIT {
    private static final Instant BASE = Instant.parse("2030-04-01T08:00:00Z");
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();

    private final MutableClock clock = new MutableClock(BASE);
    private MysqlTaskStore tasks;
    private MysqlRunStore runs;
    private MysqlRunStatistics statistics;
    private MysqlHistoryRollup rollup;
    private RunHistory history;
    private String ns;

    @BeforeEach
    void stores() {
        tasks = new MysqlTaskStore(pool, clock);
        runs = new MysqlRunStore(pool, clock);
        statistics = new MysqlRunStatistics(pool);
        rollup = new MysqlHistoryRollup(pool, 3);
        history = new RunHistory(runs, clock);
        ns = TaskFixtures.freshNamespace();
        // The mark is one for every namespace: the runs other tests left are taken first.
        catchUp(BASE.plus(Duration.ofDays(1)));
    }

    @Test
    void aSummaryReadsTheSameBeforeAndAfterEachPassAndEveryRunCountsOnceItEnds() {
        Task task = tasks.create(shell(ns, "etl").build(), "alice");
        for (int i = 0; i < 7; i++) {
            ran(task, BASE.plusSeconds(20L * i), Duration.ofMillis(150L * i), Duration.ofSeconds(i + 1),
                    i % 3 == 0 ? RunStatus.FAILED : RunStatus.SUCCEEDED);
        }
        Run running = history.claim(runs.insertOrGetCronFire(task.id(), BASE.plusSeconds(200), 1), BASE.plusSeconds(201));
        runs.insertOrGetCronFire(task.id(), BASE.plusSeconds(400), 1);
        Summary before = summary();

        Instant later = BASE.plus(Duration.ofHours(1));
        MysqlHistoryRollup.Pass pass;
        int added = 0;
        int pending = 0;
        do {
            pass = rollup.rollUp(later);
            added += pass.added();
            pending += pass.pending();
            assertThat(summary()).isEqualTo(before);
        } while (!pass.caughtUp());

        assertThat(added).isEqualTo(7);
        assertThat(pending).isEqualTo(2);
        clock.set(BASE.plusSeconds(260));
        history.end(running, Duration.ofSeconds(59), RunStatus.TIMED_OUT, error(RunStatus.TIMED_OUT));
        Summary ended = summary();
        assertThat(ended.total(RunStatus.TIMED_OUT)).isEqualTo(1);
        assertThat(wide().rollUp(later).added()).isEqualTo(1);
        assertThat(summary()).isEqualTo(ended);
        assertThat(wide().rollUp(later).added()).isZero();
        assertThat(summary()).isEqualTo(ended);
        assertThat(ended.total(RunStatus.FAILED) + ended.total(RunStatus.SUCCEEDED)).isEqualTo(7);
    }

    @Test
    void aRunThatAppearsBehindTheMarkIsCountedOnceAndAnIdThatNeverDoesIsForgotten() throws SQLException {
        Task task = tasks.create(shell(ns, "late").build(), "alice");
        ran(task, BASE, Duration.ZERO, Duration.ofSeconds(1), RunStatus.SUCCEEDED);
        Run hidden = ran(task, BASE.plusSeconds(60), Duration.ZERO, Duration.ofSeconds(2), RunStatus.FAILED);
        ran(task, BASE.plusSeconds(120), Duration.ZERO, Duration.ofSeconds(3), RunStatus.SUCCEEDED);
        Summary whole = summary();
        // As if the middle run's insert had taken its id and not yet committed when the pass went by.
        hide(hidden.id());
        Instant soon = BASE.plusSeconds(130);
        catchUp(soon);
        assertThat(summary().total(RunStatus.FAILED)).isZero();

        show(hidden.id());

        assertThat(summary()).isEqualTo(whole);
        assertThat(wide().rollUp(soon).added()).isEqualTo(1);
        assertThat(summary()).isEqualTo(whole);

        Run gone = ran(task, BASE.plusSeconds(180), Duration.ZERO, Duration.ofSeconds(1), RunStatus.SUCCEEDED);
        ran(task, BASE.plusSeconds(240), Duration.ZERO, Duration.ofSeconds(1), RunStatus.SUCCEEDED);
        hide(gone.id());
        Instant then = BASE.plusSeconds(250);
        catchUp(then);
        assertThat(isPending(gone.id())).isTrue();
        wide().rollUp(then.plus(MysqlHistoryRollup.MISSING_KEPT).plusSeconds(1));
        assertThat(isPending(gone.id())).isFalse();
    }

    @Test
    void aTaskOutsideTheRollupsMostFailingCountsItsRolledFailuresWhenNewOnesLiftIt() {
        List<Task> steady = new ArrayList<>();
        for (int i = 0; i < RunStatistics.FAILING_TASKS; i++) {
            Task task = tasks.create(shell(ns, "steady-" + i).build(), "alice");
            steady.add(task);
            ran(task, BASE.plusSeconds(i), Duration.ZERO, Duration.ofSeconds(1), RunStatus.FAILED);
            ran(task, BASE.plusSeconds(60 + i), Duration.ZERO, Duration.ofSeconds(1), RunStatus.FAILED);
        }
        Task rising = tasks.create(shell(ns, "rising").build(), "alice");
        ran(rising, BASE.plusSeconds(30), Duration.ZERO, Duration.ofSeconds(1), RunStatus.FAILED);
        catchUp(BASE.plus(Duration.ofHours(1)));
        ran(rising, BASE.plusSeconds(300), Duration.ZERO, Duration.ofSeconds(1), RunStatus.TIMED_OUT);
        ran(rising, BASE.plusSeconds(360), Duration.ZERO, Duration.ofSeconds(1), RunStatus.FAILED);

        List<RunStatistics.FailingTask> failing = summary().failingTasks();

        assertThat(failing).hasSize(RunStatistics.FAILING_TASKS);
        assertThat(failing.get(0).taskId()).isEqualTo(rising.id());
        assertThat(failing.get(0).failures()).isEqualTo(3);
        assertThat(failing.subList(1, failing.size())).allSatisfy(task -> assertThat(task.failures()).isEqualTo(2));
    }

    @Test
    void theNewestRunsWaitForTheNextPassAndAShortUnfinishedOneHoldsTheMark() {
        Task task = tasks.create(shell(ns, "fresh").build(), "alice");
        ran(task, BASE, Duration.ZERO, Duration.ofSeconds(1), RunStatus.SUCCEEDED);
        clock.set(BASE.plusSeconds(30));
        Run waiting = runs.insertOrGetCronFire(task.id(), BASE.plusSeconds(30), 1);
        ran(task, BASE.plusSeconds(40), Duration.ZERO, Duration.ofSeconds(1), RunStatus.SUCCEEDED);

        // Ten seconds after the waiting run was recorded it is young: the mark stops before it.
        MysqlHistoryRollup.Pass pass = rollup.rollUp(BASE.plusSeconds(40));
        assertThat(pass.pending()).isZero();
        assertThat(pass.throughId()).isLessThan(waiting.id());
        assertThat(summary().total(RunStatus.SUCCEEDED)).isEqualTo(2);
    }

    /** A rollup that checks every pending id in one pass. */
    private static MysqlHistoryRollup wide() {
        return new MysqlHistoryRollup(pool, 10_000);
    }

    private static void catchUp(Instant now) {
        MysqlHistoryRollup all = wide();
        while (!all.rollUp(now).caughtUp()) {
            // on until the mark is past every run
        }
    }

    private Summary summary() {
        return statistics.summarize(ns, BASE, BASE.plus(Duration.ofMinutes(10)), Duration.ofMinutes(1));
    }

    private Run ran(Task task, Instant fire, Duration late, Duration took, RunStatus status) {
        return history.ran(task, fire, late, took, status, error(status));
    }

    private static String error(RunStatus status) {
        return status == RunStatus.SUCCEEDED ? null : "it went wrong";
    }

    /** Moves a run out of task_run, keeping its row to put back with the same id. */
    private static void hide(long runId) throws SQLException {
        execute("CREATE TABLE IF NOT EXISTS hidden_run LIKE task_run",
                "INSERT INTO hidden_run SELECT * FROM task_run WHERE id = " + runId,
                "DELETE FROM task_run WHERE id = " + runId);
    }

    private static void show(long runId) throws SQLException {
        execute("INSERT INTO task_run SELECT * FROM hidden_run WHERE id = " + runId,
                "DELETE FROM hidden_run WHERE id = " + runId);
    }

    private static boolean isPending(long runId) throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
             var rows = statement.executeQuery("SELECT COUNT(*) FROM run_rollup_pending WHERE run_id = " + runId)) {
            rows.next();
            return rows.getLong(1) == 1;
        }
    }

    private static void execute(String... statements) throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
