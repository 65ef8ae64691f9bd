package io.redcron.domain;

/**
 * Whether each fire of a task is fanned out over shards, and how many: none, a fixed number of
 * logical shards (stable whichever workers come and go), or one per live worker of the task's
 * group, counted when the fire is split.
 *
 * <p>In the {@code task.shards} column: 0 none, {@code N > 0} fixed, -1 per worker.
 */
public record Sharding(Kind kind, int count) {
    /** The most shards a fixed sharding may ask for. */
    public static final int MAX_SHARDS = 1000;
    public static final Sharding NONE = new Sharding(Kind.NONE, 0);
    private static final Sharding PER_WORKER = new Sharding(Kind.PER_WORKER, 0);
    private static final int PER_WORKER_COLUMN = -1;

    public enum Kind { NONE, FIXED, PER_WORKER }

    public Sharding {
        Checks.required("shards", kind);
        if (kind == Kind.FIXED && (count < 1 || count > MAX_SHARDS)) {
            throw new InvalidTaskException("shards", "must be 1-" + MAX_SHARDS + ", 'per-worker' or 'none', got " + count);
        }
        if (kind != Kind.FIXED && count != 0) {
            throw new IllegalArgumentException("count: only a fixed sharding has one, got " + count);
        }
    }

    public static Sharding fixed(int shards) {
        return new Sharding(Kind.FIXED, shards);
    }

    public static Sharding perWorker() {
        return PER_WORKER;
    }

    public boolean isSharded() {
        return kind != Kind.NONE;
    }

    /** How many shards a fire is split into when {@code liveWorkers} workers serve the group: at least one. */
    public int shardsFor(int liveWorkers) {
        return switch (kind) {
            case NONE -> 1;
            case FIXED -> count;
            case PER_WORKER -> Math.min(MAX_SHARDS, Math.max(1, liveWorkers));
        };
    }

    /** {@code "8"}, {@code "per-worker"} or {@code "none"}, as {@link #parse} reads it. */
    public String format() {
        return switch (kind) {
            case NONE -> "none";
            case FIXED -> Integer.toString(count);
            case PER_WORKER -> "per-worker";
        };
    }

    /** Reads {@code "8"}, {@code "per-worker"} or {@code "none"} (blank is none); bad input names the field. */
    public static Sharding parse(String text) {
        if (text == null || text.isBlank() || text.trim().equalsIgnoreCase("none")) {
            return NONE;
        }
        String value = text.trim();
        if (value.equalsIgnoreCase("per-worker")) {
            return PER_WORKER;
        }
        try {
            int shards = Integer.parseInt(value);
            if (shards == 0) {
                return NONE;
            }
            return fixed(shards);
        } catch (NumberFormatException e) {
            throw new InvalidTaskException("shards", "must be a number of shards (1-" + MAX_SHARDS
                    + "), 'per-worker' or 'none', got '" + value + "'");
        }
    }

    /** The value of the {@code task.shards} column. */
    public int toColumn() {
        return kind == Kind.PER_WORKER ? PER_WORKER_COLUMN : count;
    }

    public static Sharding fromColumn(int column) {
        if (column == PER_WORKER_COLUMN) {
            return PER_WORKER;
        }
        return column == 0 ? NONE : fixed(column);
    }

    @Override
    public String toString() {
        return format();
    }
}
