package io.redcron.desktop.tasks;

import javafx.css.PseudoClass;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The editor's errors, each at the field it is about: the field outlined in red and a short line
 * under it. The line wraps inside the width the field already has, so a long error (a bad zone)
 * makes the row taller but never wider.
 */
final class FieldErrors {
    /** AtlantaFX draws a text input in this state with a red outline. */
    static final PseudoClass DANGER = PseudoClass.getPseudoClass("danger");
    static final String INVALID = "invalid-field";

    private final Map<EditorField, Control> controls = new EnumMap<>(EditorField.class);
    private final Map<EditorField, Label> labels = new EnumMap<>(EditorField.class);

    /** Puts an (empty) error line under {@code control}, for the errors of {@code field}. */
    void add(EditorField field, Control control) {
        Label label = new Label();
        label.getStyleClass().addAll("field-error", "danger");
        label.setWrapText(true);
        label.setMinWidth(0);
        label.setPrefWidth(1); // take the width the field has, never ask for more
        label.setMaxWidth(Double.MAX_VALUE);
        label.setId(control.getId() + "Error");
        label.managedProperty().bind(label.visibleProperty());
        label.setVisible(false);
        Parent parent = control.getParent();
        if (parent instanceof VBox box) {
            box.getChildren().add(box.getChildren().indexOf(control) + 1, label);
        }
        controls.put(field, control);
        labels.put(field, label);
    }

    Map<EditorField, Control> controls() {
        return controls;
    }

    Control control(EditorField field) {
        return controls.get(field);
    }

    /** Shows {@code errors} at their fields, and clears every field not among them. */
    void show(List<FieldError> errors) {
        Map<EditorField, String> byField = new EnumMap<>(EditorField.class);
        errors.stream().filter(error -> error.field() != null)
                .forEach(error -> byField.putIfAbsent(error.field(), error.message()));
        labels.forEach((field, label) -> {
            String message = byField.get(field);
            label.setText(message == null ? "" : message);
            label.setVisible(message != null);
            Control control = controls.get(field);
            control.pseudoClassStateChanged(DANGER, message != null);
            if (message == null) {
                control.getStyleClass().remove(INVALID);
            } else if (!control.getStyleClass().contains(INVALID)) {
                control.getStyleClass().add(INVALID);
            }
        });
    }
}
