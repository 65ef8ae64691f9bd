package io.redcron.desktop.runs;

import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;

/** A run's status in its colour; each status also has a style class of its own. */
final class RunStatusCell extends TableCell<RunRow, RunRow> {
    private final Label label = new Label();

    RunStatusCell() {
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
    }

    @Override
    protected void updateItem(RunRow row, boolean empty) {
        super.updateItem(row, empty);
        if (empty || row == null) {
            setGraphic(null);
            return;
        }
        label.setText(row.status());
        label.getStyleClass().setAll("label", row.statusTone(), row.statusStyle());
        setGraphic(label);
    }
}
