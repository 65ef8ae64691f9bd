package io.redcron.desktop.ui;

import javafx.collections.ObservableList;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Refreshes a table's rows without disturbing the user: a row whose key is still there keeps its
 * place and is replaced only if it changed, rows gone are removed, new rows are added at the end.
 * A table keeps its selection through such a refresh (it follows items, not indexes, when rows
 * before it stay put), so a click never lands on a row that moved in between.
 */
public final class StableRows {
    private StableRows() {
    }

    /** Brings {@code rows} to the contents of {@code fresh}, keeping the order of the rows that stay. */
    public static <T, K> void update(ObservableList<T> rows, List<T> fresh, Function<T, K> key) {
        Map<K, T> byKey = new HashMap<>();
        for (T row : fresh) {
            byKey.put(key.apply(row), row);
        }
        rows.removeIf(row -> !byKey.containsKey(key.apply(row)));
        Map<K, Integer> kept = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            K id = key.apply(rows.get(i));
            kept.put(id, i);
            T now = byKey.get(id);
            if (!Objects.equals(rows.get(i), now)) {
                rows.set(i, now);
            }
        }
        for (T row : fresh) {
            if (!kept.containsKey(key.apply(row))) {
                rows.add(row);
            }
        }
    }
}
