package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.DialogService.DialogWindow;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleGroup;

import java.util.Map;
import java.util.function.Consumer;

import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the Pause dialog to its view-model: each choice of radio buttons to one property. */
public final class PauseController {
    private final PauseViewModel model;
    private DialogWindow window;
    private Consumer<MaintenanceWindow> onOpened = opened -> { };

    @FXML private Label heading;
    @FXML private ToggleGroup scope;
    @FXML private RadioButton wholeNamespace;
    @FXML private RadioButton oneGroup;
    @FXML private ComboBox<String> group;
    @FXML private ToggleGroup start;
    @FXML private RadioButton startNow;
    @FXML private RadioButton startAt;
    @FXML private DatePicker fromDate;
    @FXML private TextField fromTime;
    @FXML private Label fromZone;
    @FXML private ToggleGroup end;
    @FXML private RadioButton untilResumed;
    @FXML private RadioButton untilAt;
    @FXML private RadioButton untilAfter;
    @FXML private DatePicker untilDate;
    @FXML private TextField untilTime;
    @FXML private Label untilZone;
    @FXML private TextField length;
    @FXML private ToggleGroup policy;
    @FXML private RadioButton policySkip;
    @FXML private RadioButton policyFireOnce;
    @FXML private RadioButton policyCatchUp;
    @FXML private TextField reason;
    @FXML private Label groupError;
    @FXML private Label fromError;
    @FXML private Label untilError;
    @FXML private Label onResumeError;
    @FXML private Label reasonError;
    @FXML private Label pauseError;
    @FXML private ProgressIndicator pauseBusy;
    @FXML private Button pause;

    public PauseController(PauseViewModel model) {
        this.model = model;
    }

    public PauseViewModel model() {
        return model;
    }

    /** Where the view is shown, so that it closes once the window is open; {@code opened} is told of it. */
    void shownIn(DialogWindow shownIn, Consumer<MaintenanceWindow> opened) {
        window = shownIn;
        onOpened = opened;
    }

    @FXML
    private void initialize() {
        heading.setText(model.heading());
        choose(scope, Map.of(wholeNamespace, true, oneGroup, false), model.wholeNamespaceProperty());
        group.setItems(model.groups());
        group.getEditor().textProperty().bindBidirectional(model.groupProperty());
        // Choosing a group in the list, or typing into the box, means pausing that group.
        group.getEditor().focusedProperty().addListener((o, was, focused) -> {
            if (focused) {
                oneGroup.setSelected(true);
            }
        });
        group.valueProperty().addListener((o, old, chosen) -> oneGroup.setSelected(true));

        choose(start, Map.of(startNow, true, startAt, false), model.startNowProperty());
        fromDate.valueProperty().bindBidirectional(model.fromDateProperty());
        fromTime.textProperty().bindBidirectional(model.fromTimeProperty());
        fromDate.disableProperty().bind(model.startNowProperty());
        fromTime.disableProperty().bind(model.startNowProperty());

        choose(end, Map.of(untilResumed, PauseEnd.RESUMED, untilAt, PauseEnd.AT, untilAfter, PauseEnd.AFTER),
                model.endProperty());
        untilDate.valueProperty().bindBidirectional(model.untilDateProperty());
        untilTime.textProperty().bindBidirectional(model.untilTimeProperty());
        untilDate.disableProperty().bind(model.endProperty().isNotEqualTo(PauseEnd.AT));
        untilTime.disableProperty().bind(model.endProperty().isNotEqualTo(PauseEnd.AT));
        length.textProperty().bindBidirectional(model.lengthProperty());
        length.disableProperty().bind(model.endProperty().isNotEqualTo(PauseEnd.AFTER));
        String zone = model.messages().get("maintenance.time.zone", model.zone().getId());
        fromZone.setText(zone);
        untilZone.setText(zone);

        choose(policy, Map.of(policySkip, MisfirePolicy.SKIP, policyFireOnce, MisfirePolicy.FIRE_ONCE,
                policyCatchUp, MisfirePolicy.CATCH_UP), model.onResumeProperty());
        reason.textProperty().bindBidirectional(model.reasonProperty());

        Map.of(PauseField.GROUP, groupError, PauseField.FROM, fromError, PauseField.UNTIL, untilError,
                PauseField.ON_RESUME, onResumeError, PauseField.REASON, reasonError).forEach((field, label) -> {
                    label.textProperty().bind(model.errorProperty(field));
                    showOnlyWithText(label);
                    label.textProperty().addListener(o -> fit());
                });
        pauseError.textProperty().bind(model.errorProperty());
        showOnlyWithText(pauseError);
        pauseError.textProperty().addListener(o -> fit());
        pauseBusy.visibleProperty().bind(model.busyProperty());
        pause.disableProperty().bind(model.busyProperty());
        model.load();
    }

    /** Selects the radio button of the property's value, and sets the property to the one selected. */
    private static <T> void choose(ToggleGroup group, Map<Toggle, T> values, ObjectProperty<T> property) {
        values.forEach((toggle, value) -> toggle.setSelected(value.equals(property.get())));
        group.selectedToggleProperty().addListener((o, old, selected) -> {
            if (selected != null) {
                property.set(values.get(selected));
            }
        });
    }

    private static void choose(ToggleGroup group, Map<Toggle, Boolean> values, BooleanProperty property) {
        values.forEach((toggle, value) -> toggle.setSelected(value == property.get()));
        group.selectedToggleProperty().addListener((o, old, selected) -> {
            if (selected != null) {
                property.set(values.get(selected));
            }
        });
    }

    private void fit() {
        if (window != null) {
            window.fitToContent();
        }
    }

    @FXML
    private void onPause() {
        model.pause(opened -> {
            if (window != null) {
                window.close();
            }
            onOpened.accept(opened);
        });
    }

    @FXML
    private void onCancel() {
        if (window != null) {
            window.close();
        }
    }
}
