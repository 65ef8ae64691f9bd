package io.redcron.desktop.ui;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.prefs.Preferences;

/**
 * Remembers the column widths a user chose, and the columns shown, between sessions, in the user's Java preferences
 * (nothing secret is ever stored there); a column never sized is fitted to its content
 * ({@link FitColumns}) when the table first has rows. Only a resize by the user is saved (it goes
 * through the table's resize policy): a width the layout or the fitting gave would otherwise be
 * kept as if chosen, and a table once shown in a small window would stay cramped for good.
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
            // Shown or hidden from the header's menu: kept as the user left it.
            column.setVisible(node.getBoolean(key(column) + ".visible", column.isVisible()));
            column.visibleProperty().addListener((o, was, shown) -> node.putBoolean(key(column) + ".visible", shown));
            double saved = node.getDouble(key(column), -1);
            if (saved > 0) {
                column.setPrefWidth(saved);
            } else {
                unsized.add(column);
            }
        }
        javafx.util.Callback<TableView.ResizeFeatures, Boolean> policy = table.getColumnResizePolicy();
        table.setColumnResizePolicy(features -> {
            boolean resized = policy.call(features);
            if (features.getColumn() != null) { // a user's drag; a whole-table resize has no column
                // The policy may have moved the neighbours too: keep the widths as the user sees them.
                table.getColumns().forEach(column -> node.putDouble(key(column), column.getWidth()));
            }
            return resized;
        });
        FitColumns.whenFirstFilled(table, unsized);
    }

    private static String key(TableColumn<?, ?> column) {
        return column.getId() == null ? column.getText() : column.getId();
    }
}
