package io.redcron.desktop.runs;

import javafx.beans.value.ObservableValue;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.input.MouseButton;

import java.util.function.Consumer;

/**
 * A row of the runs table that opens the run's output on a double-click or from its context menu,
 * where the run can also be pinned or unpinned, and the runs of its task hidden.
 */
final class RunRowActions {
    private RunRowActions() {
    }

    /**
     * @param openOutput opens the selected run's output; a click on a row has selected it first
     * @param hideTask   hides the runs of the task of the row given
     * @param pinLabel   "Pin run…" or "Unpin run", as the selected run is
     * @param canPin     whether the selected run can be pinned or unpinned now
     * @param togglePin  pins or unpins the selected run
     */
    static TableRow<RunRow> row(String openLabel, Runnable openOutput, String hideLabel, Consumer<RunRow> hideTask,
                                ObservableValue<String> pinLabel, ObservableValue<Boolean> canPin, Runnable togglePin) {
        TableRow<RunRow> row = new TableRow<>();
        MenuItem open = new MenuItem(openLabel);
        open.setOnAction(e -> openOutput.run());
        MenuItem pin = new MenuItem();
        pin.getStyleClass().add("pin-run");
        pin.textProperty().bind(pinLabel);
        pin.disableProperty().bind(canPin.map(can -> !can));
        pin.setOnAction(e -> togglePin.run());
        MenuItem hide = new MenuItem(hideLabel);
        hide.getStyleClass().add("hide-task");
        hide.setOnAction(e -> hideTask.accept(row.getItem()));
        ContextMenu menu = new ContextMenu(open, pin, hide);
        row.contextMenuProperty().bind(row.emptyProperty().map(empty -> empty ? null : menu));
        row.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                openOutput.run();
            }
        });
        return row;
    }
}
