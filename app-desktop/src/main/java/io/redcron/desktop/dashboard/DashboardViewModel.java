package io.redcron.desktop.dashboard;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Durations;
import io.redcron.domain.RunStatus;
import io.redcron.port.RunStatistics;
import io.redcron.port.RunStatistics.Bucket;
import io.redcron.port.RunStatistics.ByTask;
import io.redcron.port.RunStatistics.Spread;
import io.redcron.port.RunStatistics.Summary;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The dashboard: how the runs of the namespace went over the chosen window. Charts plot bucket
 * starts as epoch seconds; {@link #timeLabel} turns them back into clock times. Nothing here
 * reads the store on the JavaFX thread: every read goes through the {@link UiExecutor}.
 */
public final class DashboardViewModel {
    /** The ended statuses, in the order the runs chart stacks them. */
    /** Every final status, in the table's order: each is a series of the chart. */
    static final List<RunStatus> CHARTED = List.copyOf(RunStatus.FINAL);
    static final String NONE = "—";
    /** Seconds between the end of one step of the runs chart and the start of the next. */
    private static final double STEP_GAP = 0.001;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm");
    private static final DateTimeFormatter DAY_CLOCK = DateTimeFormatter.ofPattern("MM-dd HH:mm");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter FULL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    /** The tasks the per-task table lists: the slowest by p95, a screenful or two. */
    static final int TASKS = 50;
    /**
     * How often the periodic refresh reads the per-task figures: they read every ended run of the
     * window, where the summary reads the rollup's minutes. A load reads them every time.
     */
    static final Duration TASKS_EVERY = Duration.ofMinutes(1);

    private final ObjectProperty<DashboardSpan> span = new SimpleObjectProperty<>(DashboardSpan.HOUR);
    private final Map<RunStatus, XYChart.Series<Number, Number>> runsByStatus = new EnumMap<>(RunStatus.class);
    private final ObservableList<XYChart.Series<Number, Number>> runs = FXCollections.observableArrayList();
    private final XYChart.Series<Number, Number> durationP50 = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> durationP95 = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> latenessP50 = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> latenessP95 = new XYChart.Series<>();
    private final ObservableList<XYChart.Series<Number, Number>> durations =
            FXCollections.observableArrayList(List.of(durationP50, durationP95));
    private final ObservableList<XYChart.Series<Number, Number>> lateness =
            FXCollections.observableArrayList(List.of(latenessP50, latenessP95));
    private final ObservableList<FailingRow> failing = FXCollections.observableArrayList();
    private final ObservableList<TaskFiguresRow> perTask = FXCollections.observableArrayList();
    private final ObservableList<SlowRunRow> slowRuns = FXCollections.observableArrayList();
    private final StringProperty perTaskTitle = new SimpleStringProperty("");
    private final StringProperty slowRunsTitle = new SimpleStringProperty("");
    private final DoubleProperty axisLower = new SimpleDoubleProperty();
    private final DoubleProperty axisUpper = new SimpleDoubleProperty(1);
    private final DoubleProperty axisTick = new SimpleDoubleProperty(1);
    private final StringProperty runsTitle = new SimpleStringProperty("");
    private final StringProperty durationsTitle = new SimpleStringProperty("");
    private final StringProperty latenessTitle = new SimpleStringProperty("");
    private final StringProperty successRate = new SimpleStringProperty(NONE);
    private final StringProperty successDetail = new SimpleStringProperty("");
    private final StringProperty ended = new SimpleStringProperty(NONE);
    private final StringProperty endedDetail = new SimpleStringProperty("");
    private final StringProperty durationMedian = new SimpleStringProperty(NONE);
    private final StringProperty durationHigh = new SimpleStringProperty(NONE);
    private final StringProperty durationDetail = new SimpleStringProperty("");
    private final StringProperty latenessMedian = new SimpleStringProperty(NONE);
    private final StringProperty latenessHigh = new SimpleStringProperty(NONE);
    private final StringProperty latenessMax = new SimpleStringProperty(NONE);
    private final StringProperty latenessDetail = new SimpleStringProperty("");
    private final StringProperty updated = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();

    private final RunStatistics statistics;
    private final String namespace;
    private final Clock clock;
    private final UiExecutor executor;
    private final Messages messages;
    private final ZoneId zone;
    private final PerTaskRows rows;
    private long generation;
    private boolean reading;
    /** When the periodic refresh next reads the per-task figures too. */
    private Instant tasksDue = Instant.MIN;

    public DashboardViewModel(RunStatistics statistics, String namespace, Clock clock, UiExecutor executor,
                              Messages messages) {
        this(statistics, namespace, clock, executor, messages, ZoneId.systemDefault());
    }

    /** @param zone the zone the charts and the table show times in */
    public DashboardViewModel(RunStatistics statistics, String namespace, Clock clock, UiExecutor executor,
                              Messages messages, ZoneId zone) {
        this.statistics = statistics;
        this.namespace = namespace;
        this.clock = clock;
        this.executor = executor;
        this.messages = messages;
        this.zone = zone;
        this.rows = new PerTaskRows(messages, this::span);
        perTaskTitle.set(messages.get("dashboard.perTask.title"));
        slowRunsTitle.set(messages.get("dashboard.slow.title"));
        for (RunStatus status : CHARTED) {
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            series.setName(messages.get("dashboard.status." + status.name()));
            runsByStatus.put(status, series);
            runs.add(series);
        }
        durationP50.setName(messages.get("dashboard.series.p50"));
        durationP95.setName(messages.get("dashboard.series.p95"));
        latenessP50.setName(messages.get("dashboard.series.p50"));
        latenessP95.setName(messages.get("dashboard.series.p95"));
        titles();
    }

    /** Shows another window, reading it at once. */
    public void choose(DashboardSpan value) {
        if (value != span.get()) {
            span.set(value);
            titles();
            load();
        }
    }

    /** Reads now, showing progress; a newer read wins over an older one still running. */
    public void load() {
        read(true);
    }

    /** The periodic refresh: quiet, and skipped while a read is still running. */
    public void refresh() {
        if (!reading) {
            read(false);
        }
    }

    private void read(boolean visible) {
        long mine = ++generation;
        reading = true;
        if (visible) {
            busy.set(true);
        }
        DashboardSpan chosen = span.get();
        Instant now = clock.instant();
        Instant to = chosen.endAround(now);
        Instant from = to.minus(chosen.length());
        boolean withTasks = visible || !now.isBefore(tasksDue);
        executor.submit(() -> new Read(statistics.summarize(namespace, from, to, chosen.bucket()),
                        withTasks ? statistics.byTask(namespace, from, to, TASKS) : null),
                read -> {
                    if (mine == generation) {
                        reading = false;
                        busy.set(false);
                        error.set("");
                        show(read.summary(), chosen, now);
                        if (read.byTask() != null) {
                            tasksDue = now.plus(TASKS_EVERY);
                            show(read.byTask());
                        }
                    }
                }, failure -> {
                    if (mine == generation) {
                        reading = false;
                        busy.set(false);
                        error.set(messages.get("dashboard.error.load", oneLine(failure)));
                    }
                });
    }

    private void show(Summary summary, DashboardSpan chosen, Instant readAt) {
        axisLower.set(tickBefore(summary.from(), chosen.tick()).getEpochSecond());
        axisUpper.set(summary.to().getEpochSecond());
        axisTick.set(chosen.tick().toSeconds());
        for (RunStatus status : CHARTED) {
            runsByStatus.get(status).getData().setAll(steps(summary, bucket -> (double) bucket.count(status)));
        }
        durationP50.getData().setAll(spreadPoints(summary, Bucket::durations, Spread::p50));
        durationP95.getData().setAll(spreadPoints(summary, Bucket::durations, Spread::p95));
        latenessP50.getData().setAll(spreadPoints(summary, Bucket::lateness, Spread::p50));
        latenessP95.getData().setAll(spreadPoints(summary, Bucket::lateness, Spread::p95));
        tiles(summary);
        failing.setAll(summary.failingTasks().stream().map(task -> new FailingRow(task.taskId(), task.taskName(),
                task.failures(), task.lastFailure() == null ? NONE : FULL.format(task.lastFailure().atZone(zone)),
                task.lastError() == null || task.lastError().isBlank() ? NONE : firstLine(task.lastError()))).toList());
        updated.set(messages.get("dashboard.updated", SECONDS.format(readAt.atZone(zone))));
    }

    /** What one read brings: the summary, and the per-task figures when they were due. */
    private record Read(Summary summary, ByTask byTask) {
    }

    private void show(ByTask byTask) {
        perTask.setAll(byTask.tasks().stream().map(rows::task).toList());
        slowRuns.setAll(byTask.slowRuns().stream().map(rows::slow).toList());
        perTaskTitle.set(byTask.taskCount() > byTask.tasks().size()
                ? messages.get("dashboard.perTask.titleCut", byTask.tasks().size(), byTask.taskCount())
                : messages.get("dashboard.perTask.title"));
        slowRunsTitle.set(byTask.slowRuns().isEmpty() ? messages.get("dashboard.slow.title")
                : messages.get("dashboard.slow.titleCount", byTask.slowRuns().size()));
    }

    /** A column header of times, with the zone they are shown in. */
    public String timeHeader(String key) {
        return messages.get("time.header", messages.get(key), messages.time().headerZone(messages));
    }

    private void tiles(Summary summary) {
        long succeeded = summary.total(RunStatus.SUCCEEDED);
        long judged = succeeded + summary.total(RunStatus.FAILED) + summary.total(RunStatus.TIMED_OUT);
        successRate.set(summary.successRate().isPresent()
                ? messages.get("dashboard.success.rate", summary.successRate().getAsDouble()) : NONE);
        successDetail.set(judged == 0 ? messages.get("dashboard.success.empty")
                : messages.get("dashboard.success.detail", succeeded, judged));
        long total = summary.totals().values().stream().mapToLong(Long::longValue).sum();
        ended.set(messages.get("dashboard.count", total));
        endedDetail.set(messages.get("dashboard.ended.detail", summary.total(RunStatus.FAILED),
                summary.total(RunStatus.TIMED_OUT), summary.total(RunStatus.CANCELLED), summary.total(RunStatus.SKIPPED)));
        Spread took = summary.durations();
        durationMedian.set(took.isEmpty() ? NONE : span(took.p50()));
        durationHigh.set(took.isEmpty() ? NONE : span(took.p95()));
        durationDetail.set(messages.get("dashboard.durations.detail", took.count()));
        Spread late = summary.lateness();
        latenessMedian.set(late.isEmpty() ? NONE : span(late.p50()));
        latenessHigh.set(late.isEmpty() ? NONE : span(late.p95()));
        latenessMax.set(late.isEmpty() ? NONE : span(late.max()));
        latenessDetail.set(messages.get("dashboard.lateness.detail", late.count()));
    }

    /**
     * Each bucket as a flat step, a point at its start and one just before its end: a count
     * belongs to the whole bucket, and an area drawn through single points would make a peak of it.
     */
    private static List<XYChart.Data<Number, Number>> steps(Summary summary, Function<Bucket, Double> value) {
        double width = summary.bucket().toSeconds() - STEP_GAP;
        List<XYChart.Data<Number, Number>> points = new ArrayList<>(summary.buckets().size() * 2);
        for (Bucket bucket : summary.buckets()) {
            double start = bucket.start().getEpochSecond();
            double count = value.apply(bucket);
            points.add(new XYChart.Data<>(start, count));
            points.add(new XYChart.Data<>(start + width, count));
        }
        return points;
    }

    /**
     * A point in the middle of each bucket that has a spread; buckets without one have no point,
     * so the line bridges them instead of dropping to a false zero.
     */
    private static List<XYChart.Data<Number, Number>> spreadPoints(Summary summary, Function<Bucket, Spread> spread,
                                                                   Function<Spread, Duration> value) {
        double half = summary.bucket().toSeconds() / 2.0;
        List<XYChart.Data<Number, Number>> points = new ArrayList<>();
        for (Bucket bucket : summary.buckets()) {
            Spread of = spread.apply(bucket);
            if (!of.isEmpty()) {
                points.add(new XYChart.Data<>(bucket.start().getEpochSecond() + half,
                        value.apply(of).toMillis() / 1000.0));
            }
        }
        return points;
    }

    /**
     * An axis starts at its lower bound and ticks from there: starting it at the last whole tick
     * (of the local clock) before the window puts the labels on round times.
     */
    private Instant tickBefore(Instant at, Duration tick) {
        ZonedDateTime local = at.atZone(zone);
        int step = (int) tick.toMinutes();
        int minutes = (local.getHour() * 60 + local.getMinute()) / step * step;
        return local.withHour(minutes / 60).withMinute(minutes % 60).withSecond(0).withNano(0).toInstant();
    }

    private void titles() {
        String bucket = messages.get("dashboard.bucket.minutes", span.get().bucket().toMinutes());
        runsTitle.set(messages.get("dashboard.chart.runs", bucket));
        durationsTitle.set(messages.get("dashboard.chart.durations", bucket));
        latenessTitle.set(messages.get("dashboard.chart.lateness", bucket));
    }

    /** A span short enough to read at a glance: 250 ms, 4.2 s, 3m5s. */
    String span(Duration value) {
        Duration size = value.abs();
        if (size.compareTo(Duration.ofSeconds(1)) < 0) {
            return messages.get("dashboard.unit.ms", value.toMillis());
        }
        if (size.compareTo(Duration.ofMinutes(1)) < 0) {
            return messages.get("dashboard.unit.s", value.toMillis() / 1000.0);
        }
        return Durations.format(value.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The clock time of an axis value (epoch seconds), with the date when the window spans days. */
    public String timeLabel(Number epochSeconds) {
        Instant at = Instant.ofEpochSecond(epochSeconds.longValue());
        return (span.get() == DashboardSpan.DAY ? DAY_CLOCK : CLOCK).format(at.atZone(zone));
    }

    /** A failure as one readable line. */
    static String oneLine(Throwable failure) {
        return io.redcron.desktop.ui.FailureText.oneLine(failure);
    }

    private static String firstLine(String text) {
        String stripped = text.strip();
        int end = stripped.indexOf('\n');
        return end < 0 ? stripped : stripped.substring(0, end).strip();
    }

    public ReadOnlyObjectProperty<DashboardSpan> spanProperty() { return span; }
    public ObservableList<XYChart.Series<Number, Number>> runs() { return runs; }
    public XYChart.Series<Number, Number> runsOf(RunStatus status) { return runsByStatus.get(status); }
    public ObservableList<XYChart.Series<Number, Number>> durations() { return durations; }
    public ObservableList<XYChart.Series<Number, Number>> lateness() { return lateness; }
    public ObservableList<FailingRow> failing() { return failing; }
    public ObservableList<TaskFiguresRow> perTask() { return perTask; }
    public ObservableList<SlowRunRow> slowRuns() { return slowRuns; }
    public StringProperty perTaskTitleProperty() { return perTaskTitle; }
    public StringProperty slowRunsTitleProperty() { return slowRunsTitle; }
    public DoubleProperty axisLowerProperty() { return axisLower; }
    public DoubleProperty axisUpperProperty() { return axisUpper; }
    public DoubleProperty axisTickProperty() { return axisTick; }
    public StringProperty runsTitleProperty() { return runsTitle; }
    public StringProperty durationsTitleProperty() { return durationsTitle; }
    public StringProperty latenessTitleProperty() { return latenessTitle; }
    public StringProperty successRateProperty() { return successRate; }
    public StringProperty successDetailProperty() { return successDetail; }
    public StringProperty endedProperty() { return ended; }
    public StringProperty endedDetailProperty() { return endedDetail; }
    public StringProperty durationMedianProperty() { return durationMedian; }
    public StringProperty durationHighProperty() { return durationHigh; }
    public StringProperty durationDetailProperty() { return durationDetail; }
    public StringProperty latenessMedianProperty() { return latenessMedian; }
    public StringProperty latenessHighProperty() { return latenessHigh; }
    public StringProperty latenessMaxProperty() { return latenessMax; }
    public StringProperty latenessDetailProperty() { return latenessDetail; }
    public StringProperty updatedProperty() { return updated; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }
}
