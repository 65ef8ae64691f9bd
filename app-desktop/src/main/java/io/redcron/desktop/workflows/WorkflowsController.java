package io.redcron.desktop.workflows;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.KeptSelection;
import io.redcron.desktop.ui.NoticeBar;
import io.redcron.desktop.ui.Views;
import io.redcron.desktop.ui.WhileShown;
import io.redcron.workflow.WorkflowRun;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.util.Duration;

import java.text.MessageFormat;
import java.util.ResourceBundle;
import java.util.function.Consumer;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/**
 * Binds the workflows screen to its view-model: the list and the selected workflow's runs, read
 * again every two seconds while shown (rows keep their places), the editor and a run's graph in
 * windows of their own, a delete confirmed first.
 */
public final class WorkflowsController {
    static final Duration REFRESH = Duration.seconds(2);

    private final WorkflowsViewModel model;
    private final Views views;
    private final DialogService dialogs;
    private final Consumer<RunsPreset> openRuns;

    @FXML private ResourceBundle resources;
    @FXML private TableView<WorkflowRow> table;
    @FXML private TableColumn<WorkflowRow, String> nameColumn;
    @FXML private TableColumn<WorkflowRow, String> scheduleColumn;
    @FXML private TableColumn<WorkflowRow, String> stateColumn;
    @FXML private TableColumn<WorkflowRow, String> stepsColumn;
    @FXML private TableColumn<WorkflowRow, String> lastRunColumn;
    @FXML private TableView<WorkflowRunRow> runs;
    @FXML private TableColumn<WorkflowRunRow, String> runIdColumn;
    @FXML private TableColumn<WorkflowRunRow, String> runStatusColumn;
    @FXML private TableColumn<WorkflowRunRow, String> runTriggerColumn;
    @FXML private TableColumn<WorkflowRunRow, String> runStartedColumn;
    @FXML private TableColumn<WorkflowRunRow, String> runFinishedColumn;
    @FXML private TableColumn<WorkflowRunRow, String> runErrorColumn;
    @FXML private Label runsTitle;
    @FXML private Button edit;
    @FXML private Button pause;
    @FXML private Button resume;
    @FXML private Button delete;
    @FXML private Button trigger;
    @FXML private Button openRun;
    @FXML private Button cancelRun;
    @FXML private Button rerunRun;
    @FXML private TextArea triggerParams;
    @FXML private ProgressIndicator busy;
    @FXML private NoticeBar notice;
    @FXML private Label error;

    public WorkflowsController(WorkflowsViewModel model, Views views, DialogService dialogs,
                               Consumer<RunsPreset> openRuns) {
        this.model = model;
        this.views = views;
        this.dialogs = dialogs;
        this.openRuns = openRuns;
    }

    public WorkflowsViewModel model() {
        return model;
    }

