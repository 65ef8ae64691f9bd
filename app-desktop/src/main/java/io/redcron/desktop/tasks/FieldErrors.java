package io.redcron.desktop.tasks;

import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.VBox;

import java.util.HashMap;
import java.util.Map;

/**
 * The editor's errors, each under the field it is about; an error about no field on screen goes
 * to a list of its own.
 */
final class FieldErrors {
    private final Map<String, Label> labels = new HashMap<>();
    private final VBox others;

    FieldErrors(VBox others) {
        this.others = others;
    }

    /** Puts an (empty) error line under {@code field}, for errors under any of {@code keys}. */
    void add(TextInputControl field, String... keys) {
        Label label = new Label();
        label.getStyleClass().addAll("field-error", "danger");
        label.setWrapText(true);
        label.setId(field.getId() + "Error");
        label.managedProperty().bind(label.visibleProperty());
        label.setVisible(false);
        Parent parent = field.getParent();
        if (parent instanceof VBox box) {
            box.getChildren().add(box.getChildren().indexOf(field) + 1, label);
        }
        for (String key : keys) {
            labels.put(key, label);
        }
    }

    /** Shows {@code errors} (field key to message), and clears every error line not in it. */
    void show(Map<String, String> errors) {
        labels.values().forEach(label -> {
            label.setText("");
            label.setVisible(false);
        });
        others.getChildren().clear();
        errors.forEach((field, message) -> {
            Label label = labels.get(field);
            if (label != null) {
                label.setText(message);
                label.setVisible(true);
            } else {
                Label other = new Label(field + ": " + message);
                other.getStyleClass().add("danger");
                others.getChildren().add(other);
            }
        });
    }
}
