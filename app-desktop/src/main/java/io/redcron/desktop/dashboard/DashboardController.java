package io.redcron.desktop.dashboard;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.Cells;
import io.redcron.desktop.ui.ColumnWidths;
import javafx.animation.Animation;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedAreaChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.util.Duration;
import javafx.util.StringConverter;

import java.util.Map;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the dashboard to its view-model; while the screen is shown it refreshes every 10 s. */
public final class DashboardController {
    static final Duration REFRESH_EVERY = Duration.seconds(10);

    private final DashboardViewModel model;
    private javafx.animation.Timeline autoRefresh;

    @FXML private Parent root;
    @FXML private ToggleGroup spans;
    @FXML private ToggleButton hourButton;
    @FXML private ToggleButton sixHoursButton;
    @FXML private ToggleButton dayButton;
    @FXML private ProgressIndicator busy;
    @FXML private Label updated;
    @FXML private Label error;
    @FXML private Label successRate;
    @FXML private Label successDetail;
    @FXML private Label ended;
    @FXML private Label endedDetail;
    @FXML private Label durationMedian;
    @FXML private Label durationHigh;
    @FXML private Label durationDetail;
    @FXML private Label latenessMedian;
    @FXML private Label latenessHigh;
    @FXML private Label latenessMax;
    @FXML private Label latenessDetail;
    @FXML private StackedAreaChart<Number, Number> runsChart;
    @FXML private LineChart<Number, Number> durationsChart;
    @FXML private LineChart<Number, Number> latenessChart;
    @FXML private TableView<FailingRow> failingTable;
    @FXML private TableColumn<FailingRow, String> taskColumn;
    @FXML private TableColumn<FailingRow, Number> failuresColumn;
    @FXML private TableColumn<FailingRow, String> lastFailureColumn;
    @FXML private TableColumn<FailingRow, String> lastErrorColumn;
    @FXML private Tab perTaskTab;
    @FXML private TableView<TaskFiguresRow> perTaskTable;
    @FXML private TableColumn<TaskFiguresRow, String> perTaskNameColumn;
    @FXML private TableColumn<TaskFiguresRow, Number> perTaskRunsColumn;
    @FXML private TableColumn<TaskFiguresRow, Shown> durationP50Column;
    @FXML private TableColumn<TaskFiguresRow, Shown> durationP95Column;
    @FXML private TableColumn<TaskFiguresRow, Shown> durationMaxColumn;
    @FXML private TableColumn<TaskFiguresRow, Shown> latenessP50Column;
    @FXML private TableColumn<TaskFiguresRow, Shown> latenessP95Column;
    @FXML private TableColumn<TaskFiguresRow, Shown> latenessMaxColumn;
    @FXML private Tab slowRunsTab;
    @FXML private TableView<SlowRunRow> slowRunsTable;
    @FXML private TableColumn<SlowRunRow, Number> slowRunColumn;
    @FXML private TableColumn<SlowRunRow, String> slowTaskColumn;
    @FXML private TableColumn<SlowRunRow, String> slowScheduledColumn;
    @FXML private TableColumn<SlowRunRow, Shown> slowDurationColumn;
    @FXML private TableColumn<SlowRunRow, Shown> slowMedianColumn;
    @FXML private TableColumn<SlowRunRow, Shown> slowFactorColumn;

    private final java.util.function.Consumer<io.redcron.desktop.runs.RunsPreset> openRuns;

    public DashboardController(DashboardViewModel model) {
        this(model, preset -> { });
    }

    /**
     * @param openRuns shows the runs screen on a task's runs (a failing task or a task of the
     *                 per-task table, double-clicked) or on a run (a slow run)
     */
    public DashboardController(DashboardViewModel model,
                               java.util.function.Consumer<io.redcron.desktop.runs.RunsPreset> openRuns) {
        this.model = model;
        this.openRuns = openRuns;
    }

