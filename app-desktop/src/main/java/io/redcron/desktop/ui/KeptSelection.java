package io.redcron.desktop.ui;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.TableView;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Keeps a table's selection on the same rows, by identity, through live refreshes. On its own a
 * table moves the selection when rows are added or removed around it, and selects the next row
 * when the selected one goes away: after a requeue, "Purge selected" would then hit another dead
 * run. Here a refresh leaves exactly the rows the user selected, or nothing when they are gone.
 */
public final class KeptSelection<T, K> {
    private final TableView<T> table;
    private final Function<T, K> key;
    private final Set<K> chosen = new LinkedHashSet<>();
    private boolean refreshing;

    private KeptSelection(TableView<T> table, Function<T, K> key) {
        this.table = table;
        this.key = key;
    }

    /**
     * Shows {@code rows} in {@code table} with the selection kept by {@code key}. Installs a
     * listener before the table's own (which moves the selection) and one after it (which puts it
     * back), so it must be used instead of {@code table.setItems}.
     */
    public static <T, K> KeptSelection<T, K> show(TableView<T> table, ObservableList<T> rows, Function<T, K> key) {
        KeptSelection<T, K> kept = new KeptSelection<>(table, key);
        rows.addListener((ListChangeListener<T>) change -> kept.refreshing = true);
        table.setItems(rows);
        rows.addListener((ListChangeListener<T>) change -> kept.restore());
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<T>) change -> {
            if (!kept.refreshing) {
                kept.remember();
            }
        });
        return kept;
    }

    private void remember() {
        chosen.clear();
        for (T row : table.getSelectionModel().getSelectedItems()) {
            if (row != null) {
                chosen.add(key.apply(row));
            }
        }
    }

    private void restore() {
        try {
            Set<K> now = new LinkedHashSet<>();
            table.getSelectionModel().getSelectedItems().forEach(row -> now.add(key.apply(row)));
            if (now.equals(chosen)) {
                return;
            }
            table.getSelectionModel().clearSelection();
            ObservableList<T> items = table.getItems();
            for (int i = 0; i < items.size(); i++) {
                if (chosen.contains(key.apply(items.get(i)))) {
                    table.getSelectionModel().select(i);
                }
            }
        } finally {
            refreshing = false;
        }
    }
}
