package io.redcron.config;

import io.redcron.domain.TaskType;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What this node's worker may run. The stores are not trusted to run arbitrary code: a task type
 * not in {@code types}, a command matching none of {@code allowCommands} (when any are set), or
 * an HTTP URL matching none of {@code allowUrls} (when any are set) is refused by the node.
 *
 * @param allowUrls        patterns an HTTP task's URL, and each redirect, must match as a whole
 *                         when any are given; a match also lets a URL reach internal addresses
 * @param httpMaxResponse  bytes of an HTTP response body read at most
 */
public record WorkerConfig(Duration lease, int outputTailBytes, Set<TaskType> types, List<Pattern> allowCommands,
                           int resultBatch, Duration taskCacheTtl, int prefetch, List<Pattern> allowUrls,
                           int httpMaxResponse) {
    public static final int DEFAULT_RESULT_BATCH = 256;
    public static final Duration DEFAULT_TASK_CACHE_TTL = Duration.ofSeconds(5);
    public static final int DEFAULT_PREFETCH = 10_000;
    public static final int DEFAULT_HTTP_MAX_RESPONSE = 1 << 20;

    public WorkerConfig {
        types = Set.copyOf(types);
        allowCommands = List.copyOf(allowCommands);
        allowUrls = List.copyOf(allowUrls);
        if (httpMaxResponse < 0) {
            throw new IllegalArgumentException("worker.http-max-response must not be negative: " + httpMaxResponse);
        }
    }

    public WorkerConfig(Duration lease, int outputTailBytes, Set<TaskType> types, List<Pattern> allowCommands) {
        this(lease, outputTailBytes, types, allowCommands, DEFAULT_RESULT_BATCH, DEFAULT_TASK_CACHE_TTL,
                DEFAULT_PREFETCH, List.of(), DEFAULT_HTTP_MAX_RESPONSE);
    }

    /** The same limits with these URL patterns. */
    public WorkerConfig withAllowUrls(List<Pattern> patterns) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands, resultBatch, taskCacheTtl, prefetch,
                patterns, httpMaxResponse);
    }

    /** The same limits with this response cap. */
    public WorkerConfig withHttpMaxResponse(int bytes) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands, resultBatch, taskCacheTtl, prefetch,
                allowUrls, bytes);
    }
}
