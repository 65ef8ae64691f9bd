package io.redcron.desktop.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStatistics.ByTask;
import io.redcron.port.RunStatistics.Summary;
import io.redcron.port.StoreException;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlRunStatistics;
import io.redcron.testing.TestDatabase;
import javafx.scene.chart.XYChart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** The dashboard's model against a real database, with its reads run synchronously. */
class DashboardViewModelIT {
    static final Instant NOW = Instant.parse("2030-03-01T10:30:20Z");
    private static HikariDataSource pool;

    private RunHistory history;

    @BeforeAll
    static void openDatabase() {
        pool = TestDatabase.freshDataSource();
    }

    @AfterAll
    static void closeDatabase() {
        pool.close();
    }

    @BeforeEach
    void runs() {
        history = new RunHistory(pool);
        record(history);
    }

    /** Three successes, two failures and a skip in the last hour; one more success five hours earlier. */
    static void record(RunHistory history) {
        Task backup = history.task("backup");
        Task report = history.task("report");
        history.ran(backup, at("10:00:00"), seconds(1), seconds(3), RunStatus.FAILED, "exit code 1");
        history.ran(backup, at("10:10:00"), seconds(1), seconds(3), RunStatus.FAILED, "disk full\nsee the log");
        history.ran(report, at("10:00:00"), Duration.ofMillis(200), seconds(2), RunStatus.SUCCEEDED, null);
        history.ran(report, at("10:05:00"), Duration.ofMillis(400), seconds(4), RunStatus.SUCCEEDED, null);
        history.ran(report, at("10:20:00"), Duration.ofMillis(600), seconds(6), RunStatus.SUCCEEDED, null);
        history.skipped(report, at("10:25:00"));
        history.ran(report, at("08:00:00"), Duration.ZERO, seconds(1), RunStatus.SUCCEEDED, null);
    }

    /** A task that takes a second, twenty times, then twelve seconds once, at 10:15:30. */
    static void recordSlowRun(RunHistory history) {
        Task ticker = history.task("ticker");
        for (int i = 0; i < 20; i++) {
            history.ran(ticker, at("09:40:30").plus(Duration.ofMinutes(i)), Duration.ZERO, seconds(1),
                    RunStatus.SUCCEEDED, null);
        }
        history.ran(ticker, at("10:15:30"), Duration.ZERO, seconds(12), RunStatus.SUCCEEDED, null);
    }

    /** Times in UTC whatever the machine's zone, as a user in Shanghai who chose UTC sees them. */
    static Messages messages(Locale locale) {
        return new Messages(locale, new TimeDisplay(TimeDisplay.Mode.UTC, ZoneId.of("Asia/Shanghai")));
    }

