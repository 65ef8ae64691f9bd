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

import java.util.List;

import static io.redcron.desktop.ui.Cells.column;

/**
 * Binds the tasks table to its view-model: type to filter, select many rows to enable, disable,
 * run or delete them at once; the page refreshes itself while shown, rows and selection in place.
 */
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
    @FXML private TableColumn<TaskRow, String> ownerColumn;
    @FXML private TableColumn<TaskRow, String> successColumn;
    @FXML private Label notice;
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
        io.redcron.desktop.ui.KeptSelection.show(table, model.rows(), TaskRow::id);
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        io.redcron.desktop.ui.ColumnWidths.remember("tasks", table);
        column(nameColumn, TaskRow::name);
        column(groupColumn, TaskRow::group);
        column(scheduleColumn, TaskRow::schedule);
        column(cronColumn, TaskRow::cron);
        column(zoneColumn, TaskRow::zone);
        column(typeColumn, TaskRow::type);
        io.redcron.desktop.ui.Cells.timeColumn(nextColumn, TaskRow::nextFire, model::nextFireZones);
        nextColumn.setText(messages.get("time.header", messages.get("tasks.column.next"),
                messages.time().headerZone(messages)));
        column(enabledColumn, row -> row.enabled() ? "✔" : "—");
        column(lastColumn, model::lastRunText);
        column(ownerColumn, row -> row.owner().isEmpty() ? "—" : row.owner());
        column(successColumn, model::successText);
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
        // Filters apply as the user types, once typing pauses; Enter applies at once.
        javafx.animation.PauseTransition typing = new javafx.animation.PauseTransition(javafx.util.Duration.millis(300));
        typing.setOnFinished(e -> model.filtersChanged());
        for (TextField filter : new TextField[] {search, group, label}) {
            filter.textProperty().addListener((o, old, now) -> typing.playFromStart());
            filter.setOnAction(e -> {
                typing.stop();
                model.filtersChanged();
            });
        }
        state.setOnAction(e -> model.filtersChanged());
        status.textProperty().bind(model.statusProperty());
        error.textProperty().bind(model.errorProperty());
        notice.textProperty().bind(model.noticeProperty());
        io.redcron.desktop.ui.Cells.showOnlyWithText(notice);
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
        javafx.beans.binding.BooleanBinding notOne = javafx.beans.binding.Bindings.size(
                table.getSelectionModel().getSelectedItems()).isNotEqualTo(1);
        edit.disableProperty().bind(notOne);
        duplicate.disableProperty().bind(notOne);
        enable.disableProperty().bind(none);
        disable.disableProperty().bind(none);
        runNow.disableProperty().bind(none);
        delete.disableProperty().bind(none);
        io.redcron.desktop.ui.WhileShown.repeat(table, javafx.util.Duration.seconds(10), model::refresh);
        model.load();
    }

    @FXML private Button edit;
    @FXML private Button duplicate;
    @FXML private Button enable;
    @FXML private Button disable;
    @FXML private Button runNow;
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
    private void onEnable() {
        model.setEnabled(chosen(), true);
    }

    @FXML
    private void onDisable() {
        List<TaskRow> rows = chosen();
        if (confirm(rows, "tasks.disable.confirm", "tasks.disable.title")) {
            model.setEnabled(rows, false);
        }
    }

    @FXML
    private void onRunNow() {
        List<TaskRow> rows = chosen();
        if (confirm(rows, "tasks.run.confirm", "tasks.run.title")) {
            model.runNow(rows);
        }
    }

    @FXML
    private void onDelete() {
        List<TaskRow> rows = chosen();
        if (confirm(rows, "tasks.delete.confirm", "tasks.delete.title")) {
            model.delete(rows);
        }
    }

    /** One confirmation for the whole selection, naming the tasks (the first few, and how many more). */
    private boolean confirm(List<TaskRow> rows, String question, String title) {
        if (rows.isEmpty()) {
            return false;
        }
        List<String> names = rows.stream().map(TaskRow::name).limit(5).toList();
        String listed = String.join(", ", names) + (rows.size() > names.size()
                ? " " + messages.get("tasks.more", rows.size() - names.size()) : "");
        return dialogs.confirm(Confirmation.of(null, messages.get(question, rows.size(), listed))
                .withHeader(messages.get(title, rows.size())));
    }

    private List<TaskRow> chosen() {
        return List.copyOf(table.getSelectionModel().getSelectedItems());
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