    @FXML
    private void initialize() {
        Map<Toggle, DashboardSpan> choices = Map.of(hourButton, DashboardSpan.HOUR,
                sixHoursButton, DashboardSpan.SIX_HOURS, dayButton, DashboardSpan.DAY);
        choices.forEach((toggle, span) -> toggle.setSelected(model.spanProperty().get() == span));
        spans.selectedToggleProperty().addListener((o, old, selected) -> {
            if (selected == null) {
                old.setSelected(true);
            } else {
                model.choose(choices.get(selected));
            }
        });

        timeAxis(runsChart);
        wholeNumbers((NumberAxis) runsChart.getYAxis());
        runsChart.titleProperty().bind(model.runsTitleProperty());
        runsChart.setData(model.runs());
        timeAxis(durationsChart);
        durationsChart.titleProperty().bind(model.durationsTitleProperty());
        durationsChart.setData(model.durations());
        timeAxis(latenessChart);
        latenessChart.titleProperty().bind(model.latenessTitleProperty());
        latenessChart.setData(model.lateness());

        successRate.textProperty().bind(model.successRateProperty());
        successDetail.textProperty().bind(model.successDetailProperty());
        ended.textProperty().bind(model.endedProperty());
        endedDetail.textProperty().bind(model.endedDetailProperty());
        durationMedian.textProperty().bind(model.durationMedianProperty());
        durationHigh.textProperty().bind(model.durationHighProperty());
        durationDetail.textProperty().bind(model.durationDetailProperty());
        latenessMedian.textProperty().bind(model.latenessMedianProperty());
        latenessHigh.textProperty().bind(model.latenessHighProperty());
        latenessMax.textProperty().bind(model.latenessMaxProperty());
        latenessDetail.textProperty().bind(model.latenessDetailProperty());
        updated.textProperty().bind(model.updatedProperty());
        error.textProperty().bind(model.errorProperty());
        showOnlyWithText(error);
        busy.visibleProperty().bind(model.busyProperty());

        failingTable.setItems(model.failing());
        OpensRuns.on(failingTable, row -> RunsPreset.ofTask(row.task()), openRuns);
        column(taskColumn, FailingRow::task);
        column(failuresColumn, FailingRow::failures);
        column(lastFailureColumn, FailingRow::lastFailure);
        column(lastErrorColumn, FailingRow::lastError);
        perTask();
        slowRuns();

        autoRefresh = io.redcron.desktop.ui.WhileShown.repeat(root, REFRESH_EVERY, model::refresh);
        model.load();
    }

    private void perTask() {
        perTaskTab.textProperty().bind(model.perTaskTitleProperty());
        sorted(perTaskTable, model.perTask());
        OpensRuns.on(perTaskTable, row -> RunsPreset.ofTask(row.task()), openRuns);
        column(perTaskNameColumn, TaskFiguresRow::task);
        column(perTaskRunsColumn, TaskFiguresRow::runs);
        column(durationP50Column, TaskFiguresRow::durationP50);
        column(durationP95Column, TaskFiguresRow::durationP95);
        column(durationMaxColumn, TaskFiguresRow::durationMax);
        column(latenessP50Column, TaskFiguresRow::latenessP50);
        column(latenessP95Column, TaskFiguresRow::latenessP95);
        column(latenessMaxColumn, TaskFiguresRow::latenessMax);
        ColumnWidths.remember("dashboard-per-task", perTaskTable);
    }

    private void slowRuns() {
        slowRunsTab.textProperty().bind(model.slowRunsTitleProperty());
        sorted(slowRunsTable, model.slowRuns());
        OpensRuns.on(slowRunsTable, row -> RunsPreset.ofRun(row.task(), row.runId()), openRuns);
        column(slowRunColumn, SlowRunRow::runId);
        column(slowTaskColumn, SlowRunRow::task);
        Cells.timeColumn(slowScheduledColumn, SlowRunRow::scheduled, SlowRunRow::otherZones);
        slowScheduledColumn.setText(model.timeHeader("dashboard.column.scheduled"));
        column(slowDurationColumn, SlowRunRow::duration);
        column(slowMedianColumn, SlowRunRow::taskMedian);
        column(slowFactorColumn, SlowRunRow::factor);
        ColumnWidths.remember("dashboard-slow-runs", slowRunsTable);
    }

    /** The rows in the order of the column the user sorts by, kept as every refresh replaces them. */
    private static <T> void sorted(TableView<T> table, ObservableList<T> rows) {
        SortedList<T> sorted = new SortedList<>(rows);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
    }

    /** Every chart shares the time axis of the window, labelled in clock time. */
    private void timeAxis(XYChart<Number, Number> chart) {
        NumberAxis axis = (NumberAxis) chart.getXAxis();
        axis.setAutoRanging(false);
        axis.lowerBoundProperty().bind(model.axisLowerProperty());
        axis.upperBoundProperty().bind(model.axisUpperProperty());
        axis.tickUnitProperty().bind(model.axisTickProperty());
        axis.setMinorTickVisible(false);
        axis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number value) {
                return model.timeLabel(value);
            }

            @Override
            public Number fromString(String text) {
                throw new UnsupportedOperationException("axis labels are not parsed");
            }
        });
    }

    /** Runs are counted in whole numbers: a tick between two of them gets no label. */
    private static void wholeNumbers(NumberAxis axis) {
        axis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number value) {
                double v = value.doubleValue();
                return v == Math.rint(v) ? Long.toString((long) v) : "";
            }

            @Override
            public Number fromString(String text) {
                throw new UnsupportedOperationException("axis labels are not parsed");
            }
        });
    }

    /** Whether the periodic refresh runs: only while the screen is in a scene. */
    boolean refreshing() {
        return autoRefresh.getStatus() == javafx.animation.Animation.Status.RUNNING;
    }

    @FXML
    private void onRefresh() {
        model.load();
    }
}
