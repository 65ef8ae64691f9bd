package io.redcron.store.mysql;

import io.redcron.port.Page;
import io.redcron.port.PageRequest;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The total of a listing over a history that only grows, counted by reading at most {@link #LIMIT}
 * rows of the index range the listing walks: a count of everything would read millions of rows for
 * every page. The counting statement returns {@code seen} (rows of the range read) and
 * {@code matched} (those that pass the rest of the filter). Fewer than {@link #LIMIT} seen means
 * the range ended and the count is exact; otherwise it is a lower bound.
 */
record BoundedCount(long seen, long matched) {
    static final int LIMIT = 10_000;

    static BoundedCount read(Connection connection, String sql, Object... values) throws SQLException {
        return Jdbc.one(connection, sql, row -> new BoundedCount(row.getLong("seen"), row.getLong("matched")), values)
                .orElseThrow();
    }

    /**
     * The page of {@code fetched}, which holds up to one item more than the page: that one says
     * whether another page follows, however the count came out.
     */
    <T> Page<T> page(List<T> fetched, PageRequest page) {
        boolean more = fetched.size() > page.limit();
        List<T> items = more ? fetched.subList(0, page.limit()) : fetched;
        // Under concurrent writes the two reads may disagree; the page itself is the surer witness.
        long total = Math.max(matched, page.offset() + items.size() + (more ? 1 : 0));
        return new Page<>(items, total, page.offset(), page.limit(), seen >= LIMIT);
    }
}
