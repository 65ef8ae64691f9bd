package io.redcron.port;

/** Offset paging; {@code limit} is capped so no caller can ask for an unbounded result. */
public record PageRequest(int offset, int limit) {
    public static final int MAX_LIMIT = 10_000;

    public PageRequest {
        if (offset < 0) {
            throw new IllegalArgumentException("offset: must not be negative, got " + offset);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: must be 1-" + MAX_LIMIT + ", got " + limit);
        }
    }

    public static PageRequest first(int limit) {
        return new PageRequest(0, limit);
    }
}
