package io.redcron.desktop.runs;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.ListCell;
import javafx.scene.layout.Region;

/**
 * One line of output. Unwrapped, a line is as wide as its text and the list scrolls sideways;
 * wrapped, it is as wide as the list and grows downwards.
 */
final class OutputLineCell extends ListCell<String> {

    OutputLineCell(ObservableBooleanValue wrap) {
        wrapTextProperty().bind(wrap);
        // A preferred width of zero lets the list give the cell its own width, which the text then wraps to.
        prefWidthProperty().bind(Bindings.when(wrap).then(0.0).otherwise(Region.USE_COMPUTED_SIZE));
    }

    @Override
    protected void updateItem(String line, boolean empty) {
        super.updateItem(line, empty);
        setText(empty ? null : line);
    }
}
