package io.redcron.config;

import io.redcron.domain.TaskType;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What this node's worker may run. The stores are not trusted to run arbitrary code: a task type
 * not in {@code types}, or a command matching none of {@code allowCommands} (when any are set),
 * is refused by the node.
 */
public record WorkerConfig(Duration lease, int outputTailBytes, Set<TaskType> types, List<Pattern> allowCommands,
                           int resultBatch, Duration taskCacheTtl, int prefetch) {
    public static final int DEFAULT_RESULT_BATCH = 256;
    public static final Duration DEFAULT_TASK_CACHE_TTL = Duration.ofSeconds(5);
    public static final int DEFAULT_PREFETCH = 10_000;

    public WorkerConfig {
        types = Set.copyOf(types);
        allowCommands = List.copyOf(allowCommands);
    }

    public WorkerConfig(Duration lease, int outputTailBytes, Set<TaskType> types, List<Pattern> allowCommands) {
        this(lease, outputTailBytes, types, allowCommands, DEFAULT_RESULT_BATCH, DEFAULT_TASK_CACHE_TTL,
                DEFAULT_PREFETCH);
    }
}
