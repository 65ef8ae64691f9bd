package io.redcron.testkit;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStatistics.ByTask;
import io.redcron.port.RunStatistics.SlowRun;
import io.redcron.port.RunStatistics.Spread;
import io.redcron.port.RunStatistics.TaskFigures;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What every {@link RunStatistics} must say of the same runs; one subclass per backend supplies
 * the stores the runs are recorded through, as nodes record them. Each test works in a namespace
 * of its own.
 */
public abstract class RunStatisticsContract {
    private static final Instant BASE = Instant.parse("2030-03-01T10:00:00Z");
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration LEASE = Duration.ofHours(2);

    protected final ManualClock clock = new ManualClock(BASE);
    private TaskStore tasks;
    private RunStore runs;
    private RunStatistics statistics;
    private String ns;

    protected abstract TaskStore newTaskStore(Clock clock);

    protected abstract RunStore newRunStore(Clock clock);

    /** Reads the runs the stores above record. */
    protected abstract RunStatistics newStatistics();

    @BeforeEach
    void setUpContract() {
        tasks = newTaskStore(clock);
        runs = newRunStore(clock);
        statistics = newStatistics();
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void aFrequentFastTaskAndARareSlowTaskEachHaveTheirOwnPercentiles() {
        Task ticker = task("ticker");
        Task backup = task("backup");
        for (int i = 0; i < 60; i++) {
            ran(ticker, BASE.plus(Duration.ofMinutes(i)), millis(100), millis(i % 10 == 0 ? 400 : 200), RunStatus.SUCCEEDED);
        }
        ran(backup, BASE.plusSeconds(30), seconds(2), Duration.ofMinutes(40), RunStatus.SUCCEEDED);

        ByTask byTask = statistics.byTask(ns, BASE, BASE.plus(HOUR), 10);

        // Namespace-wide, the backup is one run in 61: the p95 is the ticker's.
        assertThat(statistics.summarize(ns, BASE, BASE.plus(HOUR), Duration.ofMinutes(5)).durations().p95())
                .isEqualTo(millis(400));
        assertThat(byTask.taskCount()).isEqualTo(2);
        assertThat(byTask.tasks()).containsExactly(
                new TaskFigures(backup.id(), "backup", 1, new Spread(1, Duration.ofMinutes(40), Duration.ofMinutes(40),
                        Duration.ofMinutes(40)), new Spread(1, seconds(2), seconds(2), seconds(2))),
                new TaskFigures(ticker.id(), "ticker", 60, new Spread(60, millis(200), millis(400), millis(400)),
                        new Spread(60, millis(100), millis(100), millis(100))));
        assertThat(statistics.byTask(ns, BASE, BASE.plus(HOUR), 1).tasks()).extracting(TaskFigures::taskName)
                .containsExactly("backup");
        assertThat(byTask.slowRuns()).isEmpty();
    }

    @Test
    void aRunFarAboveItsOwnTasksMedianIsASlowRunAndAUniformlySlowTaskHasNone() {
        Task ticker = task("ticker");
        Task report = task("report");
        Task slowpoke = task("slowpoke");
        Task quick = task("quick");
        for (int i = 0; i < 30; i++) {
            Instant minute = BASE.plus(Duration.ofMinutes(i));
            ran(ticker, minute, Duration.ZERO, seconds(2), RunStatus.SUCCEEDED);
            ran(slowpoke, minute.plusSeconds(10), Duration.ZERO, seconds(60), RunStatus.SUCCEEDED);
            ran(quick, minute.plusSeconds(20), Duration.ZERO, millis(100), RunStatus.SUCCEEDED);
            if (i < 20) {
                ran(report, minute.plusSeconds(30), Duration.ZERO, seconds(10), RunStatus.SUCCEEDED);
            }
        }
        Instant slowFire = BASE.plus(Duration.ofMinutes(40));
        Run slow = ran(ticker, slowFire, Duration.ZERO, seconds(15), RunStatus.TIMED_OUT);
        Run slower = ran(report, slowFire.plusSeconds(30), Duration.ZERO, seconds(40), RunStatus.SUCCEEDED);
        // Nine times its median, yet under a second: jitter, not news.
        ran(quick, slowFire.plusSeconds(20), Duration.ZERO, millis(900), RunStatus.SUCCEEDED);

        ByTask byTask = statistics.byTask(ns, BASE, BASE.plus(HOUR), 10);

        // The furthest above its task's median first: 15 s against 2 s, then 40 s against 10 s.
        assertThat(byTask.slowRuns()).containsExactly(
                new SlowRun(slow.id(), ticker.id(), "ticker", slowFire, seconds(15), seconds(2)),
                new SlowRun(slower.id(), report.id(), "report", slowFire.plusSeconds(30), seconds(40), seconds(10)));
        assertThat(byTask.slowRuns().get(0).factor()).isCloseTo(7.5, within(1e-9));
        assertThat(byTask.tasks()).extracting(TaskFigures::taskName)
                .containsExactly("slowpoke", "report", "ticker", "quick");
    }

    @Test
    void onlyEndedRunsOfTheWindowAndTheNamespaceCount() {
        Task job = task("job");
        Task elsewhere = tasks.create(shell(TaskFixtures.freshNamespace(), "job").build(), "alice");
        ran(job, BASE, millis(10), seconds(3), RunStatus.FAILED);
        ran(job, BASE.plus(HOUR).minusSeconds(1), millis(30), seconds(5), RunStatus.SUCCEEDED);
        ran(job, BASE.minusSeconds(1), millis(10), seconds(100), RunStatus.SUCCEEDED);
        ran(job, BASE.plus(HOUR), millis(10), seconds(100), RunStatus.SUCCEEDED);
        ran(elsewhere, BASE.plusSeconds(60), millis(10), seconds(100), RunStatus.SUCCEEDED);
        // Still running: counted once it ends.
        clock.set(BASE.plusSeconds(120));
        Run running = runs.insertOrGetCronFire(job.id(), BASE.plusSeconds(120), 1);
        runs.claim(running.id(), "node-1", BASE.plusSeconds(120), BASE.plus(LEASE)).orElseThrow();
        // Skipped: a run of the task without a duration or a lateness.
        clock.set(BASE.plusSeconds(180));
        Run skipped = runs.insertOrGetCronFire(job.id(), BASE.plusSeconds(180), 1);
        runs.changeIdle(skipped.id(), RunStatus.QUEUED, RunStatus.SKIPPED, "skipped", BASE.plusSeconds(180));

        ByTask byTask = statistics.byTask(ns, BASE, BASE.plus(HOUR), 10);

        assertThat(byTask.from()).isEqualTo(BASE);
        assertThat(byTask.to()).isEqualTo(BASE.plus(HOUR));
        assertThat(byTask.tasks()).containsExactly(new TaskFigures(job.id(), "job", 3,
                new Spread(2, seconds(3), seconds(5), seconds(5)), new Spread(2, millis(10), millis(30), millis(30))));
        assertThat(statistics.byTask(TaskFixtures.freshNamespace(), BASE, BASE.plus(HOUR), 10))
                .isEqualTo(new ByTask(BASE, BASE.plus(HOUR), 0, java.util.List.of(), java.util.List.of()));
    }

    @Test
    void theFiguresOfNamedTasksAreThoseOfTheirRunsWhateverTheRestRun() {
        Task ticker = task("ticker");
        Task backup = task("backup");
        Task idle = task("idle");
        for (int i = 0; i < 30; i++) {
            ran(ticker, BASE.plus(Duration.ofMinutes(i)), millis(100), Duration.ofMinutes(5), RunStatus.SUCCEEDED);
        }
        ran(backup, BASE.plusSeconds(30), seconds(2), seconds(40), RunStatus.FAILED);
        ran(backup, BASE.plus(HOUR).plusSeconds(30), seconds(2), seconds(90), RunStatus.SUCCEEDED);

        List<TaskFigures> figures = statistics.ofTasks(ns, java.util.Set.of(backup.id(), idle.id()), BASE, BASE.plus(HOUR));

        // The ticker is slower and would rank first; the idle task has no run; the backup's second run is past the window.
        assertThat(figures).containsExactly(new TaskFigures(backup.id(), "backup", 1,
                new Spread(1, seconds(40), seconds(40), seconds(40)), new Spread(1, seconds(2), seconds(2), seconds(2))));
        assertThat(statistics.ofTasks(ns, java.util.Set.of(), BASE, BASE.plus(HOUR))).isEmpty();
        assertThat(statistics.ofTasks(TaskFixtures.freshNamespace(), java.util.Set.of(backup.id()), BASE, BASE.plus(HOUR)))
                .as("another namespace").isEmpty();
    }

    @Test
    void aManualRunHasADurationButNoLateness() {
        Task job = task("job");
        clock.set(BASE.plusSeconds(5));
        Run manual = runs.insertManual(job.id(), BASE.plusSeconds(5), 1, Map.of());
        end(claim(manual, manual.scheduledAt().plusSeconds(90)), seconds(7), RunStatus.SUCCEEDED);

        TaskFigures figures = statistics.byTask(ns, BASE, BASE.plus(HOUR), 10).tasks().get(0);

        assertThat(figures.durations()).isEqualTo(new Spread(1, seconds(7), seconds(7), seconds(7)));
        assertThat(figures.lateness()).isEqualTo(Spread.NONE);
    }

    @Test
    void aWindowMustBeOrderedAndTheTasksBounded() {
        assertThatThrownBy(() -> statistics.byTask(ns, BASE, BASE, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must come before");
        assertThatThrownBy(() -> statistics.byTask(ns, BASE, BASE.plus(HOUR), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tasks");
        assertThatThrownBy(() -> statistics.byTask(ns, BASE, BASE.plus(HOUR), RunStatistics.MAX_TASKS + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tasks");
    }

    private Task task(String name) {
        return tasks.create(shell(ns, name).build(), "alice");
    }

    /** A cron fire claimed {@code late} after it was due, ending {@code took} later; the claimed run. */
    private Run ran(Task task, Instant fire, Duration late, Duration took, RunStatus status) {
        clock.set(fire);
        Run run = runs.insertOrGetCronFire(task.id(), fire, 1);
        return end(claim(run, fire.plus(late)), took, status);
    }

    private Run claim(Run run, Instant at) {
        clock.set(at);
        return runs.claim(run.id(), "node-1", at, at.plus(LEASE)).orElseThrow();
    }

    private Run end(Run claimed, Duration took, RunStatus status) {
        Instant finished = claimed.startedAt().plus(took);
        clock.set(finished);
        boolean ok = status == RunStatus.SUCCEEDED;
        assertThat(runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, finished, ok ? 0 : 1, null, ok ? null : "it went wrong"))).isTrue();
        return claimed;
    }

    private static Duration millis(long value) {
        return Duration.ofMillis(value);
    }

    private static Duration seconds(long value) {
        return Duration.ofSeconds(value);
    }
}
