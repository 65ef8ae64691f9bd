package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.DialogService.Confirmation;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

import static io.redcron.desktop.ui.Cells.column;

/** Binds the tasks table to its view-model. */
public final class TasksController {
    private final TasksViewModel model;
    private final io.redcron.desktop.ui.Views views;
    private final io.redcron.desktop.ui.Messages messages;
    private final DialogService dialogs;

    @FXML private TextField search;
    @FXML private TextField group;
    @FXML private TextField label;
    @FXML private ComboBox<TasksViewModel.State> state;
    @FXML private TableView<TaskRow> table;
    @FXML private TableColumn<TaskRow, String> nameColumn;
    @FXML private TableColumn<TaskRow, String> groupColumn;
    @FXML private TableColumn<TaskRow, String> scheduleColumn;
    @FXML private TableColumn<TaskRow, String> cronColumn;
    @FXML private TableColumn<TaskRow, String> zoneColumn;
    @FXML private TableColumn<TaskRow, String> typeColumn;
    @FXML private TableColumn<TaskRow, String> nextColumn;
    @FXML private TableColumn<TaskRow, String> enabledColumn;
    @FXML private TableColumn<TaskRow, String> lastColumn;
    @FXML private Label status;
    @FXML private Label error;
    @FXML private ProgressIndicator busy;
    @FXML private Button previous;
    @FXML private Button next;

    public TasksController(TasksViewModel model, io.redcron.desktop.ui.Views views, io.redcron.desktop.ui.Messages messages,
                           DialogService dialogs) {
        this.model = model;
        this.views = views;
        this.messages = messages;
        this.dialogs = dialogs;
    }

    @FXML
    private void initialize() {
        table.setItems(model.rows());
        io.redcron.desktop.ui.ColumnWidths.remember("tasks", table);
        column(nameColumn, TaskRow::name);
        column(groupColumn, TaskRow::group);
        column(scheduleColumn, TaskRow::schedule);
        column(cronColumn, TaskRow::cron);
        column(zoneColumn, TaskRow::zone);
        column(typeColumn, TaskRow::type);
        column(nextColumn, TaskRow::nextFire);
        column(enabledColumn, row -> row.enabled() ? "✔" : "—");
        column(lastColumn, row -> row.lastResult() == null ? "—"
                : messages.get("tasks.result." + row.lastResult().name().toLowerCase(java.util.Locale.ROOT)));
        // Sorting happens in the store, over every task, not within the page on screen.
        java.util.Map<TableColumn<TaskRow, ?>, io.redcron.port.TaskFilter.Sort> sortable = java.util.Map.of(
                nameColumn, io.redcron.port.TaskFilter.Sort.NAME, groupColumn, io.redcron.port.TaskFilter.Sort.GROUP,
                nextColumn, io.redcron.port.TaskFilter.Sort.NEXT_FIRE);
        table.getColumns().forEach(c -> c.setSortable(sortable.containsKey(c)));
        table.setSortPolicy(view -> {
            if (!view.getSortOrder().isEmpty()) {
                TableColumn<TaskRow, ?> by = view.getSortOrder().get(0);
                model.sortBy(sortable.get(by), by.getSortType() == TableColumn.SortType.DESCENDING);
            }
            return true;
        });
        search.textProperty().bindBidirectional(model.textProperty());
        group.textProperty().bindBidirectional(model.groupProperty());
        label.textProperty().bindBidirectional(model.labelProperty());
        state.getItems().setAll(TasksViewModel.State.values());
        state.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(TasksViewModel.State value) {
                return value == null ? "" : messages.get("tasks.state." + value.name().toLowerCase(java.util.Locale.ROOT));
            }

            @Override
            public TasksViewModel.State fromString(String text) {
                return null;
            }
        });
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        state.valueProperty().bindBidirectional(model.stateProperty());
        search.setOnAction(e -> model.filtersChanged());
        group.setOnAction(e -> model.filtersChanged());
        label.setOnAction(e -> model.filtersChanged());
        state.setOnAction(e -> model.filtersChanged());
        status.textProperty().bind(model.statusProperty());
        error.textProperty().bind(model.errorProperty());
        busy.visibleProperty().bind(model.busyProperty());
        previous.disableProperty().bind(model.pageProperty().isEqualTo(0));
        next.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> !model.hasNextPage(),
                model.pageProperty(), model.totalProperty()));
        table.setRowFactory(view -> {
            javafx.scene.control.TableRow<TaskRow> row = new javafx.scene.control.TableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getClickCount() == 2 && !row.isEmpty()) {
                    openEditor(row.getItem().task(), false);
                }
            });
            return row;
        });
        javafx.beans.binding.BooleanBinding none = table.getSelectionModel().selectedItemProperty().isNull();
        edit.disableProperty().bind(none);
        duplicate.disableProperty().bind(none);
        toggle.disableProperty().bind(none);
        delete.disableProperty().bind(none);
        model.load();
    }

    @FXML private Button edit;
    @FXML private Button duplicate;
    @FXML private Button toggle;
    @FXML private Button delete;

    @FXML
    private void onNew() {
        openEditor(null, false);
    }

    @FXML
    private void onEdit() {
        selected().ifPresent(row -> openEditor(row.task(), false));
    }

    @FXML
    private void onDuplicate() {
        selected().ifPresent(row -> openEditor(row.task(), true));
    }

    @FXML
    private void onToggle() {
        selected().ifPresent(row -> model.setEnabled(row, !row.enabled()));
    }

    @FXML
    private void onDelete() {
        selected().filter(row -> dialogs.confirm(Confirmation.of(null, messages.get("tasks.delete.confirm", row.name()))
                .withHeader(messages.get("tasks.delete.title")))).ifPresent(model::delete);
    }

    private java.util.Optional<TaskRow> selected() {
        return java.util.Optional.ofNullable(table.getSelectionModel().getSelectedItem());
    }

    private void openEditor(io.redcron.domain.Task task, boolean copy) {
        new TaskEditorWindow(views, dialogs, messages).open(task, copy, model::load);
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
}
