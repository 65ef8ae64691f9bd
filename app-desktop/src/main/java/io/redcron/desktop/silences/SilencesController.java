package io.redcron.desktop.silences;

import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the silences window to its view-model. */
public final class SilencesController {
    private final SilencesViewModel model;

    @FXML private TableView<SilencesViewModel.Row> silences;
    @FXML private TableColumn<SilencesViewModel.Row, String> silenceId;
    @FXML private TableColumn<SilencesViewModel.Row, String> silenceScope;
    @FXML private TableColumn<SilencesViewModel.Row, String> silenceUntil;
    @FXML private TableColumn<SilencesViewModel.Row, String> silenceReason;
    @FXML private TableColumn<SilencesViewModel.Row, String> silenceBy;
    @FXML private TableColumn<SilencesViewModel.Row, String> silenceEnded;
    @FXML private CheckBox showEnded;
    @FXML private ComboBox<String> silenceTask;
    @FXML private ComboBox<String> silenceGroup;
    @FXML private ComboBox<String> silenceKind;
    @FXML private TextField silenceUntilValue;
    @FXML private TextField silenceReasonValue;
    @FXML private Label untilError;
    @FXML private Label reasonError;
    @FXML private Label silencesError;
    @FXML private Label silencesStatus;
    @FXML private Button add;
    @FXML private Button end;

    public SilencesController(SilencesViewModel model) {
        this.model = model;
    }

    public SilencesViewModel model() {
        return model;
    }

    @FXML
    private void initialize() {
        silences.setItems(model.rows());
        column(silenceId, row -> Long.toString(row.id()));
        column(silenceScope, SilencesViewModel.Row::scope);
        column(silenceUntil, SilencesViewModel.Row::until);
        column(silenceReason, SilencesViewModel.Row::reason);
        column(silenceBy, SilencesViewModel.Row::createdBy);
        column(silenceEnded, SilencesViewModel.Row::ended);
        showEnded.selectedProperty().bindBidirectional(model.showEndedProperty());
        silenceTask.setItems(model.taskNames());
        silenceGroup.setItems(model.groups());
        silenceKind.getItems().setAll(SilencesViewModel.KINDS);
        silenceTask.getEditor().textProperty().bindBidirectional(model.taskProperty());
        silenceGroup.getEditor().textProperty().bindBidirectional(model.groupProperty());
        silenceKind.getEditor().textProperty().bindBidirectional(model.kindProperty());
        silenceUntilValue.textProperty().bindBidirectional(model.untilProperty());
        silenceReasonValue.textProperty().bindBidirectional(model.reasonProperty());
        untilError.textProperty().bind(model.untilErrorProperty());
        reasonError.textProperty().bind(model.reasonErrorProperty());
        silencesError.textProperty().bind(model.errorProperty());
        silencesStatus.textProperty().bind(model.statusProperty());
        showOnlyWithText(untilError);
        showOnlyWithText(reasonError);
        showOnlyWithText(silencesError);
        showOnlyWithText(silencesStatus);
        add.disableProperty().bind(model.busyProperty());
        end.disableProperty().bind(model.busyProperty().or(silences.getSelectionModel().selectedItemProperty().isNull()));
    }

    @FXML
    private void onAdd() {
        model.add();
    }

    @FXML
    private void onEnd() {
        model.end(silences.getSelectionModel().getSelectedItem());
    }

    @FXML
    private void onRefresh() {
        model.load();
    }
}
