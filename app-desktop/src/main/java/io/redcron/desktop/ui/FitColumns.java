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
 * Headers such as "Type" or "Last run" are never cut to "Ty…". When the columns together would
 * be wider than the table, the widest give way first ({@link #squeeze}), down to a floor, and
 * the first column (what a row is: a task's or a run's name) never does: a cut value has its
 * tooltip, a cut name would leave the row unknown.
 */
public final class FitColumns {
    /**
     * The key, in a column's properties, of a {@code Function<row, String>} giving the text its
     * cells show, for a column whose value is not that text (a status cell showing the row).
     */
    public static final String SHOWN_TEXT = "redcron.fit.shownText";
    /** The key, in a column's properties, that marks the column naming each row (never squeezed). */
    public static final String NAMES_ROW = "redcron.fit.namesRow";
    /**
     * The key, in a column's properties, that marks a column read at a glance (a time, "in 4 min"):
     * it keeps its width like the naming column, and the others give way.
     */
    public static final String KEEP_WHOLE = "redcron.fit.keepWhole";
    /** No column is squeezed narrower than this to make room. */
    static final double FLOOR = 120;
    /** Rows measured: a page's worth, enough to see the usual width of a column. */
    static final int ROWS = 60;
    static final double MIN = 48;
    static final double MAX = 420;
    /** Text measured off screen comes out a little narrower than drawn (hinting, kerning). */
    static final double SLACK = 1.1;
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
                    fit(table, columns);
                }
            }
        }.watch();
    }

    private static <R> void fit(TableView<R> table, Set<TableColumn<R, ?>> columns) {
        java.util.List<TableColumn<R, ?>> all = table.getColumns();
        double[] wanted = new double[all.size()];
        boolean[] fixed = new boolean[all.size()];
        Fonts fonts = Fonts.of(table);
        for (int i = 0; i < all.size(); i++) {
            TableColumn<R, ?> column = all.get(i);
            // Columns the user sized keep their width, and so does the one that names the row.
            fixed[i] = !columns.contains(column) || !column.isVisible() || names(all, column)
                    || Boolean.TRUE.equals(column.getProperties().get(KEEP_WHOLE));
            wanted[i] = !column.isVisible() ? 0 : columns.contains(column) ? width(table, column, fonts.cell(), fonts.header())
                    : column.getPrefWidth();
        }
        // A table not laid out yet has no width to fit into: then every column gets its content's.
        double available = table.getWidth() - table.snappedLeftInset() - table.snappedRightInset() - SCROLL_BAR;
        double[] given = available > 0 ? squeeze(wanted, fixed, available) : wanted;
        for (int i = 0; i < all.size(); i++) {
            if (columns.contains(all.get(i))) {
                all.get(i).setPrefWidth(given[i]);
            }
        }
    }

    /** The column that names a row: the one marked {@link #NAMES_ROW}, or else the first. */
    private static <R> boolean names(java.util.List<TableColumn<R, ?>> all, TableColumn<R, ?> column) {
        boolean anyMarked = all.stream().anyMatch(c -> Boolean.TRUE.equals(c.getProperties().get(NAMES_ROW)));
        return anyMarked ? Boolean.TRUE.equals(column.getProperties().get(NAMES_ROW)) : column == all.get(0);
    }

    /** Room kept for the vertical scroll bar. */
    static final double SCROLL_BAR = 16;

    /**
     * Widths that fit {@code available}: the widest columns not {@code fixed} give way first, all
     * down to one cap, never below {@link #FLOOR} nor below what they want. If even that is too
     * wide, the table scrolls sideways.
     */
    static double[] squeeze(double[] wanted, boolean[] fixed, double available) {
        double total = java.util.Arrays.stream(wanted).sum();
        if (total <= available) {
            return wanted.clone();
        }
        double low = FLOOR;
        double high = java.util.Arrays.stream(wanted).max().orElse(FLOOR);
        for (int step = 0; step < 40; step++) {
            double cap = (low + high) / 2;
            if (capped(wanted, fixed, cap) > available) {
                high = cap;
            } else {
                low = cap;
            }
        }
        double[] given = new double[wanted.length];
        for (int i = 0; i < wanted.length; i++) {
            given[i] = fixed[i] ? wanted[i] : Math.min(wanted[i], Math.floor(low));
        }
        return given;
    }

    private static double capped(double[] wanted, boolean[] fixed, double cap) {
        double sum = 0;
        for (int i = 0; i < wanted.length; i++) {
            sum += fixed[i] ? wanted[i] : Math.min(wanted[i], cap);
        }
        return sum;
    }

    static <R> double width(TableView<R> table, TableColumn<R, ?> column) {
        Fonts fonts = Fonts.of(table);
        return width(table, column, fonts.cell(), fonts.header());
    }

    /**
     * The fonts the theme gives this table's cells and headers, which may be larger or bolder than
     * the platform's default: measured with the default, a column would come out too narrow for
     * its own text. The table is styled and laid out once to find them.
     */
    private record Fonts(Font cell, Font header) {
        static Fonts of(TableView<?> table) {
            if (table.getScene() == null) {
                return new Fonts(Font.getDefault(), Font.getDefault());
            }
            table.applyCss();
            table.layout();
            Font header = table.lookup(".column-header .label") instanceof javafx.scene.control.Labeled label
                    ? label.getFont() : Font.getDefault();
            // Before its first layout with rows a table has no cells yet; its headers have the cells' size.
            Font cell = table.lookup(".table-cell") instanceof javafx.scene.control.Labeled labeled
                    ? labeled.getFont() : Font.font(header.getFamily(), header.getSize());
            return new Fonts(cell, header);
        }
    }

    @SuppressWarnings("unchecked")
    static <R> double width(TableView<R> table, TableColumn<R, ?> column, Font font, Font headerFont) {
        double widest = measure(column.getText(), headerFont);
        java.util.function.Function<R, String> shown =
                (java.util.function.Function<R, String>) column.getProperties().get(SHOWN_TEXT);
        int rows = Math.min(ROWS, table.getItems().size());
        for (int i = 0; i < rows; i++) {
            R row = table.getItems().get(i);
            Object value = shown != null ? shown.apply(row) : column.getCellData(i);
            // A row handed whole to a cell of its own shows nothing like the row's toString().
            if (value != null && value != row) {
                widest = Math.max(widest, measure(value.toString(), font));
            }
        }
        return Math.max(MIN, Math.min(MAX, Math.ceil(widest * SLACK + PADDING)));
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
