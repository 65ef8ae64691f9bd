package io.redcron.port;

import java.util.List;

/**
 * One page of a listing, with the total so a UI can show "41-60 of 100,000".
 *
 * <p>A history of millions of runs cannot be counted on every page without reading all of it, so
 * a store may stop counting: then {@code totalIsLowerBound} is true and at least {@code total}
 * items match ("41-60 of at least 10,000"). {@link #hasMore()} is exact either way.
 */
public record Page<T>(List<T> items, long total, int offset, int limit, boolean totalIsLowerBound) {
    public Page {
        items = List.copyOf(items);
    }

    /** A page whose total is exact. */
    public Page(List<T> items, long total, int offset, int limit) {
        this(items, total, offset, limit, false);
    }

    public boolean hasMore() {
        return offset + items.size() < total;
    }
}
