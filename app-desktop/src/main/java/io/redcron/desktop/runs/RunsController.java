package io.redcron.desktop.runs;

import io.redcron.desktop.ui.ColumnWidths;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxDebouncer;
import io.redcron.desktop.ui.KeptSelection;
import io.redcron.desktop.ui.DialogService.Confirmation;
import io.redcron.desktop.ui.Views;
import io.redcron.desktop.ui.WhileShown;
import io.redcron.domain.RunStatus;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.geometry.Side;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import org.controlsfx.control.CheckComboBox;

import java.util.List;
import java.util.ResourceBundle;
import java.util.stream.Collectors;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.converter;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the runs screen to its view-model, and asks the operator before cancelling. */
public final class RunsController {
    /** How often the history refreshes while the screen is shown. */
    static final Duration REFRESH_EVERY = Duration.seconds(5);
    /** How long typing pauses before task names are offered. */
    static final java.time.Duration COMPLETION_PAUSE = java.time.Duration.ofMillis(250);

    private final RunsViewModel model;
    private final Views views;
    private final DialogService dialogs;
    private TriggerWindow trigger;
    private RunOutputWindow outputWindow;

    @FXML private ResourceBundle resources;
    @FXML private BorderPane root;
    @FXML private TextField taskFilter;
    @FXML private CheckComboBox<RunStatus> statusFilter;
    @FXML private ComboBox<RunsViewModel.TriggerChoice> triggerFilter;
    @FXML private DatePicker fromFilter;
    @FXML private DatePicker toFilter;
    @FXML private ProgressIndicator loading;
    @FXML private Button retry;
    @FXML private Button cancel;
    @FXML private Button openOutput;
    @FXML private Button pin;
    @FXML private Label detailPin;
    @FXML private javafx.scene.layout.HBox workflowStepBox;
    @FXML private Label detailWorkflowStep;
    @FXML private ProgressIndicator acting;
    @FXML private io.redcron.desktop.ui.NoticeBar notice;
    @FXML private Label error;
    @FXML private HBox newRunsBar;
    @FXML private Label newRunsText;
    @FXML private Hyperlink showNewRuns;
    @FXML private HBox hiddenBar;
    @FXML private HBox hiddenChips;
    @FXML private TableView<RunRow> table;
    @FXML private TableColumn<RunRow, String> idColumn;
    @FXML private TableColumn<RunRow, String> taskColumn;
    @FXML private TableColumn<RunRow, String> triggerColumn;
    @FXML private TableColumn<RunRow, String> scheduledColumn;
    @FXML private TableColumn<RunRow, RunRow> statusColumn;
    @FXML private TableColumn<RunRow, String> attemptColumn;
    @FXML private TableColumn<RunRow, String> nodeColumn;
    @FXML private TableColumn<RunRow, String> durationColumn;
    @FXML private TableColumn<RunRow, String> exitColumn;
    @FXML private Label detailTitle;
    @FXML private Label live;
    @FXML private GridPane details;
    @FXML private TextArea output;
    @FXML private javafx.scene.control.Tab attemptsTab;
    @FXML private TableView<AttemptRow> attemptsTable;
    @FXML private javafx.scene.control.Tab shardsTab;
    @FXML private TableView<RunRow> shardsTable;
    @FXML private TableColumn<RunRow, String> shardIndexColumn;
    @FXML private TableColumn<RunRow, String> shardStatusColumn;
    @FXML private TableColumn<RunRow, String> shardNodeColumn;
    @FXML private TableColumn<RunRow, String> shardAttemptColumn;
    @FXML private TableColumn<RunRow, String> shardDurationColumn;
    @FXML private TableColumn<RunRow, String> shardErrorColumn;
    @FXML private TableColumn<AttemptRow, String> attemptNumberColumn;
    @FXML private TableColumn<AttemptRow, String> attemptNodeColumn;
    @FXML private TableColumn<AttemptRow, String> attemptStartedColumn;
    @FXML private TableColumn<AttemptRow, String> attemptEndedColumn;
    @FXML private TableColumn<AttemptRow, String> attemptHowColumn;
    @FXML private TableColumn<AttemptRow, String> attemptExitColumn;
    @FXML private TableColumn<AttemptRow, String> attemptWaitColumn;
    @FXML private TableColumn<AttemptRow, String> attemptErrorColumn;
    @FXML private TextArea attemptOutput;
    @FXML private Label status;
    @FXML private Button previous;
    @FXML private Button next;

