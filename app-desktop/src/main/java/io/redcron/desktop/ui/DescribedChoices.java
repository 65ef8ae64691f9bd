package io.redcron.desktop.ui;

import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.VBox;

import java.util.function.Function;

/**
 * A combo box whose every choice reads as a name with a line on what it does: both in the list
 * that drops down, and (for the choice made) in a help line under the box.
 */
public final class DescribedChoices {
    private DescribedChoices() {
    }

    /**
     * @param help the line under the box; it shows what the chosen value does, and wraps rather
     *             than widen the form
     */
    public static <T> void install(ComboBox<T> box, Function<T, String> label, Function<T, String> explanation,
                                   Label help) {
        box.setConverter(Cells.converter(label));
        box.setCellFactory(list -> new DescribedCell<>(label, explanation));
        box.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? "" : label.apply(item));
            }
        });
        help.setWrapText(true);
        help.setMinWidth(0);
        help.setPrefWidth(1);
        help.setMaxWidth(Double.MAX_VALUE);
        help.getStyleClass().add("text-muted");
        help.setText(box.getValue() == null ? "" : explanation.apply(box.getValue()));
        box.valueProperty().addListener((o, before, after) -> help.setText(after == null ? "" : explanation.apply(after)));
    }

    /** One choice in the open list: its name, and under it what it does. */
    private static final class DescribedCell<T> extends ListCell<T> {
        private final Label title = new Label();
        private final Label detail = new Label();
        private final VBox box = new VBox(1, title, detail);
        private final Function<T, String> label;
        private final Function<T, String> explanation;

        DescribedCell(Function<T, String> label, Function<T, String> explanation) {
            this.label = label;
            this.explanation = explanation;
            title.getStyleClass().add("text-bold");
            detail.getStyleClass().addAll("text-muted", "text-small");
            detail.setWrapText(true);
            detail.setMaxWidth(360);
        }

        @Override
        protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            setText(null);
            if (empty || item == null) {
                setGraphic(null);
            } else {
                title.setText(label.apply(item));
                detail.setText(explanation.apply(item));
                setGraphic(box);
            }
        }
    }
}
