package io.redcron.desktop.ui;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.prefs.Preferences;

/**
 * Remembers the column widths of a table between sessions, in the user's Java preferences
 * (nothing secret is ever stored there); a column never sized is fitted to its content
 * ({@link FitColumns}) when the table first has rows.
 */
public final class ColumnWidths {
    private static final Preferences PREFERENCES = Preferences.userRoot().node("io/redcron/desktop/columns");

    private ColumnWidths() {
    }

    /** Restores the widths saved under {@code name} and saves them whenever the user resizes a column. */
    public static <R> void remember(String name, TableView<R> table) {
        remember(PREFERENCES.node(name), table);
    }

    static <R> void remember(Preferences node, TableView<R> table) {
        java.util.Set<TableColumn<R, ?>> unsized = new java.util.LinkedHashSet<>();
        for (TableColumn<R, ?> column : table.getColumns()) {
            String key = column.getId() == null ? column.getText() : column.getId();
            double saved = node.getDouble(key, -1);
            if (saved > 0) {
                column.setPrefWidth(saved);
            } else {
                unsized.add(column);
            }
            column.widthProperty().addListener((o, before, after) -> node.putDouble(key, after.doubleValue()));
        }
        FitColumns.whenFirstFilled(table, unsized);
    }
}