    private final RunsPreset preset;

    public RunsController(RunsViewModel model, Views views, DialogService dialogs) {
        this(model, views, dialogs, null);
    }

    /** @param preset what another screen asked the runs screen to open on; null for the usual first page */
    public RunsController(RunsViewModel model, Views views, DialogService dialogs, RunsPreset preset) {
        this.model = model;
        this.views = views;
        this.dialogs = dialogs;
        this.preset = preset;
    }

    @FXML
    private void initialize() {
        bindFilters();
        trigger = new TriggerWindow(views, dialogs, resources.getString("runs.trigger.title"), model::triggered);
        outputWindow = new RunOutputWindow(dialogs, resources);
        bindTable();
        bindAttempts();
        bindDetails();
        loading.visibleProperty().bind(model.loadingProperty());
        acting.visibleProperty().bind(model.actingProperty());
        notice.bind(model.noticeProperty(), model::now, model.messages());
        error.textProperty().bind(model.errorProperty());
        showOnlyWithText(error);
        bindNewRuns();
        bindHiddenTasks();
        retry.disableProperty().bind(model.canRetryProperty().not());
        cancel.disableProperty().bind(model.canCancelProperty().not());
        openOutput.disableProperty().bind(model.selectedProperty().isNull());
        pin.textProperty().bind(pinLabel());
        pin.disableProperty().bind(model.canPinProperty().not());
        status.textProperty().bind(model.statusProperty());
        previous.disableProperty().bind(model.pageProperty().isEqualTo(0));
        next.disableProperty().bind(Bindings.createBooleanBinding(() -> !model.hasNextPage(),
                model.pageProperty(), model.totalProperty()));
        // Refresh only while shown; leaving the screen also stops any live tail.
        WhileShown.repeat(root, REFRESH_EVERY, model::refresh, model::stopFollowing);
        if (preset == null) {
            model.load();
        } else {
            model.open(preset);
        }
    }

    private void bindFilters() {
        taskFilter.textProperty().bindBidirectional(model.taskNameProperty());
        taskFilter.setOnAction(e -> {
            model.completion().dismiss();
            model.filtersChanged();
        });
        bindTaskCompletion();
        statusFilter.getItems().setAll(RunStatus.values());
        statusFilter.setConverter(converter(s -> resources.getString("runs.status." + s.name())));
        statusFilter.getCheckModel().getCheckedItems().addListener((ListChangeListener<RunStatus>) change -> {
            List<RunStatus> checked = List.copyOf(statusFilter.getCheckModel().getCheckedItems());
            model.statuses().retainAll(checked);
            model.statuses().addAll(checked);
            // The title says what is chosen: a closed check list shows nothing else.
            statusFilter.setTitle(checked.isEmpty() ? resources.getString("runs.filter.status")
                    : checked.stream().map(statusFilter.getConverter()::toString).collect(Collectors.joining(", ")));
            model.filtersChanged();
        });
        triggerFilter.getItems().setAll(RunsViewModel.TriggerChoice.values());
        triggerFilter.setConverter(converter(c -> resources.getString("runs.filter.trigger." + c.name())));
        triggerFilter.valueProperty().bindBidirectional(model.triggerProperty());
        triggerFilter.setOnAction(e -> model.filtersChanged());
        fromFilter.valueProperty().bindBidirectional(model.fromProperty());
        toFilter.valueProperty().bindBidirectional(model.toProperty());
        model.fromProperty().addListener(o -> model.filtersChanged());
        model.toProperty().addListener(o -> model.filtersChanged());
    }

