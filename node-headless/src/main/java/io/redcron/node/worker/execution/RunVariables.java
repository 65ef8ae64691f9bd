package io.redcron.node.worker.execution;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The run's identity and parameters as the values every executor hands to the task: environment
 * variables for programs, headers for HTTP. Parameters travel only this way, as data; they are
 * never spliced into a command line, URL or body.
 */
final class RunVariables {
    private static final Pattern PARAM_NAME = io.redcron.domain.Identifiers.PARAMETER_NAME;

    private RunVariables() {
    }

    /** Why the parameters cannot be passed on, if they cannot. */
    static Optional<String> problem(Map<String, String> params) {
        for (Map.Entry<String, String> param : new TreeMap<>(params).entrySet()) {
            if (!PARAM_NAME.matcher(param.getKey()).matches()) {
                return Optional.of("parameter name '" + Texts.oneLine(param.getKey(), 80)
                        + "' must match [A-Za-z_][A-Za-z0-9_]*");
            }
            if (param.getValue() == null || param.getValue().indexOf('\0') >= 0) {
                return Optional.of("parameter '" + param.getKey() + "' has no value or contains a NUL character");
            }
        }
        return Optional.empty();
    }

    static Map<String, String> environment(ExecutionRequest request) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("REDCRON_RUN_ID", Long.toString(request.runId()));
        env.put("REDCRON_TASK_ID", Long.toString(request.taskId()));
        env.put("REDCRON_ATTEMPT", Integer.toString(request.attempt()));
        env.put("REDCRON_SCHEDULED_AT", scheduledAt(request));
        env.put("REDCRON_TASK_NAME", request.taskName());
        if (request.isShard()) {
            env.put("REDCRON_SHARD_INDEX", Integer.toString(request.shardIndex()));
            env.put("REDCRON_SHARD_TOTAL", Integer.toString(request.shardTotal()));
        }
        // Sorted, so that two names differing only in case resolve the same way every time.
        new TreeMap<>(request.params()).forEach((name, value) ->
                env.put("REDCRON_PARAM_" + name.toUpperCase(Locale.ROOT), value));
        return env;
    }

    static Map<String, String> headers(ExecutionRequest request) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Redcron-Run-Id", Long.toString(request.runId()));
        headers.put("X-Redcron-Task-Id", Long.toString(request.taskId()));
        headers.put("X-Redcron-Attempt", Integer.toString(request.attempt()));
        headers.put("X-Redcron-Scheduled-At", scheduledAt(request));
        if (request.isShard()) {
            headers.put("X-Redcron-Shard-Index", Integer.toString(request.shardIndex()));
            headers.put("X-Redcron-Shard-Total", Integer.toString(request.shardTotal()));
        }
        new TreeMap<>(request.params()).forEach((name, value) -> headers.put("X-Redcron-Param-" + name, value));
        return headers;
    }

    /** ISO-8601 in UTC, e.g. {@code 2024-03-31T01:30:00Z}. */
    private static String scheduledAt(ExecutionRequest request) {
        return request.scheduledAt().toString();
    }
}
