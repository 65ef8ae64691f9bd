package io.redcron.port;

import java.util.List;

/** One page of a listing, with the total so a UI can show "41-60 of 100,000". */
public record Page<T>(List<T> items, long total, int offset, int limit) {
    public Page {
        items = List.copyOf(items);
    }

    public boolean hasMore() {
        return offset + items.size() < total;
    }
}
