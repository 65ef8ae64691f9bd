package io.redcron.desktop.ui;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.prefs.Preferences;

/**
 * Remembers the column widths of a table between sessions, in the user's Java preferences
 * (nothing secret is ever stored there).
 */
public final class ColumnWidths {
    private static final Preferences PREFERENCES = Preferences.userRoot().node("io/redcron/desktop/columns");

    private ColumnWidths() {
    }

    /** Restores the widths saved under {@code name} and saves them whenever the user resizes a column. */
    public static void remember(String name, TableView<?> table) {
        remember(PREFERENCES.node(name), table);
    }

    static void remember(Preferences node, TableView<?> table) {
        for (TableColumn<?, ?> column : table.getColumns()) {
            String key = column.getId() == null ? column.getText() : column.getId();
            double saved = node.getDouble(key, -1);
            if (saved > 0) {
                column.setPrefWidth(saved);
            }
            column.widthProperty().addListener((o, before, after) -> node.putDouble(key, after.doubleValue()));
        }
    }
}
