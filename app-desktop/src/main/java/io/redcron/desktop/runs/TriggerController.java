package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Cells;
import io.redcron.desktop.ui.DialogService.DialogWindow;
import io.redcron.domain.Run;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;

import java.util.ResourceBundle;
import java.util.function.Consumer;

/** Binds the trigger view to its view-model; it stays open until the run is recorded, or says why not. */
public final class TriggerController {
    private final TriggerViewModel model;
    private Consumer<Run> onTriggered = run -> { };
    private DialogWindow window;

    @FXML private ResourceBundle resources;
    @FXML private TextField triggerTask;
    @FXML private Label triggerTaskError;
    @FXML private TextField triggerWhen;
    @FXML private Label triggerWhenError;
    @FXML private TextField triggerKey;
    @FXML private Label triggerKeyError;
    @FXML private VBox paramRows;
    @FXML private ProgressIndicator triggerBusy;
    @FXML private Label triggerError;
    @FXML private Button runNow;

    public TriggerController(TriggerViewModel model) {
        this.model = model;
    }

    public TriggerViewModel model() {
        return model;
    }

    /** Where the view is shown, and what happens once a run is recorded. */
    void shownIn(DialogWindow shownIn, Consumer<Run> triggered) {
        this.window = shownIn;
        this.onTriggered = triggered;
    }

    @FXML
    private void initialize() {
        triggerTask.textProperty().bindBidirectional(model.taskNameProperty());
        triggerTaskError.textProperty().bind(model.taskErrorProperty());
        triggerWhen.textProperty().bindBidirectional(model.whenProperty());
        triggerWhenError.textProperty().bind(model.whenErrorProperty());
        triggerKey.textProperty().bindBidirectional(model.idempotencyKeyProperty());
        triggerKeyError.textProperty().bind(model.keyErrorProperty());
        Cells.showOnlyWithText(triggerWhenError);
        Cells.showOnlyWithText(triggerKeyError);
        triggerError.textProperty().bind(model.errorProperty());
        triggerBusy.visibleProperty().bind(model.busyProperty());
        triggerBusy.managedProperty().bind(triggerBusy.visibleProperty());
        runNow.disableProperty().bind(model.busyProperty());
        Cells.showOnlyWithText(triggerTaskError);
        Cells.showOnlyWithText(triggerError);
        showParams();
        model.params().addListener((ListChangeListener<ParamRow>) change -> showParams());
        model.errorProperty().addListener(o -> fit());
    }

    private void showParams() {
        paramRows.getChildren().setAll(model.params().stream()
                .map(param -> new ParamRowView(param, resources, () -> model.removeParam(param))).toList());
        fit();
    }

    private void fit() {
        if (window != null) {
            window.fitToContent();
        }
    }

    @FXML
    private void onAddParam() {
        model.addParam();
    }

    @FXML
    private void onRun() {
        model.submit(this::triggered);
        fit();
    }

    private void triggered(Run run) {
        onTriggered.accept(run);
        onClose();
    }

    @FXML
    private void onClose() {
        if (window != null) {
            window.close();
        }
    }
}
