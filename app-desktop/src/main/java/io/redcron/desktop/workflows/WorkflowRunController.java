package io.redcron.desktop.workflows;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.DialogService.DialogWindow;
import io.redcron.desktop.ui.KeptSelection;
import io.redcron.desktop.ui.NoticeBar;
import io.redcron.desktop.ui.WhileShown;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.util.Duration;

import java.util.function.Consumer;
import java.util.function.LongConsumer;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/**
 * Binds a workflow run's window: the graph with each step's state (read again every two seconds
 * while shown), the steps as rows, and the way to a step's run: a click selects a step, a double
 * click (or Open step run) shows its task run on the runs screen, or the run of the workflow it
 * started in a window like this one.
 */
public final class WorkflowRunController {
    static final Duration REFRESH = Duration.seconds(2);

    private final WorkflowRunViewModel model;
    private Consumer<RunsPreset> openRuns = preset -> { };
    private LongConsumer openWorkflowRun = id -> { };
    private DialogWindow window;

    @FXML private Label title;
    @FXML private Label summary;
    @FXML private Label error;
    @FXML private Label stepDetail;
    @FXML private NoticeBar notice;
    @FXML private ProgressIndicator busy;
    @FXML private Button openStep;
    @FXML private Button cancelRun;
    @FXML private Button rerunRun;
    @FXML private WorkflowGraphPane graph;
    @FXML private TableView<StepRunRow> steps;
    @FXML private TableColumn<StepRunRow, String> stepColumn;
    @FXML private TableColumn<StepRunRow, String> targetColumn;
    @FXML private TableColumn<StepRunRow, String> statusColumn;
    @FXML private TableColumn<StepRunRow, String> runColumn;
    @FXML private TableColumn<StepRunRow, String> startedColumn;
    @FXML private TableColumn<StepRunRow, String> finishedColumn;
    @FXML private TableColumn<StepRunRow, String> reasonColumn;

    public WorkflowRunController(WorkflowRunViewModel model) {
        this.model = model;
    }

    public WorkflowRunViewModel model() {
        return model;
    }

    /**
     * Shows run {@code runId}; a step's task run opens through {@code runs}, a step's workflow run
     * through {@code workflowRuns}.
     */
    void show(long runId, Consumer<RunsPreset> runs, LongConsumer workflowRuns) {
        openRuns = runs;
        openWorkflowRun = workflowRuns;
        model.open(runId);
    }

    void shownIn(DialogWindow shownIn) {
        window = shownIn;
    }

    @FXML
    private void initialize() {
        title.textProperty().bind(model.titleProperty());
        summary.textProperty().bind(model.summaryProperty());
        error.textProperty().bind(model.errorProperty());
        showOnlyWithText(error);
        notice.bind(model.noticeProperty(), model.clock()::instant, model.messages());
        busy.visibleProperty().bind(model.busyProperty());
        KeptSelection.show(steps, model.steps(), StepRunRow::step);
        io.redcron.desktop.ui.ColumnWidths.remember("workflow-steps", steps);
        steps.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, key -> {
            StepRunRow selected = steps.getSelectionModel().getSelectedItem();
            if (key.getCode() == javafx.scene.input.KeyCode.ENTER && selected != null) {
                key.consume();
                open(selected);
            }
        });
        column(stepColumn, StepRunRow::step);
        column(targetColumn, row -> row.target().toString());
        column(statusColumn, StepRunRow::statusText);
        column(runColumn, row -> row.runId() != null ? Long.toString(row.runId())
                : row.childRunId() != null ? "\u2192 " + row.childRunId() : "");
        column(startedColumn, StepRunRow::started);
        column(finishedColumn, StepRunRow::finished);
        column(reasonColumn, StepRunRow::reason);
        steps.getSelectionModel().selectedItemProperty().addListener((o, before, after) -> {
            if (after != null) {
                model.selectedProperty().set(after);
            }
        });
        steps.setRowFactory(view -> {
            TableRow<StepRunRow> row = new TableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getClickCount() == 2 && !row.isEmpty()) {
                    open(row.getItem());
                }
            });
            return row;
        });
        stepDetail.textProperty().bind(Bindings.createStringBinding(() -> model.detail(model.selectedProperty().get()),
                model.selectedProperty()));
        showOnlyWithText(stepDetail);
        model.selectedProperty().addListener((o, before, after) -> {
            graph.select(after == null ? -1 : after.index());
            if (after != null && steps.getSelectionModel().getSelectedItem() != after) {
                steps.getSelectionModel().select(after);
            }
        });
        graph.setOnStep(model::select);
        graph.setOnStepOpened(index -> {
            if (model.selectedProperty().get() != null) {
                open(model.selectedProperty().get());
            }
        });
        model.layoutProperty().addListener((o, before, after) -> {
            if (after != null) {
                graph.show(after, model.messages(), index -> "");
                decorate();
            }
        });
        model.steps().addListener((ListChangeListener<StepRunRow>) change -> decorate());
        openStep.disableProperty().bind(Bindings.createBooleanBinding(() -> model.selectedProperty().get() == null
                || !model.selectedProperty().get().opens(), model.selectedProperty()));
        cancelRun.disableProperty().bind(model.finishedProperty().or(model.busyProperty())
                .or(model.runProperty().isNull()));
        rerunRun.disableProperty().bind(model.finishedProperty().not().or(model.busyProperty()));
        WhileShown.repeat(graph, REFRESH, model::refresh);
    }

    /** Each box takes its step's state: its colour, its words and its reason as the tooltip. */
    private void decorate() {
        for (StepRunRow row : model.steps()) {
            graph.decorate(row.index(), row.statusText(), StepLook.STATUS_CLASSES, StepLook.styleClass(row.status()),
                    row.reason());
        }
    }

    private void open(StepRunRow row) {
        RunsPreset preset = model.runOf(row);
        if (preset != null) {
            openRuns.accept(preset);
        } else if (row.childRunId() != null) {
            openWorkflowRun.accept(row.childRunId());
        }
    }

    @FXML
    private void onOpenStep() {
        StepRunRow row = model.selectedProperty().get();
        if (row != null) {
            open(row);
        }
    }

    @FXML
    private void onCancel() {
        model.cancel();
    }

    @FXML
    private void onRerun() {
        model.rerun();
    }

    @FXML
    private void onClose() {
        if (window != null) {
            window.close();
        }
    }
}
