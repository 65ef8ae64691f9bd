package io.redcron.desktop.retention;

import io.redcron.desktop.ui.DialogService.DialogWindow;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import java.util.ResourceBundle;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the retention dialog to its view-model: a row per field, built for the policy shown. */
public final class RetentionController {
    private final RetentionViewModel model;
    private DialogWindow window;

    @FXML private ResourceBundle resources;
    @FXML private Label heading;
    @FXML private GridPane fields;
    @FXML private Label retentionError;
    @FXML private Label retentionStatus;
    @FXML private ProgressIndicator retentionBusy;
    @FXML private VBox namespaceOnly;
    @FXML private Label pinned;
    @FXML private TableView<RetentionViewModel.DifferingTask> differing;
    @FXML private TableColumn<RetentionViewModel.DifferingTask, String> differingName;
    @FXML private TableColumn<RetentionViewModel.DifferingTask, String> differingSucceeded;
    @FXML private TableColumn<RetentionViewModel.DifferingTask, String> differingFailed;
    @FXML private TableColumn<RetentionViewModel.DifferingTask, String> differingKeepLast;
    @FXML private TableColumn<RetentionViewModel.DifferingTask, String> differingOutput;
    @FXML private Button save;
    @FXML private Button follow;

    public RetentionController(RetentionViewModel model) {
        this.model = model;
    }

    public RetentionViewModel model() {
        return model;
    }

    /** Where the view is shown, so that it can close it and fit it to its rows. */
    void shownIn(DialogWindow shownIn) {
        window = shownIn;
    }

    @FXML
    private void initialize() {
        heading.textProperty().bind(model.headingProperty());
        retentionError.textProperty().bind(model.errorProperty());
        retentionStatus.textProperty().bind(model.statusProperty());
        showOnlyWithText(retentionError);
        showOnlyWithText(retentionStatus);
        retentionBusy.visibleProperty().bind(model.busyProperty());
        save.disableProperty().bind(model.busyProperty());
        follow.visibleProperty().bind(model.forTaskProperty());
        follow.managedProperty().bind(follow.visibleProperty());
        follow.disableProperty().bind(model.busyProperty());
        namespaceOnly.visibleProperty().bind(model.forTaskProperty().not());
        namespaceOnly.managedProperty().bind(namespaceOnly.visibleProperty());
        pinned.textProperty().bind(model.pinnedProperty());
        differing.setItems(model.differing());
        column(differingName, RetentionViewModel.DifferingTask::name);
        column(differingSucceeded, RetentionViewModel.DifferingTask::succeeded);
        column(differingFailed, RetentionViewModel.DifferingTask::failed);
        column(differingKeepLast, RetentionViewModel.DifferingTask::keepLast);
        column(differingOutput, RetentionViewModel.DifferingTask::output);
        model.fields().addListener((ListChangeListener<RetentionViewModel.FieldEntry>) change -> showFields());
        model.forTaskProperty().addListener(o -> fit());
        showFields();
    }

    /**
     * Per field: its words, the number, "forever" for an age, "as the namespace" for a task, what
     * applies now, and its error under it.
     */
    private void showFields() {
        fields.getChildren().clear();
        int line = 0;
        for (RetentionViewModel.FieldEntry entry : model.fields()) {
            RetentionField field = entry.field();
            Label name = new Label(resources.getString(field.labelKey()));
            TextField value = new TextField();
            value.setId(field.id() + "Value");
            value.setPrefColumnCount(6);
            value.textProperty().bindBidirectional(entry.textProperty());
            Label unit = new Label(resources.getString(field.isDays() ? "retention.unit.days" : "retention.unit.runs"));
            CheckBox forever = new CheckBox(resources.getString("retention.forever.choice"));
            forever.setId(field.id() + "Forever");
            forever.selectedProperty().bindBidirectional(entry.foreverProperty());
            forever.setVisible(field.isDays());
            forever.disableProperty().bind(entry.followProperty());
            CheckBox follows = new CheckBox();
            follows.setId(field.id() + "Follow");
            follows.textProperty().bind(entry.followLabelProperty());
            follows.selectedProperty().bindBidirectional(entry.followProperty());
            follows.visibleProperty().bind(model.forTaskProperty());
            follows.managedProperty().bind(follows.visibleProperty());
            value.disableProperty().bind(entry.followProperty().or(entry.foreverProperty()));
            Label current = new Label();
            current.setId(field.id() + "Current");
            current.getStyleClass().add("text-muted");
            current.textProperty().bind(entry.currentProperty());
            Label error = new Label();
            error.setId(field.id() + "Error");
            error.getStyleClass().add("danger");
            error.setWrapText(true);
            error.textProperty().bind(entry.errorProperty());
            showOnlyWithText(error);
            error.textProperty().addListener(o -> fit());
            fields.addRow(line++, name, value, unit, forever, follows, current);
            fields.add(error, 1, line++, 5, 1);
        }
        fit();
    }

    private void fit() {
        if (window != null) {
            window.fitToContent();
        }
    }

    @FXML
    private void onSave() {
        model.save();
    }

    @FXML
    private void onFollow() {
        model.follow();
    }

    @FXML
    private void onClose() {
        if (window != null) {
            window.close();
        }
    }
}
