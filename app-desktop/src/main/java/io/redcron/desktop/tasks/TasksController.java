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

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.Completions;
import io.redcron.desktop.ui.FxDebouncer;
import io.redcron.desktop.ui.NoticeBar;
import io.redcron.port.TaskFacet;
import javafx.css.PseudoClass;

import java.util.List;
import java.util.function.Consumer;
import java.util.prefs.Preferences;

import static io.redcron.desktop.ui.Cells.column;

/**
 * Binds the tasks table to its view-model: type to filter (with completions for group, label and
 * owner), group the rows by group or owner, select many rows to enable, disable, run or delete
 * them at once; the page refreshes itself while shown, rows and selection in place.
 */
public final class TasksController {
    private static final PseudoClass GROUP_HEADER = PseudoClass.getPseudoClass("group-header");
    private static final java.time.Duration TYPING = java.time.Duration.ofMillis(300);

    private final TasksViewModel model;
    private final io.redcron.desktop.ui.Views views;
    private final io.redcron.desktop.ui.Messages messages;
    private final DialogService dialogs;
    private final Consumer<RunsPreset> openRuns;
    private final Preferences choices;

    @FXML private TextField search;
    @FXML private TextField group;
    @FXML private TextField label;
    @FXML private TextField owner;
    @FXML private ComboBox<TasksViewModel.State> state;
    @FXML private ComboBox<GroupBy> groupBy;
    @FXML private TableView<TaskLine> table;
    @FXML private TableColumn<TaskLine, String> nameColumn;
    @FXML private TableColumn<TaskLine, String> groupColumn;
    @FXML private TableColumn<TaskLine, String> scheduleColumn;
    @FXML private TableColumn<TaskLine, String> cronColumn;
    @FXML private TableColumn<TaskLine, String> zoneColumn;
    @FXML private TableColumn<TaskLine, String> typeColumn;
    @FXML private TableColumn<TaskLine, String> nextColumn;
    @FXML private TableColumn<TaskLine, String> enabledColumn;
    @FXML private TableColumn<TaskLine, String> lastColumn;
    @FXML private TableColumn<TaskLine, String> ownerColumn;
    @FXML private TableColumn<TaskLine, String> successColumn;
    @FXML private TableColumn<TaskLine, String> managedColumn;
    @FXML private NoticeBar notice;
    @FXML private Label status;
    @FXML private Label error;
    @FXML private ProgressIndicator busy;
    @FXML private Button previous;
    @FXML private Button next;

    public TasksController(TasksViewModel model, io.redcron.desktop.ui.Views views, io.redcron.desktop.ui.Messages messages,
                           DialogService dialogs) {
        this(model, views, messages, dialogs, preset -> { }, GroupBy.PREFERENCES);
    }

    /**
     * @param openRuns shows the runs screen (a run-now notice's link)
     * @param choices  where the grouping chosen is kept for the next start
     */
    public TasksController(TasksViewModel model, io.redcron.desktop.ui.Views views, io.redcron.desktop.ui.Messages messages,
                           DialogService dialogs, Consumer<RunsPreset> openRuns, Preferences choices) {
        this.model = model;
        this.views = views;
        this.messages = messages;
        this.dialogs = dialogs;
        this.openRuns = openRuns;
        this.choices = choices;
    }

