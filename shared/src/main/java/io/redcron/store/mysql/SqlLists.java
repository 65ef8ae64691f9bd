package io.redcron.store.mysql;

import java.util.ArrayList;
import java.util.List;

/** Lists of bound values: ids cut into statements of a bounded size, and values put together. */
final class SqlLists {
    private SqlLists() {
    }

    /** {@code ids} in slices of at most {@code size}, in order: one statement each. */
    static <T> List<List<T>> chunks(List<T> ids, int size) {
        List<List<T>> chunks = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += size) {
            chunks.add(ids.subList(from, Math.min(ids.size(), from + size)));
        }
        return chunks;
    }

    /** {@code head}'s values, then {@code tail}'s. */
    static Object[] concat(Object[] head, Object... tail) {
        Object[] all = new Object[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }
}
