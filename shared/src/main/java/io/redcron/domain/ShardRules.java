package io.redcron.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The rules of a sharded fire, pure: whether its parent may be split now under its task's
 * concurrency policy (the policy applies to the fire as a whole, never to one shard against its
 * siblings), and what the parent ends as once its shards have ended.
 */
public final class ShardRules {
    /** Failing shards named in a parent's error; the count covers the rest. */
    static final int NAMED_FAILURES = 3;
    private static final int ERROR_PER_SHARD = 200;

    private ShardRules() {
    }

    /** What to do with a parent that is due to be split. */
    public enum SplitVerdict {
        /** Split it now. */
        SPLIT,
        /** Split it now and ask the earlier parents (and their shards) to stop: replace. */
        SPLIT_AND_CANCEL,
        /** Leave it unsplit while an earlier fire of its task is still under way: forbid. */
        WAIT
    }

    /**
     * The verdict for splitting a parent of a task with {@code policy}, given how many earlier
     * parents of the task are still unended (split or not).
     */
    public static SplitVerdict atSplit(ConcurrencyPolicy policy, int earlierUnended) {
        if (earlierUnended == 0) {
            return SplitVerdict.SPLIT;
        }
        return switch (policy) {
            case ALLOW -> SplitVerdict.SPLIT;
            case FORBID -> SplitVerdict.WAIT;
            case REPLACE -> SplitVerdict.SPLIT_AND_CANCEL;
        };
    }

    /** How a parent ends: its status, and the summary kept as its error (null when all succeeded). */
    public record Settlement(RunStatus status, String error) {
        public Settlement {
            Objects.requireNonNull(status, "status");
        }
    }

    /**
     * What a parent of {@code total} shards comes to, or empty while any of them has not ended.
     * Any failure fails it (naming the first failing shards); else a cancel (of the parent, or of
     * a shard) cancels it; shards all skipped skip it; else it succeeded (noting skipped shards).
     * A shard missing from the history (deleted by hand) counts as failed.
     */
    public static Optional<Settlement> settle(int total, boolean cancelRequested, List<Run> shards) {
        if (total < 1) {
            throw new IllegalArgumentException("total: a split parent has at least one shard, got " + total);
        }
        List<Run> byIndex = new ArrayList<>(shards);
        byIndex.sort(Comparator.comparingInt(Run::shardIndex));
        if (byIndex.stream().anyMatch(shard -> !shard.status().isFinal())) {
            return Optional.empty();
        }
        int succeeded = 0;
        int cancelled = 0;
        int skipped = 0;
        List<String> failures = new ArrayList<>();
        boolean[] seen = new boolean[total];
        for (Run shard : byIndex) {
            if (shard.shardIndex() < 0 || shard.shardIndex() >= total) {
                continue;
            }
            seen[shard.shardIndex()] = true;
            switch (shard.status()) {
                case SUCCEEDED -> succeeded++;
                case CANCELLED -> cancelled++;
                case SKIPPED -> skipped++;
                default -> failures.add("shard " + shard.shardIndex() + ": " + (shard.error() == null
                        ? shard.status().name().toLowerCase(java.util.Locale.ROOT) : oneLine(shard.error())));
            }
        }
        for (int index = 0; index < total; index++) {
            if (!seen[index]) {
                failures.add("shard " + index + ": missing from the history");
            }
        }
        if (!failures.isEmpty()) {
            String named = String.join("; ", failures.subList(0, Math.min(NAMED_FAILURES, failures.size())));
            return Optional.of(new Settlement(RunStatus.FAILED, failures.size() + " of " + total + " shards failed ("
                    + named + (failures.size() > NAMED_FAILURES ? "; …" : "") + ")"));
        }
        if (cancelRequested || cancelled > 0) {
            return Optional.of(new Settlement(RunStatus.CANCELLED, "cancelled: " + succeeded + " of " + total
                    + " shards succeeded, " + cancelled + " cancelled" + (skipped > 0 ? ", " + skipped + " skipped" : "")));
        }
        if (skipped == total) {
            return Optional.of(new Settlement(RunStatus.SKIPPED, "all " + total + " shards were skipped"));
        }
        return Optional.of(new Settlement(RunStatus.SUCCEEDED, skipped == 0 ? null
                : succeeded + " of " + total + " shards succeeded, " + skipped + " skipped"));
    }

    private static String oneLine(String error) {
        String line = error.strip().replaceAll("\\s+", " ");
        return line.length() <= ERROR_PER_SHARD ? line : line.substring(0, ERROR_PER_SHARD - 1) + "…";
    }

    /** The line a parent's progress is shown as, e.g. {@code 5 of 8 ended, 1 failed}. */
    public static Progress progress(int total, List<Run> shards) {
        int ended = 0;
        int failed = 0;
        int running = 0;
        for (Run shard : shards) {
            if (shard.status().isFinal()) {
                ended++;
                if (RunStatus.FAILURES.contains(shard.status())) {
                    failed++;
                }
            } else if (RunStatus.IN_FLIGHT.contains(shard.status())) {
                running++;
            }
        }
        return new Progress(total, ended, failed, running);
    }

    /** How far a sharded fire has come: of {@code total} shards, how many ended, failed, run now. */
    public record Progress(int total, int ended, int failed, int running) {
    }
}
