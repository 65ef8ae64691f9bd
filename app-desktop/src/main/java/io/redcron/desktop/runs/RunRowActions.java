package io.redcron.desktop.runs;

import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.input.MouseButton;

/** A row of the runs table that opens the run's output on a double-click or from its context menu. */
final class RunRowActions {
    private RunRowActions() {
    }

    /** @param openOutput opens the selected run's output; a click on a row has selected it first */
    static TableRow<RunRow> row(String openLabel, Runnable openOutput) {
        TableRow<RunRow> row = new TableRow<>();
        MenuItem open = new MenuItem(openLabel);
        open.setOnAction(e -> openOutput.run());
        ContextMenu menu = new ContextMenu(open);
        row.contextMenuProperty().bind(row.emptyProperty().map(empty -> empty ? null : menu));
        row.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                openOutput.run();
            }
        });
        return row;
    }
}
