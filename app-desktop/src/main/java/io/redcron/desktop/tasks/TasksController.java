package io.redcron.desktop.tasks;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

import java.util.function.Function;

/** Binds the tasks table to its view-model. */
public final class TasksController {
    private final TasksViewModel model;

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
    @FXML private Label status;
    @FXML private Label error;
    @FXML private ProgressIndicator busy;
    @FXML private Button previous;
    @FXML private Button next;

    public TasksController(TasksViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        table.setItems(model.rows());
        column(nameColumn, TaskRow::name);
        column(groupColumn, TaskRow::group);
        column(scheduleColumn, TaskRow::schedule);
        column(cronColumn, TaskRow::cron);
        column(zoneColumn, TaskRow::zone);
        column(typeColumn, TaskRow::type);
        column(nextColumn, TaskRow::nextFire);
        column(enabledColumn, row -> row.enabled() ? "✔" : "—");
        search.textProperty().bindBidirectional(model.textProperty());
        group.textProperty().bindBidirectional(model.groupProperty());
        label.textProperty().bindBidirectional(model.labelProperty());
        state.getItems().setAll(TasksViewModel.State.values());
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
        model.load();
    }

    private static void column(TableColumn<TaskRow, String> column, Function<TaskRow, String> value) {
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
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
