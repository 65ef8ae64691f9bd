package io.redcron.desktop.tasks;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Durations;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;
import io.redcron.format.TaskDocument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the editor's text fields into a {@link Task}, checking every field on its own so that all
 * problems show at once, each at its field. Pure: no JavaFX, so it is tested directly.
 */
final class TaskForm {
    /** The editor's raw values, as typed. */
    record Values(String name, String group, String description, String cron, String dialect, String zone,
                  TaskType type, String command, String workDir, String env, String httpMethod, String url,
                  String headers, String body, String accept, RedirectPolicy redirects, String timeout,
                  String retries, String backoff,
                  String multiplier, String maxBackoff, String jitter, MisfirePolicy misfire, String catchUpLimit,
                  ConcurrencyPolicy concurrency, boolean enabled, String owner, String labels, String alerts,
                  String params, String shards) {

        /** A task that is not sharded. */
        Values(String name, String group, String description, String cron, String dialect, String zone,
               TaskType type, String command, String workDir, String env, String httpMethod, String url,
               String headers, String body, String accept, RedirectPolicy redirects, String timeout,
               String retries, String backoff,
               String multiplier, String maxBackoff, String jitter, MisfirePolicy misfire, String catchUpLimit,
               ConcurrencyPolicy concurrency, boolean enabled, String owner, String labels, String alerts,
               String params) {
            this(name, group, description, cron, dialect, zone, type, command, workDir, env, httpMethod, url, headers,
                    body, accept, redirects, timeout, retries, backoff, multiplier, maxBackoff, jitter, misfire,
                    catchUpLimit, concurrency, enabled, owner, labels, alerts, params, "");
        }
    }

    /** Either a valid task, or the errors by field name. */
    record Result(Task task, Map<String, String> errors) {
        boolean valid() {
            return errors.isEmpty();
        }
    }

    private final Map<String, String> errors = new LinkedHashMap<>();

    static Result check(Values v, Task base) {
        return new TaskForm().build(v, base);
    }

    private Result build(Values v, Task base) {
        Task.Builder builder = base == null ? Task.builder() : base.toBuilder();
        field("name", () -> {
            if (v.name() == null || v.name().isBlank()) {
                throw new InvalidTaskException("name", "is required");
            }
            builder.name(v.name());
        });
        field("group", () -> builder.group(v.group().isBlank() ? Task.DEFAULT_GROUP : v.group().trim()));
        field("description", () -> builder.description(v.description()));
        field("dialect", () -> builder.dialect(TaskDocument.dialect(v.dialect())));
        field("zone", () -> builder.zone(Task.zone(v.zone())));
        field("cron", () -> {
            try {
                io.redcron.schedule.CronSchedule.parse(v.cron(), TaskDocument.dialect(v.dialect()));
            } catch (io.redcron.schedule.InvalidCronException e) {
                throw new InvalidTaskException("cron", e.getMessage());
            }
            builder.cron(v.cron());
        });
        field("timeout", () -> {
            java.time.Duration timeout = Durations.parse("timeout", v.timeout());
            if (timeout.isZero() || timeout.isNegative()) {
                throw new InvalidTaskException("timeout", "must be positive, got " + Durations.format(timeout));
            }
            builder.timeout(timeout);
        });
        field("retries", () -> builder.retry(retry(v)));
        field("catch-up-limit", () -> builder.catchUpLimit(integer("catch-up-limit", v.catchUpLimit())));
        builder.misfirePolicy(v.misfire()).concurrencyPolicy(v.concurrency()).enabled(v.enabled());
        field("shards", () -> builder.sharding(io.redcron.domain.Sharding.parse(v.shards())));
        field("owner", () -> builder.owner(v.owner()));
        field("labels", () -> builder.labels(pairs("labels", v.labels(), '=')));
        field("alerts", () -> builder.alertTargets(lines(v.alerts())));
        field("params", () -> builder.params(pairs("params", v.params(), '=')));
        field(payloadField(v.type()), () -> builder.payload(payload(v)));
        if (!errors.isEmpty()) {
            return new Result(null, Map.copyOf(errors));
        }
        try {
            return new Result(builder.build(), Map.of());
        } catch (InvalidTaskException e) {
            errors.put(e.field(), message(e));
            return new Result(null, Map.copyOf(errors));
        }
    }

    private void field(String name, Runnable parse) {
        try {
            parse.run();
        } catch (InvalidTaskException e) {
            errors.putIfAbsent(e.field(), message(e));
        } catch (IllegalArgumentException e) {
            errors.putIfAbsent(name, e.getMessage());
        }
    }

    /** The message without its leading field name: the editor shows it next to the field. */
    static String message(InvalidTaskException e) {
        String prefix = e.field() + ": ";
        return e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage();
    }

    static String payloadField(TaskType type) {
        return switch (type) {
            case EXEC -> "exec";
            case SHELL -> "shell";
            case HTTP -> "url";
            case JAVA -> "handler";
        };
    }

    private static TaskPayload payload(Values v) {
        // the environment is read only for the types that show it: a hidden field cannot be wrong
        return switch (v.type()) {
            case EXEC -> new ExecPayload(lines(v.command()), blankToNull(v.workDir()), pairs("env", v.env(), '='));
            case SHELL -> new ShellPayload(v.command(), blankToNull(v.workDir()), pairs("env", v.env(), '='));
            case HTTP -> new HttpPayload(v.httpMethod(), HttpPayload.url(v.url()), pairs("http-header", v.headers(), ':'),
                    v.body(), statuses(v.accept()), v.redirects());
            case JAVA -> new JavaPayload(v.command() == null ? null : v.command().trim(), Map.of());
        };
    }

    private static RetryPolicy retry(Values v) {
        int retries = integer("retries", v.retries());
        return new RetryPolicy(retries + 1, Durations.parse("retry-backoff", v.backoff()),
                decimal("retry-multiplier", v.multiplier()), Durations.parse("retry-max-backoff", v.maxBackoff()),
                decimal("retry-jitter", v.jitter()));
    }

    private static int integer(String field, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (RuntimeException e) {
            throw new InvalidTaskException(field, "'" + text + "' is not a whole number");
        }
    }

    private static double decimal(String field, String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (RuntimeException e) {
            throw new InvalidTaskException(field, "'" + text + "' is not a number");
        }
    }

    private static Set<Integer> statuses(String text) {
        Set<Integer> out = new LinkedHashSet<>();
        for (String part : text == null ? new String[0] : text.split("[,\\s]+")) {
            if (!part.isBlank()) {
                out.add(integer("http-accept", part));
            }
        }
        return out;
    }

    /** One entry per non-blank line. */
    static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        if (text != null) {
            for (String line : text.split("\\R")) {
                if (!line.isBlank()) {
                    out.add(line.strip());
                }
            }
        }
        return out;
    }

    /** {@code KEY=VALUE} (or {@code Name: value}) per line. */
    static Map<String, String> pairs(String field, String text, char separator) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines(text)) {
            int at = line.indexOf(separator);
            if (at <= 0) {
                throw new InvalidTaskException(field, "'" + line + "' is not " + (separator == '=' ? "KEY=VALUE" : "Name: value"));
            }
            out.put(line.substring(0, at).trim(), line.substring(at + 1).trim());
        }
        return out;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }
}
