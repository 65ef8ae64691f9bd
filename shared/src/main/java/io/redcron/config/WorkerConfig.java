package io.redcron.config;

import io.redcron.domain.TaskType;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import static io.redcron.config.SettingChecks.positive;
import static io.redcron.config.SettingChecks.present;
import static io.redcron.config.SettingChecks.range;

/**
 * What this node's worker may run, and how. The stores are not trusted to run arbitrary code: a
 * task type not in {@code types} is refused; on a node with an allowlist ({@code allowCommands}
 * not empty) the whole execution context of a process task is checked: its command, the names of
 * its environment variables ({@code allowEnv}) and its working directory ({@code allowWorkDirs});
 * and an HTTP URL matching none of {@code allowUrls} (when any are set) is refused.
 *
 * @param lease            the run lease, renewed while a run goes on
 * @param outputTailBytes  bytes of output kept in the run history
 * @param types            task types this node executes; none refuses every run
 * @param resultBatch      most results written in one transaction
 * @param taskCacheTtl     how long a task's definition is reused
 * @param prefetch         runs held for their scheduled time at most
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
    /** A system user name as useradd accepts it; whether it exists is checked when the worker starts. */
    private static final Pattern USER_NAME = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");

    public WorkerConfig {
        positive(Setting.WORKER_LEASE, lease);
        range(Setting.WORKER_OUTPUT_TAIL, outputTailBytes, 1024, 16 * 1024 * 1024);
        types = Set.copyOf(types);
        allowCommands = List.copyOf(allowCommands);
        range(Setting.WORKER_RESULT_BATCH, resultBatch, 1, 10_000);
        positive(Setting.WORKER_TASK_CACHE_TTL, taskCacheTtl);
        range(Setting.WORKER_PREFETCH, prefetch, 1, 1_000_000);
        allowUrls = List.copyOf(allowUrls);
        range(Setting.WORKER_HTTP_MAX_RESPONSE, httpMaxResponse, 0, 1 << 30);
        allowEnv = List.copyOf(allowEnv);
        allowWorkDirs = List.copyOf(allowWorkDirs);
        present(Setting.WORKER_RUN_AS, runAs).ifPresent(user -> {
            if (!USER_NAME.matcher(user).matches()) {
                throw new ConfigException(Setting.WORKER_RUN_AS.key(), "'" + user + "' is not a system user name");
            }
        });
        present(Setting.WORKER_SECRETS_DIR, secretsDir).ifPresent(dir -> {
            if (!dir.isAbsolute()) {
                throw new ConfigException(Setting.WORKER_SECRETS_DIR.key(), "'" + dir + "' must be an absolute path");
            }
        });
    }

    /**
     * These limits and patterns, everything else as the settings' defaults: no URL, environment or
     * working-directory patterns, the node's own user, no secrets.
     */
    public static WorkerConfig of(Duration lease, int outputTailBytes, Set<TaskType> types,
                                  List<CommandPattern> allowCommands) {
        return new WorkerConfig(lease, outputTailBytes, types, allowCommands,
                Setting.WORKER_RESULT_BATCH.defaultInt(), Setting.WORKER_TASK_CACHE_TTL.defaultDuration(),
                Setting.WORKER_PREFETCH.defaultInt(), List.of(), Setting.WORKER_HTTP_MAX_RESPONSE.defaultInt(),
                List.of(), List.of(), Optional.empty(), Setting.WORKER_KILL_PROCESS_GROUP.defaultFlag(),
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