    @FXML
    private void initialize() {
        io.redcron.desktop.ui.KeptSelection.show(table, model.lines(), TaskLine::key);
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        io.redcron.desktop.ui.ColumnWidths.remember("tasks", table);
        // When the window is narrow the schedule, zone and counts give way; the times stay whole.
        nextColumn.getProperties().put(io.redcron.desktop.ui.FitColumns.KEEP_WHOLE, true);
        lastColumn.getProperties().put(io.redcron.desktop.ui.FitColumns.KEEP_WHOLE, true);
        // A group's header takes the name column; its other cells stay empty.
        column(nameColumn, line -> line instanceof GroupHeader header ? model.headerText(header) : ((TaskRow) line).name());
        task(groupColumn, TaskRow::group);
        task(scheduleColumn, TaskRow::schedule);
        task(cronColumn, TaskRow::cron);
        task(zoneColumn, TaskRow::zone);
        task(typeColumn, TaskRow::type);
        io.redcron.desktop.ui.Cells.timeColumn(nextColumn, line -> line instanceof TaskRow row ? row.nextFire() : "",
                line -> line instanceof TaskRow row ? model.nextFireZones(row) : "");
        nextColumn.setText(messages.get("time.header", messages.get("tasks.column.next"),
                messages.time().headerZone(messages)));
        task(enabledColumn, row -> row.enabled() ? "✔" : "—");
        task(lastColumn, model::lastRunText);
        task(ownerColumn, row -> row.owner().isEmpty() ? "—" : row.owner());
        task(successColumn, model::successText);
        io.redcron.desktop.ui.Cells.timeColumn(managedColumn, line -> line instanceof TaskRow row ? model.managedText(row) : "",
                line -> line instanceof TaskRow row ? model.managedDetails(row) : "");
        // Sorting happens in the store, over every task, not within the page on screen.
        java.util.Map<TableColumn<TaskLine, ?>, io.redcron.port.TaskFilter.Sort> sortable = java.util.Map.of(
                nameColumn, io.redcron.port.TaskFilter.Sort.NAME, groupColumn, io.redcron.port.TaskFilter.Sort.GROUP,
                nextColumn, io.redcron.port.TaskFilter.Sort.NEXT_FIRE, ownerColumn, io.redcron.port.TaskFilter.Sort.OWNER);
        table.getColumns().forEach(c -> c.setSortable(sortable.containsKey(c)));
        table.setSortPolicy(view -> {
            if (!view.getSortOrder().isEmpty()) {
                TableColumn<TaskLine, ?> by = view.getSortOrder().get(0);
                model.sortBy(sortable.get(by), by.getSortType() == TableColumn.SortType.DESCENDING);
            }
            return true;
        });
        search.textProperty().bindBidirectional(model.textProperty());
        group.textProperty().bindBidirectional(model.groupProperty());
        label.textProperty().bindBidirectional(model.labelProperty());
        owner.textProperty().bindBidirectional(model.ownerProperty());
        Completions.attach(group, (typed, show) -> model.suggest(TaskFacet.GROUP, typed, show), new FxDebouncer(TYPING));
        Completions.attach(label, (typed, show) -> model.suggest(TaskFacet.LABEL, typed, show), new FxDebouncer(TYPING));
        Completions.attach(owner, (typed, show) -> model.suggest(TaskFacet.OWNER, typed, show), new FxDebouncer(TYPING));
        groupBy.getItems().setAll(GroupBy.values());
        groupBy.setConverter(io.redcron.desktop.ui.Cells.converter(
                value -> messages.get("tasks.groupBy." + value.name().toLowerCase(java.util.Locale.ROOT))));
        model.groupByProperty().set(GroupBy.remembered(choices));
        groupBy.setValue(model.groupByProperty().get());
        groupBy.setOnAction(e -> {
            groupBy.getValue().rememberIn(choices);
            model.groupBy(groupBy.getValue());
        });
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
        // Filters apply as the user types, once typing pauses (the view-model waits); Enter applies at once.
        model.debounceFiltersWith(new FxDebouncer(TYPING));
        for (TextField filter : new TextField[] {search, group, label, owner}) {
            filter.setOnAction(e -> model.filtersChanged());
        }
        state.setOnAction(e -> model.filtersChanged());
        status.textProperty().bind(model.statusProperty());
        error.textProperty().bind(model.errorProperty());
        model.openRunsWith(openRuns);
        notice.bind(model.noticeProperty(), model::now, messages);
        busy.visibleProperty().bind(model.busyProperty());
        previous.disableProperty().bind(model.pageProperty().isEqualTo(0));
        next.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> !model.hasNextPage(),
                model.pageProperty(), model.totalProperty()));
        table.setRowFactory(view -> {
            javafx.scene.control.TableRow<TaskLine> row = new javafx.scene.control.TableRow<>() {
                @Override
                protected void updateItem(TaskLine item, boolean empty) {
                    super.updateItem(item, empty);
                    pseudoClassStateChanged(GROUP_HEADER, !empty && item instanceof GroupHeader);
                }
            };
            javafx.scene.control.MenuItem retention = new javafx.scene.control.MenuItem(
                    messages.get("tasks.retention.task"));
            retention.getStyleClass().add("task-retention");
            retention.setOnAction(e -> {
                if (row.getItem() instanceof TaskRow task) {
                    retentionWindow().openTask(task.task().id(), task.name());
                }
            });
            javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(retention);
            row.contextMenuProperty().bind(row.itemProperty().map(item -> item instanceof TaskRow ? menu : null));
            row.setOnMouseClicked(click -> {
                if (click.getClickCount() == 2 && !row.isEmpty() && row.getItem() instanceof TaskRow task) {
                    openEditor(task, false);
                }
            });
            return row;
        });
        // Only task rows count: a header in the selection is never acted on.
        javafx.beans.binding.IntegerBinding tasksChosen = javafx.beans.binding.Bindings.createIntegerBinding(
                () -> chosen().size(), table.getSelectionModel().getSelectedItems());
        javafx.beans.binding.BooleanBinding none = tasksChosen.isEqualTo(0);
        javafx.beans.binding.BooleanBinding notOne = tasksChosen.isNotEqualTo(1);
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
        new TaskEditorWindow(views, dialogs, messages).open(null, false, "", model::load);
    }

    @FXML
    private void onEdit() {
        selected().ifPresent(row -> openEditor(row, false));
    }

    @FXML
    private void onDuplicate() {
        selected().ifPresent(row -> openEditor(row, true));
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
        return TasksViewModel.tasksOf(List.copyOf(table.getSelectionModel().getSelectedItems()));
    }

    private java.util.Optional<TaskRow> selected() {
        List<TaskRow> rows = chosen();
        return rows.size() == 1 ? java.util.Optional.of(rows.get(0)) : java.util.Optional.empty();
    }

    /** A column of a task's value; empty on a group's header. */
    private static void task(TableColumn<TaskLine, String> column, java.util.function.Function<TaskRow, String> value) {
        column(column, line -> line instanceof TaskRow row ? value.apply(row) : "");
    }

    /** Edits (or copies) a row's task; an edit of a task declared in code says so first. */
    private void openEditor(TaskRow row, boolean copy) {
        new TaskEditorWindow(views, dialogs, messages).open(row.task(), copy, copy ? "" : model.managedDetails(row),
                model::load);
    }

    /** The namespace's retention policy, with the tasks that differ from it. */
    @FXML
    private void onRetention() {
        retentionWindow().openNamespace();
    }

    private io.redcron.desktop.retention.RetentionWindow retentionWindow() {
        return new io.redcron.desktop.retention.RetentionWindow(views, dialogs, messages);
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
