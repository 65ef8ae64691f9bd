package io.redcron.desktop.runs;

import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.input.MouseButton;

import java.util.function.Consumer;

/**
 * A row of the runs table that opens the run's output on a double-click or from its context menu,
 * where the runs of its task can also be hidden.
 */
final class RunRowActions {
    private RunRowActions() {
    }

    /**
     * @param openOutput opens the selected run's output; a click on a row has selected it first
     * @param hideTask   hides the runs of the task of the row given
     */
    static TableRow<RunRow> row(String openLabel, Runnable openOutput, String hideLabel, Consumer<RunRow> hideTask) {
        TableRow<RunRow> row = new TableRow<>();
        MenuItem open = new MenuItem(openLabel);
        open.setOnAction(e -> openOutput.run());
        MenuItem hide = new MenuItem(hideLabel);
        hide.getStyleClass().add("hide-task");
        hide.setOnAction(e -> hideTask.accept(row.getItem()));
        ContextMenu menu = new ContextMenu(open, hide);
        row.contextMenuProperty().bind(row.emptyProperty().map(empty -> empty ? null : menu));
        row.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                openOutput.run();
            }
        });
        return row;
    }
}
