package io.redcron.config;

import io.redcron.domain.TaskType;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What this node's worker may run, and how. The stores are not trusted to run arbitrary code: a
 * task type not in {@code types} is refused; on a node with an allowlist ({@code allowCommands}
 * not empty) the whole execution context of a process task is checked: its command, the names of
 * its environment variables ({@code allowEnv}) and its working directory ({@code allowWorkDirs});
 * and an HTTP URL matching none of {@code allowUrls} (when any are set) is refused.
 *
 * @param allowUrls        patterns an HTTP task's URL, and each redirect, must match as a whole
 *                         when any are given; a match also lets a URL reach internal addresses
 * @param httpMaxResponse  bytes of an HTTP response body read at most
 * @param runAs            the system user exec and shell tasks run as; empty: the node's own user
 * @param killProcessGroup whether what a run's program leaves running in its session is killed
 *                         when the program ends
 * @param secretsDir       where {@code ${secret:NAME}} references are read from; empty: nowhere
 */
public record WorkerConfig(Duration lease, int outputTailBytes, Set<TaskType> types, List<CommandPattern> allowCommands,
                           int resultBatch, Duration taskCacheTtl, int prefetch, List<Pattern> allowUrls,
                           int httpMaxResponse, List<Pattern> allowEnv, List<Pattern> allowWorkDirs,
                           Optional<String> runAs, boolean killProcessGroup, Optional<Path> secretsDir) {
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
        allowEnv = List.copyOf(allowEnv);
        allowWorkDirs = List.copyOf(allowWorkDirs);
        Objects.requireNonNull(runAs, "runAs");
        Objects.requireNonNull(secretsDir, "secretsDir");
    }

    public WorkerConfig(Duration lease, int outputTailBytes, Set<TaskType> types, List<CommandPattern> allowCommands) {
        this(lease, outputTailBytes, types, allowCommands, DEFAULT_RESULT_BATCH, DEFAULT_TASK_CACHE_TTL,
                DEFAULT_PREFETCH, List.of(), DEFAULT_HTTP_MAX_RESPONSE, List.of(), List.of(), Optional.empty(), true,
                Optional.empty());
    }

    /** The same limits with these URL patterns. */
    public WorkerConfig withAllowUrls(List<Pattern> patterns) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands, resultBatch, taskCacheTtl, prefetch,
                patterns, httpMaxResponse, allowEnv, allowWorkDirs, runAs, killProcessGroup, secretsDir);
    }

    /** The same limits with this response cap. */
    public WorkerConfig withHttpMaxResponse(int bytes) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands, resultBatch, taskCacheTtl, prefetch,
                allowUrls, bytes, allowEnv, allowWorkDirs, runAs, killProcessGroup, secretsDir);
    }

    public WorkerConfig withRunAs(Optional<String> user) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands, resultBatch, taskCacheTtl, prefetch,
                allowUrls, httpMaxResponse, allowEnv, allowWorkDirs, user, killProcessGroup, secretsDir);
    }

    public WorkerConfig withSecretsDir(Optional<Path> dir) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands, resultBatch, taskCacheTtl, prefetch,
                allowUrls, httpMaxResponse, allowEnv, allowWorkDirs, runAs, killProcessGroup, dir);
    }
}
