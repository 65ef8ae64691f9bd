package io.redcron.desktop.ui;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.util.StringConverter;

import java.util.function.Function;

/** Small bindings every screen uses, in one place. */
public final class Cells {
    private Cells() {
    }

    /**
     * A column that shows {@code value} of each row (rows are immutable records), with the whole
     * value as a tooltip where the column cuts it.
     */
    public static <R, T> void column(TableColumn<R, T> column, Function<R, T> value) {
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setCellFactory(c -> new TextCell<>());
    }

    /**
     * A column of times: each cell's tooltip gives the same time in the other zones (UTC, the
     * desktop's, the task's), whatever the column shows.
     */
    public static <R> void timeColumn(TableColumn<R, String> column, Function<R, String> value,
                                      Function<R, String> otherZones) {
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            private final javafx.scene.control.Tooltip zones = new javafx.scene.control.Tooltip();

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                R row = empty || getTableRow() == null ? null : getTableRow().getItem();
                String text = row == null ? "" : otherZones.apply(row);
                zones.setText(text);
                setTooltip(text.isEmpty() ? null : zones);
            }
        });
    }

    /** A message label that takes no room while it is empty. */
    public static void showOnlyWithText(Label label) {
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }

    /** Shows values of a list the user picks from but cannot type into. */
    public static <T> StringConverter<T> converter(Function<T, String> label) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : label.apply(value);
            }

            @Override
            public T fromString(String text) {
                return null; // only ever shown, never typed
            }
        };
    }
}
