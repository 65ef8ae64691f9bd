package io.redcron.desktop.ui;

import javafx.beans.InvalidationListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.Set;

/**
 * Sizes columns to what they show: once a table first has rows, each column the user has not
 * sized is made as wide as its header and its widest value among the first rows, within bounds.
 * Headers such as "Type" or "Last run" are never cut to "Ty…".
 */
final class FitColumns {
    /** Rows measured: a page's worth, enough to see the usual width of a column. */
    static final int ROWS = 60;
    static final double MIN = 48;
    static final double MAX = 420;
    /** Cell padding and the header's sort arrow. */
    static final double PADDING = 28;

    private FitColumns() {
    }

    /**
     * Fits {@code columns} of {@code table} to their content the first time it has rows, whether
     * they come into its list or with a new list.
     */
    static <R> void whenFirstFilled(TableView<R> table, Set<TableColumn<R, ?>> columns) {
        if (columns.isEmpty()) {
            return;
        }
        new Object() {
            private boolean done;
            private final InvalidationListener rowsChanged = o -> fitIfFilled();

            void watch() {
                table.getItems().addListener(rowsChanged);
                table.itemsProperty().addListener((o, old, rows) -> {
                    if (old != null) {
                        old.removeListener(rowsChanged);
                    }
                    if (rows != null && !done) {
                        rows.addListener(rowsChanged);
                    }
                    fitIfFilled();
                });
                fitIfFilled();
            }

            private void fitIfFilled() {
                if (!done && table.getItems() != null && !table.getItems().isEmpty()) {
                    done = true;
                    table.getItems().removeListener(rowsChanged);
                    columns.forEach(column -> column.setPrefWidth(width(table, column)));
                }
            }
        }.watch();
    }

    static <R> double width(TableView<R> table, TableColumn<R, ?> column) {
        Font font = Font.getDefault();
        double widest = measure(column.getText(), font);
        int rows = Math.min(ROWS, table.getItems().size());
        for (int i = 0; i < rows; i++) {
            Object value = column.getCellData(i);
            if (value != null) {
                widest = Math.max(widest, measure(value.toString(), font));
            }
        }
        return Math.max(MIN, Math.min(MAX, Math.ceil(widest + PADDING)));
    }

    private static double measure(String text, Font font) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }
}
