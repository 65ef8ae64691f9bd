package io.redcron.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Sharding;
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
import io.redcron.schedule.CronDialect;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JSON/YAML form of a task, read by {@code task add --file} and written by {@code task show
 * --json}; what one writes, the other reads back. Reading is strict: an unknown or mistyped field
 * is an error naming that field.
 */
public final class TaskDocument {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Set<String> FIELDS = Set.of("id", "namespace", "name", "group", "description", "cron",
            "dialect", "zone", "type", "exec", "shell", "http", "java", "timeout", "retries", "misfire",
            "catchUpLimit", "concurrency", "shards", "enabled", "owner", "labels", "alerts", "params", "version",
            "createdAt", "updatedAt", "nextFireTime", "schedule", "retention", "calendar", "alerting", "managed");
    private static final DocumentFields READ = new DocumentFields(InvalidTaskException::new);
    private static final Set<String> RETENTION_FIELDS = Set.of("succeeded", "failed", "keepLast", "output");

    private TaskDocument() {
    }

    /**
     * The task's own retention in a document ({@code retention: {succeeded: 7d, failed: 90d,
     * keepLast: 20, output: 2d}}; ages in whole days or {@code forever}), kept beside the task
     * rather than in it: empty when the document has none.
     */
    public static Optional<io.redcron.domain.RetentionPolicy> retention(JsonNode doc) {
        if (doc == null || !doc.has("retention")) {
            return Optional.empty();
        }
        JsonNode node = doc.get("retention");
        if (!node.isObject()) {
            throw new InvalidTaskException("retention", "must be a mapping of succeeded, failed, keepLast, output");
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!RETENTION_FIELDS.contains(name)) {
                throw new InvalidTaskException("retention." + name, "is not a retention field (succeeded, failed,"
                        + " keepLast, output; audit is kept per namespace)");
            }
        }
        try {
            Integer keepLast = null;
            if (node.has("keepLast")) {
                if (!node.get("keepLast").canConvertToInt()) {
                    throw new InvalidTaskException("retention.keepLast", "must be a whole number of runs");
                }
                keepLast = node.get("keepLast").asInt();
            }
            return Optional.of(new io.redcron.domain.RetentionPolicy(
                    io.redcron.domain.RetentionPolicy.days("retention.succeeded", retentionText(node, "succeeded")),
                    io.redcron.domain.RetentionPolicy.days("retention.failed", retentionText(node, "failed")),
                    keepLast,
                    io.redcron.domain.RetentionPolicy.days("retention.output", retentionText(node, "output")), null));
        } catch (InvalidTaskException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // The policy names its own fields (keep-last: …); the document's are retention.keepLast and so on.
            String message = e.getMessage();
            String field = message.substring(0, message.indexOf(':'));
            String problem = message.substring(message.indexOf(':') + 1).strip();
            throw new InvalidTaskException(field.startsWith("retention.") ? field
                    : "retention." + (field.equals("keep-last") ? "keepLast" : field), problem);
        }
    }

    private static String retentionText(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }

    /** The task's own retention as a document section; only the fields it sets. */
    public static ObjectNode retention(io.redcron.domain.RetentionPolicy policy) {
        ObjectNode node = JSON.objectNode();
        if (policy.succeededDays() != null) {
            node.put("succeeded", io.redcron.domain.RetentionPolicy.daysText(policy.succeededDays()));
        }
        if (policy.failedDays() != null) {
            node.put("failed", io.redcron.domain.RetentionPolicy.daysText(policy.failedDays()));
        }
        if (policy.keepLast() != null) {
            node.put("keepLast", policy.keepLast());
        }
        if (policy.outputDays() != null) {
            node.put("output", io.redcron.domain.RetentionPolicy.daysText(policy.outputDays()));
        }
        return node;
    }

    // ---- calendar: the business calendar a task follows, kept beside the task like retention ----

    /** A task document's {@code calendar:} section: the calendar's name and how the task follows it. */
    public record CalendarSection(String name, io.redcron.calendar.CalendarMode mode) {
    }

    /**
     * The calendar in a document ({@code calendar: {name: cn, mode: business-days}}; the mode is
     * business-days unless given); empty when the document has none.
     */
    public static Optional<CalendarSection> calendar(JsonNode doc) {
        if (doc == null || !doc.has("calendar")) {
            return Optional.empty();
        }
        JsonNode node = doc.get("calendar");
        if (!node.isObject() || !node.hasNonNull("name")) {
            throw new InvalidTaskException("calendar", "must be a mapping of name and mode, e.g. {name: cn, mode: business-days}");
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!name.equals("name") && !name.equals("mode")) {
                throw new InvalidTaskException("calendar." + name, "is not a calendar field (name, mode)");
            }
        }
        try {
            String name = io.redcron.calendar.BusinessCalendar.checkName("calendar.name", node.get("name").asText());
            io.redcron.calendar.CalendarMode mode = node.hasNonNull("mode")
                    ? io.redcron.calendar.CalendarMode.parse("calendar.mode", node.get("mode").asText())
                    : io.redcron.calendar.CalendarMode.BUSINESS_DAYS;
            return Optional.of(new CalendarSection(name, mode));
        } catch (io.redcron.calendar.InvalidCalendarException e) {
            throw new InvalidTaskException(e.field(), e.getMessage().substring(e.field().length() + 2));
        }
    }

    /** The task's calendar as a document section. */
    public static ObjectNode calendar(io.redcron.calendar.CalendarBinding binding) {
        ObjectNode node = JSON.objectNode();
        node.put("name", binding.calendar());
        node.put("mode", binding.mode().id());
        return node;
    }

    /** Reads a document onto a builder (which may already hold defaults or a stored task). */
    public static Task.Builder read(JsonNode doc, Task.Builder into) {
        if (doc == null || !doc.isObject()) {
            throw new InvalidTaskException("file", "must hold one task as a mapping of fields");
        }
        Iterator<String> names = doc.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new InvalidTaskException(name, "is not a task field");
            }
        }
        READ.text(doc, "namespace").ifPresent(into::namespace);
        READ.text(doc, "name").ifPresent(into::name);
        READ.text(doc, "group").ifPresent(into::group);
        READ.text(doc, "description").ifPresent(into::description);
        READ.text(doc, "cron").ifPresent(into::cron);
        READ.text(doc, "dialect").ifPresent(value -> into.dialect(dialect(value)));
        READ.text(doc, "zone").ifPresent(value -> into.zone(Task.zone(value)));
        payload(doc).ifPresent(into::payload);
        READ.text(doc, "timeout").ifPresent(value -> into.timeout(Durations.parse("timeout", value)));
        if (doc.has("retries")) {
            into.retry(retry(doc.get("retries")));
        }
        READ.text(doc, "misfire").ifPresent(value -> into.misfirePolicy(MisfirePolicy.parse(value)));
        if (doc.has("catchUpLimit")) {
            into.catchUpLimit(READ.integer(doc.get("catchUpLimit"), "catchUpLimit"));
        }
        READ.text(doc, "concurrency").ifPresent(value -> into.concurrencyPolicy(ConcurrencyPolicy.parse(value)));
        if (doc.has("shards") && !doc.get("shards").isNull()) {
            // A number of shards, or the words per-worker and none.
            JsonNode shards = doc.get("shards");
            if (!shards.isTextual() && !shards.isIntegralNumber()) {
                throw new InvalidTaskException("shards", "must be a number of shards, 'per-worker' or 'none'");
            }
            into.sharding(Sharding.parse(shards.asText()));
        }
        if (doc.has("enabled")) {
            if (!doc.get("enabled").isBoolean()) {
                throw new InvalidTaskException("enabled", "must be true or false");
            }
            into.enabled(doc.get("enabled").asBoolean());
        }
        READ.text(doc, "owner").ifPresent(into::owner);
        if (doc.has("labels")) {
            into.labels(READ.stringMap(doc.get("labels"), "labels"));
        }
        if (doc.has("alerts")) {
            into.alertTargets(stringList(doc.get("alerts"), "alerts"));
        }
        if (doc.has("params")) {
            into.params(READ.stringMap(doc.get("params"), "params"));
        }
        return into;
    }

    public static CronDialect dialect(String value) {
        try {
            return CronDialect.parse(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidTaskException("dialect", "'" + value + "' is not one of unix, quartz, spring");
        }
    }

    /**
     * The document of a stored task.
     *
     * @param nextFireTime when it fires next (from the scheduler, or computed), or null
     */
    public static ObjectNode write(Task task, Instant nextFireTime, Locale locale) {
        ObjectNode doc = JSON.objectNode();
        if (task.id() != null) {
            doc.put("id", task.id());
        }
        doc.put("namespace", task.namespace());
        doc.put("name", task.name());
        doc.put("group", task.group());
        doc.put("description", task.description());
        doc.put("cron", task.cron());
        doc.put("dialect", task.dialect().id());
        doc.put("zone", task.zone().getId());
        doc.put("schedule", task.schedule().describe(locale));
        doc.put("type", task.type().id());
        doc.set(task.type().id(), payload(task.payload()));
        doc.put("timeout", Durations.format(task.timeout()));
        ObjectNode retries = doc.putObject("retries");
        retries.put("maxAttempts", task.retry().maxAttempts());
        retries.put("initialBackoff", Durations.format(task.retry().initialBackoff()));
        retries.put("multiplier", task.retry().multiplier());
        retries.put("maxBackoff", Durations.format(task.retry().maxBackoff()));
        retries.put("jitter", task.retry().jitter());
        doc.put("misfire", task.misfirePolicy().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        doc.put("catchUpLimit", task.catchUpLimit());
        doc.put("concurrency", task.concurrencyPolicy().name().toLowerCase(Locale.ROOT));
        if (task.sharding().kind() == Sharding.Kind.FIXED) {
            doc.put("shards", task.sharding().count());
        } else if (task.sharding().isSharded()) {
            doc.put("shards", task.sharding().format());
        }
        doc.put("enabled", task.enabled());
        doc.put("owner", task.owner());
        doc.set("labels", DocumentFields.map(task.labels()));
        ArrayNode alerts = doc.putArray("alerts");
        task.alertTargets().forEach(alerts::add);
        doc.set("params", DocumentFields.map(task.params()));
        doc.put("version", task.version());
        doc.put("createdAt", instant(task.createdAt(), task.zone()));
        doc.put("updatedAt", instant(task.updatedAt(), task.zone()));
        doc.put("nextFireTime", instant(nextFireTime, task.zone()));
        return doc;
    }

    /** ISO-8601 with the zone's offset, as the CLI prints every time: {@code 2026-12-31T00:00:00+08:00}. */
    public static String instant(Instant instant, ZoneId zone) {
        return instant == null ? null : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(ZonedDateTime.ofInstant(instant, zone));
    }

    private static JsonNode payload(TaskPayload payload) {
        ObjectNode node = JSON.objectNode();
        if (payload instanceof ExecPayload exec) {
            ArrayNode argv = node.putArray("argv");
            exec.argv().forEach(argv::add);
            node.put("workDir", exec.workDir());
            node.set("env", DocumentFields.map(exec.env()));
        } else if (payload instanceof ShellPayload shell) {
            node.put("command", shell.command());
            node.put("workDir", shell.workDir());
            node.set("env", DocumentFields.map(shell.env()));
        } else if (payload instanceof HttpPayload http) {
            node.put("method", http.method());
            node.put("url", http.url().toString());
            node.set("headers", DocumentFields.map(http.headers()));
            node.put("body", http.body());
            ArrayNode accept = node.putArray("acceptedStatuses");
            http.acceptedStatuses().stream().sorted().forEach(accept::add);
            node.put("redirects", http.redirects().id());
        } else if (payload instanceof JavaPayload java) {
            node.put("handler", java.handler());
            node.set("settings", DocumentFields.map(java.settings()));
        }
        return node;
    }

    private static Optional<TaskPayload> payload(JsonNode doc) {
        List<String> given = new ArrayList<>();
        for (String kind : List.of("exec", "shell", "http", "java")) {
            if (doc.has(kind) && !doc.get(kind).isNull()) {
                given.add(kind);
            }
        }
        Optional<String> type = READ.text(doc, "type").map(value -> value.toLowerCase(Locale.ROOT));
        if (given.isEmpty()) {
            type.ifPresent(value -> {
                throw new InvalidTaskException(value, "type is " + value + " but no '" + value + "' section is given");
            });
            return Optional.empty();
        }
        if (given.size() > 1) {
            throw new InvalidTaskException("type", "give one of exec, shell, http, java; got " + String.join(" and ", given));
        }
        String kind = given.get(0);
        if (type.isPresent() && !type.get().equals(kind)) {
            throw new InvalidTaskException("type", "is " + type.get() + " but the '" + kind + "' section is given");
        }
        JsonNode node = doc.get(kind);
        return Optional.of(switch (kind) {
            case "exec" -> node.isArray()
                    ? new ExecPayload(stringList(node, "exec"), null, Map.of())
                    : new ExecPayload(stringList(required(node, "exec", "argv"), "exec.argv"),
                    READ.text(node, "workDir").orElse(null), READ.stringMap(node.get("env"), "env"));
            case "shell" -> node.isTextual()
                    ? new ShellPayload(node.asText(), null, Map.of())
                    : new ShellPayload(READ.text(node, "command").orElse(null), READ.text(node, "workDir").orElse(null),
                    READ.stringMap(node.get("env"), "env"));
            case "http" -> node.isTextual()
                    ? new HttpPayload("GET", HttpPayload.url(node.asText()), Map.of(), "", Set.of())
                    : new HttpPayload(READ.text(node, "method").orElse("GET"),
                    HttpPayload.url(READ.text(node, "url").orElse(null)),
                    READ.stringMap(node.get("headers"), "headers"),
                    READ.text(node, "body").orElse(""), statuses(node.get("acceptedStatuses")),
                    READ.text(node, "redirects").map(RedirectPolicy::parse).orElse(RedirectPolicy.NONE));
            default -> node.isTextual()
                    ? new JavaPayload(node.asText(), Map.of())
                    : new JavaPayload(READ.text(node, "handler").orElse(null),
                    READ.stringMap(node.get("settings"), "settings"));
        });
    }

    private static RetryPolicy retry(JsonNode node) {
        if (node.isInt()) {
            return RetryPolicy.retries(node.asInt());
        }
        if (!node.isObject()) {
            throw new InvalidTaskException("retries", "must be a number of retries or a mapping (maxAttempts, initialBackoff, …)");
        }
        RetryPolicy defaults = RetryPolicy.NONE;
        return new RetryPolicy(
                node.has("maxAttempts") ? READ.integer(node.get("maxAttempts"), "maxAttempts") : defaults.maxAttempts(),
                READ.text(node, "initialBackoff").map(v -> Durations.parse("retry-backoff", v))
                        .orElse(defaults.initialBackoff()),
                node.has("multiplier") ? node.get("multiplier").asDouble(Double.NaN) : defaults.multiplier(),
                READ.text(node, "maxBackoff").map(v -> Durations.parse("retry-max-backoff", v))
                        .orElse(defaults.maxBackoff()),
                node.has("jitter") ? node.get("jitter").asDouble(Double.NaN) : defaults.jitter());
    }

    private static Set<Integer> statuses(JsonNode node) {
        Set<Integer> out = new LinkedHashSet<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isArray()) {
            throw new InvalidTaskException("http-accept", "must be a list of HTTP statuses");
        }
        node.forEach(item -> {
            if (!item.isInt()) {
                throw new InvalidTaskException("http-accept", "'" + item.asText() + "' is not an HTTP status");
            }
            out.add(item.asInt());
        });
        return out;
    }

    private static JsonNode required(JsonNode node, String field, String child) {
        JsonNode value = node.get(child);
        if (value == null || value.isNull()) {
            throw new InvalidTaskException(field, "needs '" + child + "'");
        }
        return value;
    }

    private static List<String> stringList(JsonNode node, String field) {
        if (!node.isArray()) {
            throw new InvalidTaskException(field, "must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        node.forEach(item -> {
            if (!item.isValueNode() || item.isNull()) {
                throw new InvalidTaskException(field, "must be a list of strings");
            }
            out.add(item.asText());
        });
        return out;
    }

    // ---- alerting: the task's own alert rules, kept beside the task as its retention is ----

    private static final Set<String> ALERTING_FIELDS = Set.of("slowAfter", "slowFactor", "successWithin");

    /**
     * The task's own alert rules in a document ({@code alerting: {slowAfter: 10m, slowFactor: 3,
     * successWithin: 2h}}): empty when the document has none.
     */
    public static Optional<io.redcron.domain.AlertRule> alerting(JsonNode doc) {
        if (doc == null || !doc.has("alerting")) {
            return Optional.empty();
        }
        JsonNode node = doc.get("alerting");
        if (!node.isObject()) {
            throw new InvalidTaskException("alerting", "must be a mapping of slowAfter, slowFactor, successWithin");
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!ALERTING_FIELDS.contains(name)) {
                throw new InvalidTaskException("alerting." + name, "is not an alerting field (slowAfter, slowFactor,"
                        + " successWithin)");
            }
        }
        java.time.Duration slowAfter = node.hasNonNull("slowAfter")
                ? Durations.parse("alerting.slowAfter", node.get("slowAfter").asText()) : null;
        java.math.BigDecimal slowFactor = node.hasNonNull("slowFactor")
                ? io.redcron.domain.AlertRule.factor("alerting.slowFactor", node.get("slowFactor").asText()) : null;
        java.time.Duration successWithin = node.hasNonNull("successWithin")
                ? Durations.parse("alerting.successWithin", node.get("successWithin").asText()) : null;
        return Optional.of(new io.redcron.domain.AlertRule(slowAfter, slowFactor, successWithin));
    }

    /** The task's own alert rules as a document section; only the fields it sets. */
    public static ObjectNode alerting(io.redcron.domain.AlertRule rule) {
        ObjectNode node = JSON.objectNode();
        if (rule.slowAfter() != null) {
            node.put("slowAfter", Durations.format(rule.slowAfter()));
        }
        if (rule.slowFactor() != null) {
            node.put("slowFactor", rule.slowFactor());
        }
        if (rule.successWithin() != null) {
            node.put("successWithin", Durations.format(rule.successWithin()));
        }
        return node;
    }
}