    private DashboardViewModel model(RunStatistics statistics, Locale locale) {
        return model(statistics, locale, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private DashboardViewModel model(RunStatistics statistics, Locale locale, Clock clock) {
        return new DashboardViewModel(statistics, history.namespace(), clock, UiExecutor.direct(), messages(locale),
                ZoneOffset.UTC);
    }

    private DashboardViewModel model(Locale locale) {
        return model(new MysqlRunStatistics(pool), locale);
    }

    @Test
    void theLastHourShowsRunsPerMinuteTheRateThePercentilesAndTheFailingTasks() {
        DashboardViewModel model = model(Locale.ENGLISH);

        model.load();

        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.busyProperty().get()).isFalse();
        List<XYChart.Data<Number, Number>> succeeded = model.runsOf(RunStatus.SUCCEEDED).getData();
        // Each minute is a step: a point at its start, one just before its end.
        assertThat(succeeded).hasSize(120);
        assertThat(succeeded.get(0).getXValue().doubleValue()).isEqualTo(at("09:31:00").getEpochSecond());
        assertThat(succeeded.get(119).getXValue().doubleValue()).isCloseTo(at("10:31:00").getEpochSecond(),
                within(0.01));
        // The axis starts at the last round tick before the window.
        assertThat(model.axisLowerProperty().get()).isEqualTo(at("09:30:00").getEpochSecond());
        assertThat(model.axisUpperProperty().get()).isEqualTo(at("10:31:00").getEpochSecond());
        assertThat(yAt(model.runsOf(RunStatus.SUCCEEDED), at("10:00:00"))).isEqualTo(1.0);
        assertThat(yAt(model.runsOf(RunStatus.FAILED), at("10:00:00"))).isEqualTo(1.0);
        assertThat(yAt(model.runsOf(RunStatus.SKIPPED), at("10:25:00"))).isEqualTo(1.0);
        assertThat(model.runs()).extracting(XYChart.Series::getName)
                .containsExactly("Succeeded", "Failed", "Timed out", "Cancelled", "Skipped");

        assertThat(model.successRateProperty().get()).isEqualTo("60.0%");
        assertThat(model.successDetailProperty().get()).startsWith("3 of 5 succeeded");
        assertThat(model.endedProperty().get()).isEqualTo("6");
        assertThat(model.endedDetailProperty().get()).isEqualTo("2 failed · 0 timed out · 0 cancelled · 1 skipped");
        assertThat(model.durationMedianProperty().get()).isEqualTo("3.0 s");
        assertThat(model.durationHighProperty().get()).isEqualTo("6.0 s");
        assertThat(model.latenessMedianProperty().get()).isEqualTo("600 ms");
        assertThat(model.latenessHighProperty().get()).isEqualTo("1.0 s");
        assertThat(model.latenessMaxProperty().get()).isEqualTo("1.0 s");
        // In the middle of 10:00 (2 s and 3 s), 10:05, 10:10 and 10:20; the minutes without a run have no point.
        assertThat(model.durations().get(0).getData().get(0).getXValue().doubleValue())
                .isEqualTo(at("10:00:30").getEpochSecond());
        assertThat(model.durations().get(0).getData()).extracting(d -> d.getYValue().doubleValue())
                .containsExactly(2.0, 4.0, 3.0, 6.0);
        assertThat(model.durations().get(1).getData()).extracting(d -> d.getYValue().doubleValue())
                .containsExactly(3.0, 4.0, 3.0, 6.0);
        assertThat(model.updatedProperty().get()).isEqualTo("Updated at 10:30:20");

        assertThat(model.failing()).containsExactly(
                new FailingRow(model.failing().get(0).taskId(), "backup", 2, "2030-03-01 10:10:04", "disk full"));
    }

    @Test
    void aWiderWindowHasCoarserBucketsAndTheOlderRuns() {
        DashboardViewModel model = model(Locale.ENGLISH);
        model.load();

        model.choose(DashboardSpan.SIX_HOURS);

        assertThat(model.runsOf(RunStatus.SUCCEEDED).getData()).hasSize(2 * 72);
        assertThat(model.runsOf(RunStatus.SUCCEEDED).getData().get(0).getXValue().doubleValue())
                .isEqualTo(at("04:35:00").getEpochSecond());
        assertThat(model.axisLowerProperty().get()).isEqualTo(at("04:00:00").getEpochSecond());
        assertThat(model.axisTickProperty().get()).isEqualTo(3600);
        assertThat(yAt(model.runsOf(RunStatus.SUCCEEDED), at("08:00:00"))).isEqualTo(1.0);
        assertThat(model.successRateProperty().get()).isEqualTo("66.7%");
        assertThat(model.runsTitleProperty().get()).isEqualTo("Ended runs by status, per 5 min of scheduled time");
        assertThat(model.timeLabel(at("08:00:00").getEpochSecond())).isEqualTo("08:00");

        model.choose(DashboardSpan.DAY);

        assertThat(model.runsOf(RunStatus.FAILED).getData()).hasSize(2 * 96);
        assertThat(model.timeLabel(at("08:00:00").getEpochSecond())).isEqualTo("03-01 08:00");
    }

    @Test
    void aFailedReadIsOneReadableLineAndKeepsWhatWasShown() {
        RunStatistics real = new MysqlRunStatistics(pool);
        AtomicBoolean broken = new AtomicBoolean();
        DashboardViewModel model = model(new RunStatistics() {
            @Override
            public Summary summarize(String namespace, Instant from, Instant to, Duration bucket) {
                if (broken.get()) {
                    throw new StoreException("database: summarize the runs failed: Connection refused\n\tat somewhere",
                            new SQLException("Connection refused"));
                }
                return real.summarize(namespace, from, to, bucket);
            }

            @Override
            public ByTask byTask(String namespace, Instant from, Instant to, int tasks) {
                return real.byTask(namespace, from, to, tasks);
            }

            @Override
            public java.util.List<TaskFigures> ofTasks(String namespace, java.util.Collection<Long> taskIds, Instant from,
                                                       Instant to) {
                return real.ofTasks(namespace, taskIds, from, to);
            }
        }, Locale.ENGLISH);
        model.load();

        broken.set(true);
        model.refresh();

        assertThat(model.errorProperty().get())
                .isEqualTo("Cannot read the run statistics: database: summarize the runs failed: Connection refused");
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.successRateProperty().get()).isEqualTo("60.0%");
        assertThat(model.failing()).hasSize(1);

        broken.set(false);
        model.load();

        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void eachTaskHasItsOwnPercentilesTheSlowestP95First() {
        recordSlowRun(history);
        DashboardViewModel model = model(Locale.ENGLISH);

        model.load();

        // Namespace-wide the ticker's 21 runs set the median; per task each has its own.
        assertThat(model.durationMedianProperty().get()).isEqualTo("1.0 s");
        assertThat(model.perTask()).extracting(TaskFiguresRow::task, TaskFiguresRow::runs,
                        row -> row.durationP50().text(), row -> row.durationP95().text(), row -> row.durationMax().text(),
                        row -> row.latenessP50().text(), row -> row.latenessP95().text(), row -> row.latenessMax().text())
                .containsExactly(
                        tuple("report", 4L, "4.0 s", "6.0 s", "6.0 s", "400 ms", "600 ms", "600 ms"),
                        tuple("backup", 2L, "3.0 s", "3.0 s", "3.0 s", "1.0 s", "1.0 s", "1.0 s"),
                        tuple("ticker", 21L, "1.0 s", "1.0 s", "12.0 s", "0 ms", "0 ms", "0 ms"));
        // Sorted by what it says, not by its text: 6 s above 12 s would be wrong the other way.
        assertThat(model.perTask().get(0).durationMax()).isLessThan(model.perTask().get(2).durationMax());
        assertThat(model.perTaskTitleProperty().get()).isEqualTo("Per task");
    }

    @Test
    void aRunTwelveTimesItsTasksMedianIsASlowRun() {
        recordSlowRun(history);
        DashboardViewModel model = model(Locale.ENGLISH);

        model.load();

        assertThat(model.slowRuns()).extracting(SlowRunRow::task, SlowRunRow::scheduled, row -> row.duration().text(),
                        row -> row.taskMedian().text(), row -> row.factor().text())
                .containsExactly(tuple("ticker", "2030-03-01 10:15:30 +00:00", "12.0 s", "1.0 s", "\u00d712.0 its median"));
        assertThat(model.slowRuns().get(0).otherZones()).isEqualTo("2030-03-01 18:15:30 +08:00  Asia/Shanghai");
        assertThat(model.slowRunsTitleProperty().get()).isEqualTo("Slow runs (1)");
        assertThat(model.timeHeader("dashboard.column.scheduled")).isEqualTo("Scheduled (UTC)");
    }

    @Test
    void theQuietRefreshReadsThePerTaskFiguresAtMostOnceAMinute() {
        MysqlRunStatistics real = new MysqlRunStatistics(pool);
        AtomicInteger reads = new AtomicInteger();
        RunStatistics counting = new RunStatistics() {
            @Override
            public Summary summarize(String namespace, Instant from, Instant to, Duration bucket) {
                return real.summarize(namespace, from, to, bucket);
            }

            @Override
            public ByTask byTask(String namespace, Instant from, Instant to, int tasks) {
                reads.incrementAndGet();
                return real.byTask(namespace, from, to, tasks);
            }

            @Override
            public java.util.List<TaskFigures> ofTasks(String namespace, java.util.Collection<Long> taskIds, Instant from,
                                                       Instant to) {
                return real.ofTasks(namespace, taskIds, from, to);
            }
        };
        MutableClock clock = new MutableClock(NOW);
        DashboardViewModel model = model(counting, Locale.ENGLISH, clock);
        model.load();
        history.ran(history.task("late"), at("10:20:00"), seconds(1), seconds(1), RunStatus.SUCCEEDED, null);

        clock.set(NOW.plusSeconds(10));
        model.refresh();

        assertThat(reads).hasValue(1);
        assertThat(model.endedProperty().get()).isEqualTo("7");
        assertThat(model.perTask()).hasSize(2);

        clock.set(NOW.plus(DashboardViewModel.TASKS_EVERY));
        model.refresh();

        assertThat(reads).hasValue(2);
        assertThat(model.perTask()).extracting(TaskFiguresRow::task).contains("late");

        model.load();

        assertThat(reads).hasValue(3);
    }

    @Test
    void chineseLabelsAndNumbers() {
        DashboardViewModel model = model(Locale.SIMPLIFIED_CHINESE);

        model.load();

        assertThat(model.runs()).extracting(XYChart.Series::getName)
                .containsExactly("成功", "失败", "超时", "已取消", "已跳过");
        assertThat(model.successDetailProperty().get()).startsWith("5 次中成功 3 次");
        assertThat(model.latenessMedianProperty().get()).isEqualTo("600 毫秒");
        assertThat(model.durationHighProperty().get()).isEqualTo("6.0 秒");
        assertThat(model.runsTitleProperty().get()).isEqualTo("按状态统计的已结束运行（按计划时间，每 1 分钟）");
        assertThat(model.updatedProperty().get()).isEqualTo("更新于 10:30:20");
        assertThat(model.perTaskTitleProperty().get()).isEqualTo("按任务");
    }

    @Test
    void chineseSlowRuns() {
        recordSlowRun(history);
        DashboardViewModel model = model(Locale.SIMPLIFIED_CHINESE);

        model.load();

        assertThat(model.slowRuns()).extracting(row -> row.factor().text()).containsExactly("中位数的 12.0 倍");
        assertThat(model.slowRunsTitleProperty().get()).isEqualTo("慢运行（1）");
        assertThat(model.timeHeader("dashboard.column.scheduled")).isEqualTo("计划时间（UTC）");
    }

    private static double yAt(XYChart.Series<Number, Number> series, Instant start) {
        return series.getData().stream().filter(d -> d.getXValue().doubleValue() == start.getEpochSecond())
                .findFirst().orElseThrow().getYValue().doubleValue();
    }

    static Instant at(String time) {
        return Instant.parse("2030-03-01T" + time + "Z");
    }

    private static Duration seconds(long value) {
        return Duration.ofSeconds(value);
    }
}
