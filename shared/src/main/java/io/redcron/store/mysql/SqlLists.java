package io.redcron.store.mysql;

import java.util.Collections;

/** Placeholders for a list of bound values: {@code IN (?, ?, ?)}. */
final class SqlLists {
    private SqlLists() {
    }

    /** {@code n} comma-separated placeholders; n is at least 1. */
    static String marks(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a list of values needs at least one, got " + n);
        }
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
