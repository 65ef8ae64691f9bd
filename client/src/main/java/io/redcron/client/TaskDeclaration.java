package io.redcron.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A task as an application declares it in code, for {@link HttpRedcronClient#reconcile}. Immutable:
 * each method returns a new declaration, checked as it is made, so a bad one fails where it is
 * written, with a {@link RedcronClientException} naming the field as the task document does.
 * The client checks only what it can cheaply; the node checks the rest (the cron expression, for
 * one) when it reconciles, and names the task and field ({@code tasks[2].cron}).
 *
 * <pre>{@code
 * TaskDeclaration.named("expire-carts").cron("0 3 * * *").zone("Europe/Berlin")
 *         .command("bin/expire-carts", "--older-than", "2h").timeout(Duration.ofMinutes(5)).attempts(3)
 * }</pre>
 */
public final class TaskDeclaration {
    private static final int MAX_NAME = 200;
    private static final int MAX_DESCRIPTION = 2000;
    private static final int MAX_LABEL_VALUE = 200;
    private static final int MAX_ATTEMPTS = 100;
    private static final Duration MAX_TIMEOUT = Duration.ofDays(7);
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
    private static final Pattern LABEL_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,62}");
    private static final Set<String> DIALECTS = Set.of("unix", "quartz", "spring");
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    private static final List<String> CONCURRENCY = List.of("allow", "forbid", "replace");
    private static final List<String> MISFIRE = List.of("fire-once", "skip", "catch-up");
    private static final List<String> PAYLOADS = List.of("exec", "shell", "http", "java");

    /** The document's fields as given so far; payloads, labels and params are nested maps. */
    private final Map<String, Object> fields;

    private TaskDeclaration(Map<String, Object> fields) {
        this.fields = fields;
    }

    /** A task with this name; the name is what a later declaration of the same task must use. */
    public static TaskDeclaration named(String name) {
        if (name == null || name.isBlank()) {
            throw new RedcronClientException("name", "a task name is required");
        }
        if (name.length() > MAX_NAME) {
            throw new RedcronClientException("name", "is " + name.length() + " characters long, at most " + MAX_NAME
                    + " allowed");
        }
        if (name.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
            throw new RedcronClientException("name", "must not contain control characters");
        }
        return new TaskDeclaration(Map.of("name", name));
    }

    /** When it fires: a cron expression of the task's dialect (unix unless {@link #dialect} says otherwise). */
    public TaskDeclaration cron(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new RedcronClientException("cron", "an expression is required, for example '0 3 * * *'");
        }
        return with("cron", expression.strip());
    }

    /** The cron dialect: {@code unix}, {@code quartz} (with seconds) or {@code spring}. */
    public TaskDeclaration dialect(String dialect) {
        String id = dialect == null ? "" : dialect.strip().toLowerCase(Locale.ROOT);
        if (!DIALECTS.contains(id)) {
            throw new RedcronClientException("dialect", "'" + dialect + "' is not one of unix, quartz, spring");
        }
        return with("dialect", id);
    }

    /** The time zone its cron expression is read in, for example {@code Europe/Berlin}. */
    public TaskDeclaration zone(String zone) {
        try {
            ZoneId.of(zone == null ? "" : zone.strip());
        } catch (DateTimeException e) {
            throw new RedcronClientException("zone", "'" + zone + "' is not a time zone (for example Europe/Berlin or UTC)");
        }
        return with("zone", zone.strip());
    }

    /** The routing group: only workers serving it run the task. */
    public TaskDeclaration group(String group) {
        if (group == null || !IDENTIFIER.matcher(group).matches()) {
            throw new RedcronClientException("group", "'" + group + "' must be 1-64 letters, digits, '.', '_' or '-',"
                    + " starting with a letter or digit");
        }
        return with("group", group);
    }

    public TaskDeclaration description(String description) {
        if (description == null) {
            throw new RedcronClientException("description", "must not be null; give \"\" for none");
        }
        if (description.length() > MAX_DESCRIPTION) {
            throw new RedcronClientException("description", "is " + description.length() + " characters long, at most "
                    + MAX_DESCRIPTION + " allowed");
        }
        return with("description", description);
    }

    /** Runs a program with these arguments, without a shell (task type exec). */
    public TaskDeclaration command(String... argv) {
        if (argv == null || argv.length == 0 || argv[0] == null || argv[0].isBlank()) {
            throw new RedcronClientException("exec", "a program to run is required");
        }
        if (Arrays.stream(argv).anyMatch(arg -> arg == null || arg.indexOf('\0') >= 0)) {
            throw new RedcronClientException("exec", "an argument is null or contains a NUL character");
        }
        return payload("exec", Map.of("argv", List.of(argv)));
    }

    /** Runs a script with {@code /bin/sh -c} (task type shell). */
    public TaskDeclaration shell(String script) {
        if (script == null || script.isBlank()) {
            throw new RedcronClientException("shell", "a command line is required");
        }
        return payload("shell", Map.of("command", script));
    }

    /** Calls a URL (task type http); the run succeeds on any 2xx answer. */
    public TaskDeclaration http(String method, String url) {
        String verb = method == null ? "" : method.strip().toUpperCase(Locale.ROOT);
        if (!METHODS.contains(verb)) {
            throw new RedcronClientException("http-method", "'" + method + "' is not one of " + new java.util.TreeSet<>(METHODS));
        }
        checkUrl(url);
        Map<String, Object> http = new LinkedHashMap<>();
        http.put("method", verb);
        http.put("url", url);
        return payload("http", http);
    }

    /** Adds a header to the call of {@link #http}. */
    public TaskDeclaration header(String name, String value) {
        if (name == null || name.isBlank() || name.chars().anyMatch(c -> c <= ' ' || c == ':' || c >= 0x7f)) {
            throw new RedcronClientException("http-header", "'" + name + "' is not a valid header name");
        }
        if (value == null || value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
            throw new RedcronClientException("http-header", "the value of '" + name + "' is null or contains a line break");
        }
        return withHttp("http-header", http -> {
            @SuppressWarnings("unchecked")
            Map<String, String> headers = new TreeMap<>((Map<String, String>) http.getOrDefault("headers", Map.of()));
            headers.put(name, value);
            http.put("headers", Collections.unmodifiableMap(headers));
        });
    }

    /** The body the call of {@link #http} sends. */
    public TaskDeclaration body(String body) {
        if (body == null) {
            throw new RedcronClientException("http-body", "must not be null; give \"\" for none");
        }
        return withHttp("http-body", http -> http.put("body", body));
    }

    /** Calls a handler class inside a worker's JVM (task type java). */
    public TaskDeclaration java(String handler) {
        if (handler == null || handler.isBlank()) {
            throw new RedcronClientException("java", "a handler class name is required");
        }
        return payload("java", Map.of("handler", handler.strip()));
    }

    /** How long one attempt may run before it is stopped; at most 7 days, whole milliseconds. */
    public TaskDeclaration timeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new RedcronClientException("timeout", "must be positive, got " + timeout);
        }
        if (timeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new RedcronClientException("timeout", "must be at most 7d, got " + timeout);
        }
        if (timeout.getNano() % 1_000_000 != 0) {
            throw new RedcronClientException("timeout", "must be whole milliseconds, got " + timeout);
        }
        return with("timeout", format(timeout));
    }

    /** How many attempts a run gets at most, the first one included (1 means no retries); 1-100. */
    public TaskDeclaration attempts(int attempts) {
        if (attempts < 1 || attempts > MAX_ATTEMPTS) {
            throw new RedcronClientException("retries", "max attempts must be 1-" + MAX_ATTEMPTS + ", got " + attempts);
        }
        return with("retries", Map.of("maxAttempts", attempts));
    }

    /** What a fire does when a run of the task is still in flight: {@code allow}, {@code forbid} or {@code replace}. */
    public TaskDeclaration concurrency(String policy) {
        return with("concurrency", oneOf("concurrency", policy, CONCURRENCY));
    }

    /** What the scheduler does with fires it missed: {@code fire-once}, {@code skip} or {@code catch-up}. */
    public TaskDeclaration misfire(String policy) {
        return with("misfire", oneOf("misfire", policy, MISFIRE));
    }

    public TaskDeclaration label(String key, String value) {
        if (key == null || !LABEL_KEY.matcher(key).matches()) {
            throw new RedcronClientException("labels", "'" + key + "' is not a label key (letters, digits, '.', '_',"
                    + " '/', '-')");
        }
        if (value == null || value.length() > MAX_LABEL_VALUE) {
            throw new RedcronClientException("labels", "the value of '" + key + "' must be at most " + MAX_LABEL_VALUE
                    + " characters");
        }
        return withEntry("labels", key, value);
    }

    /** A default parameter of its runs; a run sees it as {@code $REDCRON_PARAM_<NAME>}. */
    public TaskDeclaration param(String name, String value) {
        if (name == null || !PARAMETER_NAME.matcher(name).matches()) {
            throw new RedcronClientException("params", "parameter name '" + name
                    + "' must match [A-Za-z_][A-Za-z0-9_]* (at most 64 characters)");
        }
        if (value == null || value.indexOf('\0') >= 0) {
            throw new RedcronClientException("params", "parameter '" + name + "' is null or contains a NUL character");
        }
        return withEntry("params", name, value);
    }

    public String name() {
        return (String) fields.get("name");
    }

    /**
     * The task document the node's API takes ({@code POST /tasks}, and each task of a reconcile):
     * only the fields given, with {@code type} beside its payload. Unmodifiable.
     *
     * @throws RedcronClientException naming {@code cron} or {@code type} when either is missing
     */
    public Map<String, Object> document() {
        if (!fields.containsKey("cron")) {
            throw new RedcronClientException("cron", "task '" + name() + "' has no cron expression");
        }
        String type = payloadType();
        if (type == null) {
            throw new RedcronClientException("type", "task '" + name() + "' has nothing to run: give command, shell,"
                    + " http or java");
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        for (String field : List.of("name", "group", "description", "cron", "dialect", "zone")) {
            copy(field, doc);
        }
        doc.put("type", type);
        copy(type, doc);
        for (String field : List.of("timeout", "retries", "misfire", "concurrency", "labels", "params")) {
            copy(field, doc);
        }
        return Collections.unmodifiableMap(doc);
    }

    private void copy(String field, Map<String, Object> into) {
        if (fields.containsKey(field)) {
            into.put(field, fields.get(field));
        }
    }

    private String payloadType() {
        return PAYLOADS.stream().filter(fields::containsKey).findFirst().orElse(null);
    }

    private TaskDeclaration with(String field, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(fields);
        more.put(field, value);
        return new TaskDeclaration(Collections.unmodifiableMap(more));
    }

    private TaskDeclaration payload(String type, Map<String, Object> payload) {
        String given = payloadType();
        if (given != null) {
            throw new RedcronClientException("type", "task '" + name() + "' already runs " + given + "; a task runs one"
                    + " of exec, shell, http, java");
        }
        return with(type, Collections.unmodifiableMap(payload));
    }

    private TaskDeclaration withHttp(String field, Consumer<Map<String, Object>> change) {
        @SuppressWarnings("unchecked")
        Map<String, Object> http = (Map<String, Object>) fields.get("http");
        if (http == null) {
            throw new RedcronClientException(field, "task '" + name() + "' is not an http task; call http(method, url)"
                    + " first");
        }
        Map<String, Object> changed = new LinkedHashMap<>(http);
        change.accept(changed);
        return with("http", Collections.unmodifiableMap(changed));
    }

    private TaskDeclaration withEntry(String field, String key, String value) {
        @SuppressWarnings("unchecked")
        Map<String, String> entries = new TreeMap<>((Map<String, String>) fields.getOrDefault(field, Map.of()));
        entries.put(key, value);
        return with(field, Collections.unmodifiableMap(entries));
    }

    private static String oneOf(String field, String value, List<String> allowed) {
        String id = value == null ? "" : value.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        if (!allowed.contains(id)) {
            throw new RedcronClientException(field, "'" + value + "' is not one of " + String.join(", ", allowed));
        }
        return id;
    }

    private static void checkUrl(String url) {
        URI uri;
        try {
            uri = new URI(url == null ? "" : url);
        } catch (URISyntaxException e) {
            throw new RedcronClientException("url", "'" + url + "' is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new RedcronClientException("url", "'" + url + "' must be an absolute http:// or https:// URL with a host");
        }
    }

    /** The short form the node writes and reads: {@code 1h30m}, {@code 250ms}. */
    static String format(Duration duration) {
        StringBuilder out = new StringBuilder();
        append(out, duration.toDays(), "d");
        append(out, duration.toHoursPart(), "h");
        append(out, duration.toMinutesPart(), "m");
        append(out, duration.toSecondsPart(), "s");
        append(out, duration.toMillisPart(), "ms");
        return out.toString();
    }

    private static void append(StringBuilder out, long amount, String unit) {
        if (amount > 0) {
            out.append(amount).append(unit);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TaskDeclaration declaration && fields.equals(declaration.fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    /** Names its fields but not their values: headers, bodies and parameters may hold secrets. */
    @Override
    public String toString() {
        return "TaskDeclaration[name=" + name() + ", cron=" + fields.get("cron") + ", type=" + payloadType()
                + ", fields=" + fields.keySet() + "]";
    }
}
