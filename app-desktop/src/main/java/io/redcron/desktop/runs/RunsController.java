package io.redcron.desktop.runs;

import io.redcron.domain.RunStatus;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.event.ActionEvent;
import javafx.fxml.FXML;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;

import java.util.List;
import java.util.ResourceBundle;
import java.util.function.Function;
import java.util.stream.Collectors;

import static io.redcron.desktop.ui.Cells.column;

/** Binds the runs screen to its view-model, and asks the operator before cancelling. */
public final class RunsController {
    /** How often the history refreshes while the screen is shown. */
    static final Duration REFRESH_EVERY = Duration.seconds(5);

    private final RunsViewModel model;
    private Dialog<ButtonType> triggerDialog;

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
    @FXML private ProgressIndicator acting;
    @FXML private Label notice;
    @FXML private Label error;
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
    @FXML private Label detailStatus;
    @FXML private Label detailTrigger;
    @FXML private Label detailScheduled;
    @FXML private Label detailNode;
    @FXML private Label detailStarted;
    @FXML private Label detailAttempt;
    @FXML private Label detailFinished;
    @FXML private Label detailExit;
    @FXML private Label detailDuration;
    @FXML private Label detailParams;
    @FXML private Label detailError;
    @FXML private TextArea output;
    @FXML private Label status;
    @FXML private Button previous;
    @FXML private Button next;
    @FXML private VBox triggerPane;
    @FXML private TextField triggerTask;
    @FXML private Label triggerTaskError;
    @FXML private VBox paramRows;
    @FXML private ProgressIndicator triggerBusy;
    @FXML private Label triggerError;

    public RunsController(RunsViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        bindFilters();
        bindTable();
        bindDetails();
        bindTriggerForm();
        loading.visibleProperty().bind(model.loadingProperty());
        acting.visibleProperty().bind(model.actingProperty());
        notice.textProperty().bind(model.noticeProperty());
        error.textProperty().bind(model.errorProperty());
        collapseWhenEmpty(notice);
        collapseWhenEmpty(error);
        retry.disableProperty().bind(model.canRetryProperty().not());
        cancel.disableProperty().bind(model.canCancelProperty().not());
        status.textProperty().bind(model.statusProperty());
        previous.disableProperty().bind(model.pageProperty().isEqualTo(0));
        next.disableProperty().bind(Bindings.createBooleanBinding(() -> !model.hasNextPage(),
                model.pageProperty(), model.totalProperty()));
        // Refresh only while shown; leaving the screen also stops any live tail.
        io.redcron.desktop.ui.WhileShown.repeat(root, REFRESH_EVERY, model::refresh, model::stopFollowing);
        model.load();
    }