    @FXML
    private void initialize() {
        KeptSelection.show(table, model.workflows(), WorkflowRow::name);
        column(nameColumn, WorkflowRow::name);
        column(scheduleColumn, WorkflowRow::schedule);
        column(stateColumn, WorkflowRow::state);
        column(stepsColumn, row -> Integer.toString(row.steps()));
        column(lastRunColumn, WorkflowRow::lastRun);
        table.getSelectionModel().selectedItemProperty().addListener((o, before, after) -> {
            if (after != null) {
                model.selectedProperty().set(after);
            }
        });
        table.setRowFactory(view -> {
            TableRow<WorkflowRow> row = new TableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getClickCount() == 2 && !row.isEmpty()) {
                    onEdit();
                }
            });
            return row;
        });
        io.redcron.desktop.ui.ColumnWidths.remember("workflows", table);
        KeptSelection.show(runs, model.runs(), WorkflowRunRow::id);
        io.redcron.desktop.ui.ColumnWidths.remember("workflow-runs", runs);
        runs.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, key -> {
            WorkflowRunRow selected = runs.getSelectionModel().getSelectedItem();
            if (key.getCode() == javafx.scene.input.KeyCode.ENTER && selected != null) {
                key.consume();
                openRun(selected.id());
            }
        });
        column(runIdColumn, row -> Long.toString(row.id()));
        column(runStatusColumn, WorkflowRunRow::status);
        column(runTriggerColumn, WorkflowRunRow::trigger);
        column(runStartedColumn, WorkflowRunRow::started);
        column(runFinishedColumn, WorkflowRunRow::finished);
        column(runErrorColumn, WorkflowRunRow::error);
        runs.getSelectionModel().selectedItemProperty().addListener((o, before, after) ->
                model.selectedRunProperty().set(after));
        runs.setRowFactory(view -> {
            TableRow<WorkflowRunRow> row = new TableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getClickCount() == 2 && !row.isEmpty()) {
                    openRun(row.getItem().id());
                }
            });
            return row;
        });
        runsTitle.textProperty().bind(Bindings.createStringBinding(() -> model.selectedProperty().get() == null
                ? resources.getString("workflows.runs.none")
                : MessageFormat.format(resources.getString("workflows.runs.title"), model.selectedProperty().get().name()),
                model.selectedProperty()));
        bindActions();
        triggerParams.textProperty().bindBidirectional(model.triggerParamsProperty());
        busy.visibleProperty().bind(model.busyProperty());
        notice.bind(model.noticeProperty(), model.workspace().clock()::instant, model.messages());
        error.textProperty().bind(model.errorProperty());
        showOnlyWithText(error);
        WhileShown.repeat(table, REFRESH, model::refresh);
        model.refresh();
    }

    private void bindActions() {
        BooleanBinding none = model.selectedProperty().isNull().or(model.busyProperty());
        edit.disableProperty().bind(none);
        delete.disableProperty().bind(none);
        trigger.disableProperty().bind(none);
        pause.disableProperty().bind(none.or(Bindings.createBooleanBinding(() -> model.selectedProperty().get() != null
                && !model.selectedProperty().get().enabled(), model.selectedProperty())));
        resume.disableProperty().bind(none.or(Bindings.createBooleanBinding(() -> model.selectedProperty().get() != null
                && model.selectedProperty().get().enabled(), model.selectedProperty())));
        BooleanBinding noRun = model.selectedRunProperty().isNull().or(model.busyProperty());
        openRun.disableProperty().bind(model.selectedRunProperty().isNull());
        cancelRun.disableProperty().bind(noRun.or(Bindings.createBooleanBinding(() -> model.selectedRunProperty().get() != null
                && model.selectedRunProperty().get().run().status().isFinal(), model.selectedRunProperty())));
        rerunRun.disableProperty().bind(noRun.or(Bindings.createBooleanBinding(() -> model.selectedRunProperty().get() != null
                && !model.selectedRunProperty().get().run().status().isFinal(), model.selectedRunProperty())));
    }

    @FXML
    private void onNew() {
        new WorkflowEditorWindow(views, dialogs, model.messages()).open(null,
                saved -> model.saved(saved, true));
    }

    @FXML
    private void onEdit() {
        WorkflowRow row = model.selectedProperty().get();
        if (row != null) {
            new WorkflowEditorWindow(views, dialogs, model.messages()).open(row.workflow(),
                    saved -> model.saved(saved, false));
        }
    }

    @FXML
    private void onPause() {
        model.setEnabled(false);
    }

    @FXML
    private void onResume() {
        model.setEnabled(true);
    }

    @FXML
    private void onTrigger() {
        model.trigger(this::openRun);
    }

    private void openRun(WorkflowRun run) {
        openRun(run.id());
    }

    private void openRun(long id) {
        new WorkflowRunWindow(views, dialogs, model.messages(), openRuns).open(id);
    }

    @FXML
    private void onDelete() {
        WorkflowRow row = model.selectedProperty().get();
        if (row != null && dialogs.confirm(DialogService.Confirmation.of(resources.getString("workflows.delete"),
                MessageFormat.format(resources.getString("workflows.delete.confirm"), row.name())))) {
            model.delete();
        }
    }

    @FXML
    private void onOpenRun() {
        WorkflowRunRow row = model.selectedRunProperty().get();
        if (row != null) {
            openRun(row.id());
        }
    }

    @FXML
    private void onCancelRun() {
        model.cancelRun();
    }

    @FXML
    private void onRerunRun() {
        model.rerunRun();
    }

    @FXML
    private void onRefresh() {
        model.refresh();
    }
}
