package io.redcron.desktop.dashboard;

import io.redcron.desktop.runs.RunsPreset;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

import java.util.function.Consumer;
import java.util.function.Function;

/** A table whose row, double-clicked or chosen with Enter, opens the runs screen on what it names. */
final class OpensRuns {
    private OpensRuns() {
    }

    static <T> void on(TableView<T> table, Function<T, RunsPreset> preset, Consumer<RunsPreset> openRuns) {
        table.setRowFactory(view -> {
            TableRow<T> row = new TableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getClickCount() == 2 && !row.isEmpty()) {
                    openRuns.accept(preset.apply(row.getItem()));
                }
            });
            return row;
        });
        table.addEventFilter(KeyEvent.KEY_PRESSED, key -> {
            T selected = table.getSelectionModel().getSelectedItem();
            if (key.getCode() == KeyCode.ENTER && selected != null) {
                key.consume();
                openRuns.accept(preset.apply(selected));
            }
        });
    }
}