    /** The selected run's attempts, oldest first; choosing one shows the end of its own output. */
    private void bindAttempts() {
        attemptsTable.setItems(model.attempts());
        column(attemptNumberColumn, row -> Integer.toString(row.attempt()));
        column(attemptNodeColumn, AttemptRow::node);
        column(attemptStartedColumn, AttemptRow::started);
        column(attemptEndedColumn, AttemptRow::ended);
        column(attemptHowColumn, AttemptRow::how);
        column(attemptExitColumn, AttemptRow::exitCode);
        column(attemptWaitColumn, AttemptRow::waitBefore);
        column(attemptErrorColumn, AttemptRow::error);
        attemptsTab.textProperty().bind(model.attemptsTitleProperty());
        shardsTable.setItems(model.shards());
        column(shardIndexColumn, RunRow::shard);
        column(shardStatusColumn, RunRow::status);
        column(shardNodeColumn, RunRow::node);
        column(shardAttemptColumn, RunRow::attempt);
        column(shardDurationColumn, RunRow::duration);
        column(shardErrorColumn, RunRow::error);
        shardsTab.textProperty().bind(model.shardsTitleProperty());
        attemptOutput.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            AttemptRow chosen = attemptsTable.getSelectionModel().getSelectedItem();
            return chosen == null ? "" : chosen.outputTail();
        }, attemptsTable.getSelectionModel().selectedItemProperty()));
    }

    private void showSelected(RunRow run) {
        RunRow shown = table.getSelectionModel().getSelectedItem();
        if (run == null || shown != null && shown.id() == run.id()) {
            return;
        }
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).id() == run.id()) {
                table.getSelectionModel().clearAndSelect(i);
                table.scrollTo(i);
                return;
            }
        }
    }

    private void bindTable() {
        // Rows change in place on a refresh and are replaced on a load: the selection follows the run.
        KeptSelection.show(table, model.rows(), RunRow::id);
        ColumnWidths.remember("runs", table);
        column(idColumn, row -> Long.toString(row.id()));
        column(taskColumn, RunRow::task);
        column(triggerColumn, RunRow::trigger);
        column(scheduledColumn, RunRow::scheduled);
        scheduledColumn.setText(model.header("runs.column.scheduled"));
        column(attemptColumn, RunRow::attempt);
        column(nodeColumn, RunRow::node);
        column(durationColumn, RunRow::duration);
        column(exitColumn, RunRow::exitCode);
        statusColumn.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue()));
        statusColumn.getProperties().put(io.redcron.desktop.ui.FitColumns.SHOWN_TEXT,
                (java.util.function.Function<RunRow, String>) RunRow::status);
        taskColumn.getProperties().put(io.redcron.desktop.ui.FitColumns.NAMES_ROW, true);
        scheduledColumn.getProperties().put(io.redcron.desktop.ui.FitColumns.KEEP_WHOLE, true);
        statusColumn.setCellFactory(c -> new RunStatusCell());
        table.getSelectionModel().selectedItemProperty().addListener((o, old, row) -> model.select(row));
        // A run chosen for the operator (sent from another screen, or just made) is shown selected
        // in the list too, once its row is there.
        model.selectedProperty().addListener((o, old, run) -> showSelected(run));
        model.rows().addListener((javafx.collections.ListChangeListener<RunRow>) change ->
                showSelected(model.selectedProperty().get()));
        table.setRowFactory(t -> RunRowActions.row(resources.getString("runs.output.open"), this::onOpenOutput,
                resources.getString("runs.hide.task"), model::hideTaskOf, pinLabel(), model.canPinProperty(),
                this::onPin));
    }

    /** The bar above the table that announces runs a refresh found, and shows them on a click. */
    private void bindNewRuns() {
        newRunsText.textProperty().bind(model.newRunsTextProperty());
        newRunsBar.visibleProperty().bind(model.newRunsTextProperty().isNotEmpty());
        newRunsBar.managedProperty().bind(newRunsBar.visibleProperty());
    }

    /** One removable chip per hidden task: "nightly-backup ×". */
    private void bindHiddenTasks() {
        Runnable chips = () -> {
            hiddenChips.getChildren().setAll(model.hiddenTasks().stream().map(task -> {
                Button chip = new Button(task.name() + " \u00d7");
                chip.getStyleClass().addAll("small", "hidden-task");
                chip.setTooltip(new Tooltip(java.text.MessageFormat.format(resources.getString("runs.hidden.remove"),
                        task.name())));
                chip.setOnAction(e -> model.showTask(task.id()));
                return chip;
            }).toList());
            hiddenBar.setVisible(!model.hiddenTasks().isEmpty());
        };
        hiddenBar.managedProperty().bind(hiddenBar.visibleProperty());
        model.hiddenTasks().addListener((ListChangeListener<HiddenTasks.Task>) change -> chips.run());
        chips.run();
    }

    /** Task names containing what is typed, in a menu under the field; choosing one filters by it. */
    private void bindTaskCompletion() {
        model.completion().debounceWith(new FxDebouncer(COMPLETION_PAUSE));
        ContextMenu suggestions = new ContextMenu();
        suggestions.getStyleClass().add("task-completion");
        taskFilter.textProperty().addListener((o, old, text) -> {
            if (taskFilter.isFocused()) {
                model.completion().typed(text);
            }
        });
        taskFilter.focusedProperty().addListener((o, was, focused) -> {
            if (!focused) {
                model.completion().dismiss();
            }
        });
        model.completion().names().addListener((ListChangeListener<String>) change -> {
            List<String> names = List.copyOf(model.completion().names());
            if (names.isEmpty() || !taskFilter.isFocused()) {
                suggestions.hide();
                return;
            }
            suggestions.getItems().setAll(names.stream().map(name -> {
                // A label, not a menu item's text: a name may hold an underscore, a mnemonic there.
                CustomMenuItem item = new CustomMenuItem(new Label(name), true);
                item.setOnAction(e -> model.chooseTask(name));
                return item;
            }).toList());
            if (!suggestions.isShowing()) {
                suggestions.show(taskFilter, Side.BOTTOM, 0, 0);
            }
        });
    }

    /** The workflow run whose step the selected run is, in a window beside this one; its steps' runs open here. */
    @FXML
    private void onOpenWorkflowRun() {
        io.redcron.workflow.StepRun step = model.workflowStepProperty().get();
        if (step != null) {
            new io.redcron.desktop.workflows.WorkflowRunWindow(views, dialogs, model.messages(), model::open)
                    .open(step.workflowRunId());
        }
    }

    private void bindDetails() {
        detailTitle.textProperty().bind(model.detailTitleProperty());
        live.visibleProperty().bind(model.followingProperty());
        RunDetails.bindFields(details, model.selectedProperty());
        detailPin.textProperty().bind(model.pinTextProperty());
        showOnlyWithText(detailPin);
        detailWorkflowStep.textProperty().bind(model.workflowStepTextProperty());
        workflowStepBox.visibleProperty().bind(model.workflowStepProperty().isNotNull());
        workflowStepBox.managedProperty().bind(workflowStepBox.visibleProperty());
        OutputPreview.show(output, model.outputProperty());
    }

    @FXML
    private void onRefresh() {
        model.load();
    }

    @FXML
    private void onShowNewRuns() {
        model.showNewRuns();
    }

    @FXML
    private void onPrevious() {
        model.previousPage();
    }

    @FXML
    private void onNext() {
        model.nextPage();
    }

    @FXML
    private void onRetry() {
        // A retry starts the task again at once: asked like every action that runs something.
        if (model.selectedProperty().get() != null && dialogs.confirm(Confirmation.of(
                resources.getString("runs.retry.confirm.title"), model.retryQuestion())
                .withAnswers(resources.getString("runs.retry.confirm.yes"), resources.getString("runs.cancel.confirm.no")))) {
            model.retry();
        }
    }

    @FXML
    private void onCancel() {
        if (model.selectedProperty().get() != null && dialogs.confirm(cancelQuestion())) {
            model.cancel();
        }
    }

    private Confirmation cancelQuestion() {
        return Confirmation.of(resources.getString("runs.cancel.confirm.title"), model.cancelQuestion())
                .withAnswers(resources.getString("runs.cancel.confirm.yes"), resources.getString("runs.cancel.confirm.no"));
    }

    /** "Pin run…" for a run that is not pinned, "Unpin run" for one that is. */
    private javafx.beans.binding.StringBinding pinLabel() {
        return Bindings.createStringBinding(() -> resources.getString(model.pinProperty().get() == null
                ? "runs.action.pin" : "runs.action.unpin"), model.pinProperty());
    }

    @FXML
    private void onPin() {
        if (model.selectedProperty().get() == null) {
            return;
        }
        if (model.isSelectedPinned()) {
            model.unpin();
            return;
        }
        dialogs.askText(new DialogService.TextQuestion(resources.getString("runs.pin.title"), model.pinQuestion(),
                resources.getString("runs.pin.note"), resources.getString("runs.pin.yes"))).ifPresent(model::pin);
    }

    @FXML
    private void onOpenOutput() {
        RunOutputViewModel output = model.outputOfSelected();
        if (output != null) {
            outputWindow.open(output);
        }
    }

    @FXML
    private void onTrigger() {
        trigger.show(model.selectedTaskName());
    }
}
