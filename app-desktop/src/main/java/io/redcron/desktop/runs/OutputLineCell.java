package io.redcron.desktop.runs;

import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.ListCell;
import javafx.scene.layout.Region;

/**
 * One line of output. Unwrapped, a line is as wide as its text and the list scrolls sideways;
 * wrapped, it is as wide as the list and grows downwards.
 */
final class OutputLineCell extends ListCell<String> {
    private final ObservableBooleanValue wrap;

    OutputLineCell(ObservableBooleanValue wrap) {
        this.wrap = wrap;
    }

    @Override
    protected void updateItem(String line, boolean empty) {
        super.updateItem(line, empty);
        boolean wrapped = wrap.get();
        setWrapText(wrapped);
        // A preferred width of zero lets the list give the cell its own width, which the text then wraps to.
        setPrefWidth(wrapped ? 0 : Region.USE_COMPUTED_SIZE);
        setText(empty || line == null ? null : line);
    }
}
