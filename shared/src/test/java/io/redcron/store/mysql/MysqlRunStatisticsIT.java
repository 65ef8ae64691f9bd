package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStatistics.Bucket;
import io.redcron.port.RunStatistics.FailingTask;
import io.redcron.port.RunStatistics.Spread;
import io.redcron.port.RunStatistics.Summary;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** Dashboard figures over runs recorded through the stores, as nodes record them. */
class MysqlRunStatisticsIT {
    private static final Instant BASE = Instant.parse("2030-03-01T10:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();

    private final MutableClock clock = new MutableClock(BASE);
    private MysqlTaskStore tasks;
    private MysqlRunStore runs;
    private RunStatistics statistics;
    private RunHistory history;
    private String ns;

    @BeforeEach
    void stores() {
        tasks = new MysqlTaskStore(pool, clock);
        runs = new MysqlRunStore(pool, clock);
        statistics = new MysqlRunStatistics(pool);
        history = new RunHistory(runs, clock);
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void countsEndedRunsPerBucketByStatusWithinTheWindowOfTheNamespaceOnly() {
        Task a = task(ns, "a");
        Task b = task(ns, "b");
        Task elsewhere = task(TaskFixtures.freshNamespace(), "a");
        ended(a, BASE, RunStatus.SUCCEEDED);
        ended(b, BASE.plusSeconds(30), RunStatus.SUCCEEDED);
        ended(a, BASE.plusSeconds(45), RunStatus.FAILED);
        ended(a, BASE.plusSeconds(130), RunStatus.TIMED_OUT);
        idleEnd(b, BASE.plusSeconds(140), RunStatus.SKIPPED);
        idleEnd(b, BASE.plusSeconds(150), RunStatus.CANCELLED);
        runs.insertOrGetCronFire(a.id(), BASE.plusSeconds(190), 1);
        ended(a, BASE.plusSeconds(299), RunStatus.SUCCEEDED);
        ended(a, BASE.plusSeconds(300), RunStatus.SUCCEEDED);
        ended(a, BASE.minusSeconds(1), RunStatus.FAILED);
        ended(elsewhere, BASE.plusSeconds(10), RunStatus.FAILED);

        Summary summary = statistics.summarize(ns, BASE, BASE.plus(Duration.ofMinutes(5)), MINUTE);

        assertThat(summary.buckets()).extracting(Bucket::start).containsExactly(BASE, BASE.plus(MINUTE),
                BASE.plus(MINUTE.multipliedBy(2)), BASE.plus(MINUTE.multipliedBy(3)), BASE.plus(MINUTE.multipliedBy(4)));
        assertThat(summary.buckets()).extracting(Bucket::ended).containsExactly(
                Map.of(RunStatus.SUCCEEDED, 2L, RunStatus.FAILED, 1L),
                Map.of(),
                Map.of(RunStatus.TIMED_OUT, 1L, RunStatus.SKIPPED, 1L, RunStatus.CANCELLED, 1L),
                Map.of(),
                Map.of(RunStatus.SUCCEEDED, 1L));
        assertThat(summary.total(RunStatus.SUCCEEDED)).isEqualTo(3);
        // Skipped and cancelled runs say nothing about the task: 3 of 5.
        assertThat(summary.successRate()).hasValue(0.6);
    }

    @Test
    void durationsAndLatenessArePercentilesOfTheRunsThatStarted() {
        Task task = task(ns, "job");
        for (int i = 1; i <= 20; i++) {
            history.ran(task, BASE.plus(MINUTE.multipliedBy(i)), Duration.ofMillis(100L * i), Duration.ofSeconds(i),
                    RunStatus.SUCCEEDED, null);
        }
        // A manual run is not late for anything, yet it ran: 100 s counts as a duration only.
        Run manual = runs.insertManual(task.id(), BASE.plus(MINUTE.multipliedBy(25)), 1, Map.of());
        history.end(history.claim(manual, manual.scheduledAt().plus(Duration.ofMinutes(10))), Duration.ofSeconds(100),
                RunStatus.SUCCEEDED, null);
        // A retry starts late by design: only its last attempt's 2 s count.
        Instant retried = BASE.plus(MINUTE.multipliedBy(27));
        Run first = history.claim(runs.insertOrGetCronFire(task.id(), retried, 2), retried.plusSeconds(1));
        Instant retryAt = retried.plusSeconds(60);
        runs.complete(first.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, retried.plusSeconds(5), 1, null, "boom", retryAt));
        history.end(history.claim(first, retryAt), Duration.ofSeconds(2), RunStatus.SUCCEEDED, null);
        // Still running: late by 3 s, no duration yet.
        history.claim(runs.insertOrGetCronFire(task.id(), BASE.plus(MINUTE.multipliedBy(28)), 1),
                BASE.plus(MINUTE.multipliedBy(28)).plusSeconds(3));

        Summary summary = statistics.summarize(ns, BASE, BASE.plus(Duration.ofMinutes(30)), MINUTE);

        // 1..20 s, 2 s and 100 s: the 11th of 22 is 10 s, the 21st is 20 s.
        assertThat(summary.durations()).isEqualTo(new Spread(22, seconds(10), seconds(20), seconds(100)));
        // 0.1..2.0 s; the run still running counts once it ends: the 10th of 20 is 1.0 s, the 19th is 1.9 s.
        assertThat(summary.lateness()).isEqualTo(new Spread(20, Duration.ofMillis(1000), Duration.ofMillis(1900),
                seconds(2)));
        Bucket seventh = summary.buckets().get(7);
        assertThat(seventh.durations()).isEqualTo(new Spread(1, seconds(7), seconds(7), seconds(7)));
        assertThat(seventh.lateness().p95()).isEqualTo(Duration.ofMillis(700));
        assertThat(summary.buckets().get(0).durations()).isEqualTo(Spread.NONE);
        assertThat(summary.buckets().get(28).lateness().isEmpty()).isTrue();
        assertThat(summary.buckets().get(28).durations().isEmpty()).isTrue();
    }

    @Test
    void failingTasksAreTheMostFailedFirstWithTheirLatestError() {
        Task backup = task(ns, "backup");
        Task report = task(ns, "report");
        Task cleanup = task(ns, "cleanup");
        history.ran(backup, BASE.plusSeconds(60), Duration.ZERO, seconds(1), RunStatus.FAILED, "exit code 1");
        history.ran(backup, BASE.plusSeconds(180), Duration.ZERO, seconds(4), RunStatus.FAILED, "disk full");
        history.ran(backup, BASE.plusSeconds(120), Duration.ZERO, seconds(1), RunStatus.TIMED_OUT, "timed out after 1s");
        history.ran(backup, BASE.plusSeconds(240), Duration.ZERO, seconds(1), RunStatus.SUCCEEDED, null);
        history.ran(report, BASE.plusSeconds(300), Duration.ZERO, seconds(9), RunStatus.TIMED_OUT, "timed out after 9s");
        history.ran(report, BASE.minusSeconds(60), Duration.ZERO, seconds(1), RunStatus.FAILED, "before the window");
        history.ran(report, BASE.plusSeconds(3600), Duration.ZERO, seconds(1), RunStatus.FAILED, "after the window");
        history.ran(cleanup, BASE.plusSeconds(60), Duration.ZERO, seconds(1), RunStatus.SUCCEEDED, null);
        idleEnd(cleanup, BASE.plusSeconds(120), RunStatus.CANCELLED);
        Task other = task(TaskFixtures.freshNamespace(), "backup");
        history.ran(other, BASE.plusSeconds(60), Duration.ZERO, seconds(1), RunStatus.FAILED, "elsewhere");

        Summary summary = statistics.summarize(ns, BASE, BASE.plus(Duration.ofHours(1)), Duration.ofMinutes(5));

        assertThat(summary.failingTasks()).containsExactly(
                new FailingTask(backup.id(), "backup", 3, BASE.plusSeconds(184), "disk full"),
                new FailingTask(report.id(), "report", 1, BASE.plusSeconds(309), "timed out after 9s"));
    }

    @Test
    void percentilesOfSpansBeyondThreeDigitsAreAtMostOnePercentBelowTheirOwn() {
        Task task = task(ns, "odd");
        for (int i = 1; i <= 9; i++) {
            history.ran(task, BASE.plus(MINUTE.multipliedBy(i)), Duration.ZERO, Duration.ofMillis(12_345L * i),
                    RunStatus.SUCCEEDED, null);
        }

        Spread spread = statistics.summarize(ns, BASE, BASE.plus(Duration.ofMinutes(10)), MINUTE).durations();

        // The 5th of 9 is 61,725 ms, the 9th 111,105 ms: read back as 61,700 and 111,000, the largest exactly.
        assertThat(spread).isEqualTo(new Spread(9, Duration.ofMillis(61_700), Duration.ofMillis(111_000),
                Duration.ofMillis(111_105)));
    }

    @Test
    void aWindowOrBucketOfSecondsIsCountedFromTheRunsAlone() {
        Task task = task(ns, "seconds");
        ended(task, BASE.plusSeconds(20), RunStatus.SUCCEEDED);
        ended(task, BASE.plusSeconds(40), RunStatus.FAILED);
        ended(task, BASE.plusSeconds(70), RunStatus.SUCCEEDED);
        new MysqlHistoryRollup(pool, 100).rollUp(BASE.plus(Duration.ofHours(1)));

        Summary summary = statistics.summarize(ns, BASE.plusSeconds(30), BASE.plusSeconds(90), Duration.ofSeconds(30));

        assertThat(summary.buckets()).extracting(Bucket::ended).containsExactly(
                Map.of(RunStatus.FAILED, 1L), Map.of(RunStatus.SUCCEEDED, 1L));
    }

    @Test
    void anEmptyWindowHasEmptyBucketsAndNoRate() {
        Summary summary = statistics.summarize(ns, BASE, BASE.plus(Duration.ofMinutes(90)), Duration.ofMinutes(20));

        assertThat(summary.buckets()).hasSize(5).allSatisfy(bucket -> assertThat(bucket.ended()).isEmpty());
        assertThat(summary.buckets().get(4).start()).isEqualTo(BASE.plus(Duration.ofMinutes(80)));
        assertThat(summary.successRate()).isEmpty();
        assertThat(summary.durations()).isEqualTo(Spread.NONE);
        assertThat(summary.lateness()).isEqualTo(Spread.NONE);
        assertThat(summary.failingTasks()).isEmpty();
    }

    @Test
    void aWindowMustBeOrderedAndCutIntoWholeSecondsAndNotTooMany() {
        assertThatThrownBy(() -> statistics.summarize(ns, BASE, BASE, MINUTE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must come before");
        assertThatThrownBy(() -> statistics.summarize(ns, BASE, BASE.plusSeconds(60), Duration.ofMillis(1500)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole number of seconds");
        assertThatThrownBy(() -> statistics.summarize(ns, BASE, BASE.plus(Duration.ofDays(7)), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("604800 buckets");
    }

    private Task task(String namespace, String name) {
        return tasks.create(shell(namespace, name).build(), "alice");
    }

    private void ended(Task task, Instant fire, RunStatus status) {
        history.ran(task, fire, Duration.ZERO, seconds(1), status, status == RunStatus.SUCCEEDED ? null : "it went wrong");
    }

    /** A fire that never started: skipped or cancelled while it waited. */
    private void idleEnd(Task task, Instant fire, RunStatus status) {
        clock.set(fire);
        Run run = runs.insertOrGetCronFire(task.id(), fire, 1);
        assertThat(runs.changeIdle(run.id(), RunStatus.QUEUED, status, "not run", fire.plusSeconds(1))).isTrue();
    }

    private static Duration seconds(long value) {
        return Duration.ofSeconds(value);
    }
}