    private void bindFilters() {
        taskFilter.textProperty().bindBidirectional(model.taskNameProperty());
        taskFilter.setOnAction(e -> model.filtersChanged());
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

    private void bindTable() {
        table.setItems(model.rows());
        io.redcron.desktop.ui.ColumnWidths.remember("runs", table);
        column(idColumn, row -> Long.toString(row.id()));
        column(taskColumn, RunRow::task);
        column(triggerColumn, RunRow::trigger);
        column(scheduledColumn, RunRow::scheduled);
        column(attemptColumn, RunRow::attempt);
        column(nodeColumn, RunRow::node);
        column(durationColumn, RunRow::duration);
        column(exitColumn, RunRow::exitCode);
        statusColumn.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue()));
        statusColumn.setCellFactory(c -> new StatusCell());
        table.getSelectionModel().selectedItemProperty().addListener((o, old, row) -> model.select(row));
        // A reload replaces the rows: keep the same run selected.
        model.rows().addListener((ListChangeListener<RunRow>) change -> {
            RunRow chosen = model.selectedProperty().get();
            if (chosen != null) {
                model.rows().stream().filter(row -> row.id() == chosen.id()).findFirst()
                        .ifPresent(row -> table.getSelectionModel().select(row));
            }
        });
    }

    private void bindDetails() {
        detailTitle.textProperty().bind(model.detailTitleProperty());
        detail(detailStatus, RunRow::status);
        detail(detailTrigger, RunRow::trigger);
        detail(detailScheduled, RunRow::scheduled);
        detail(detailNode, RunRow::node);
        detail(detailStarted, RunRow::started);
        detail(detailAttempt, RunRow::attempt);
        detail(detailFinished, RunRow::finished);
        detail(detailExit, RunRow::exitCode);
        detail(detailDuration, RunRow::duration);
        detail(detailParams, RunRow::params);
        detail(detailError, RunRow::error);
        live.visibleProperty().bind(model.followingProperty());
        output.setText(model.outputProperty().get());
        // Appending keeps a followed output scrolled to its end.
        model.outputProperty().addListener((o, old, text) -> {
            if (!old.isEmpty() && text.startsWith(old)) {
                output.appendText(text.substring(old.length()));
            } else {
                output.setText(text);
            }
        });
    }

    private void bindTriggerForm() {
        triggerBusy.visibleProperty().bind(model.triggerForm().busyProperty());
        triggerError.textProperty().bind(model.triggerForm().errorProperty());
        triggerTaskError.textProperty().bind(model.triggerForm().taskErrorProperty());
        triggerTask.textProperty().bindBidirectional(model.triggerForm().taskNameProperty());
        triggerBusy.managedProperty().bind(triggerBusy.visibleProperty());
        collapseWhenEmpty(triggerTaskError);
        collapseWhenEmpty(triggerError);
        model.triggerForm().params().addListener((ListChangeListener<ParamRow>) change -> {
            paramRows.getChildren().setAll(model.triggerForm().params().stream().map(this::paramRow).toList());
            fitTriggerDialog();
        });
        model.triggerForm().errorProperty().addListener(o -> fitTriggerDialog());
    }

    /** One name=value line of the trigger dialog, with its error under it. */
    private VBox paramRow(ParamRow param) {
        TextField name = new TextField();
        name.setPromptText(resources.getString("runs.trigger.param.name"));
        name.textProperty().bindBidirectional(param.nameProperty());
        TextField value = new TextField();
        value.setPromptText(resources.getString("runs.trigger.param.value"));
        value.textProperty().bindBidirectional(param.valueProperty());
        HBox.setHgrow(value, Priority.ALWAYS);
        Button remove = new Button("✕");
        remove.getStyleClass().add("flat");
        remove.setOnAction(e -> model.triggerForm().removeParam(param));
        Label problem = new Label();
        problem.getStyleClass().add("danger");
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        problem.textProperty().bind(param.errorProperty());
        collapseWhenEmpty(problem);
        return new VBox(2, new HBox(6, name, new Label("="), value, remove), problem);
    }

    /** A message line takes no room while it has nothing to say. */
    private static void collapseWhenEmpty(Label label) {
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        label.visibleProperty().bind(label.managedProperty());
    }

    private void detail(Label label, Function<RunRow, String> value) {
        label.textProperty().bind(Bindings.createStringBinding(() -> {
            RunRow row = model.selectedProperty().get();
            return row == null ? "" : value.apply(row);
        }, model.selectedProperty()));
    }

    private static <T> StringConverter<T> converter(Function<T, String> label) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : label.apply(value);
            }

            @Override
            public T fromString(String text) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @FXML
    private void onRefresh() {
        model.load();
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
        model.retry();
    }

    @FXML
    private void onCancel() {
        RunRow row = model.selectedProperty().get();
        if (row == null) {
            return;
        }
        ButtonType yes = new ButtonType(resources.getString("runs.cancel.confirm.yes"), ButtonBar.ButtonData.OK_DONE);
        ButtonType no = new ButtonType(resources.getString("runs.cancel.confirm.no"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, model.cancelQuestion(), yes, no);
        confirm.initOwner(root.getScene().getWindow());
        confirm.setTitle(resources.getString("runs.cancel.confirm.title"));
        confirm.setHeaderText(null);
        if (confirm.showAndWait().filter(yes::equals).isPresent()) {
            model.cancel();
        }
    }

    @FXML
    private void onTrigger() {
        model.startTrigger();
        if (triggerDialog == null) {
            triggerDialog = newTriggerDialog();
        }
        if (!triggerDialog.isShowing()) {
            triggerDialog.show();
        }
    }

    private Dialog<ButtonType> newTriggerDialog() {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle(resources.getString("runs.trigger.title"));
        dialog.getDialogPane().setContent(triggerPane);
        ButtonType run = new ButtonType(resources.getString("runs.trigger.run"), ButtonBar.ButtonData.OK_DONE);
        ButtonType close = new ButtonType(resources.getString("runs.trigger.close"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().setAll(run, close);
        Button runButton = (Button) dialog.getDialogPane().lookupButton(run);
        runButton.disableProperty().bind(model.triggerForm().busyProperty());
        // The dialog stays open until the run is recorded, or shows why it was not.
        runButton.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            model.triggerForm().submit(() -> {
                dialog.setResult(run);
                dialog.close();
            });
            fitTriggerDialog();
        });
        return dialog;
    }

    /** Grows (or shrinks) the trigger dialog to its content, as rows and error lines come and go. */
    private void fitTriggerDialog() {
        if (triggerDialog != null && triggerDialog.isShowing()) {
            triggerDialog.getDialogPane().getScene().getWindow().sizeToScene();
        }
    }

    @FXML
    private void onAddParam() {
        model.triggerForm().addParam();
    }

    /** The status in its colour; each status also has a style class of its own. */
    private static final class StatusCell extends TableCell<RunRow, RunRow> {
        private final Label label = new Label();

        StatusCell() {
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        }

        @Override
        protected void updateItem(RunRow row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            label.setText(row.status());
            label.getStyleClass().setAll("label", row.statusTone(), row.statusStyle());
            setGraphic(label);
        }
    }
}
