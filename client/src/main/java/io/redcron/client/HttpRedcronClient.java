package io.redcron.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The client that asks a node with the api role, over its HTTP API ({@code /api/v1}), with a
 * bearer token: the application needs no database account, but a run it schedules cannot join
 * the application's own transaction (use {@link JdbcRedcronClient} for that). Each call is one
 * request; the node records the run through the same operations as the command line, audited
 * with the token's name. Safe for concurrent use: one client per namespace and token, shared.
 *
 * <p>A refusal is a {@link RedcronClientException} naming the field the API names ({@code task},
 * {@code params}, {@code at}, {@code idempotency-key}, {@code tasks[2].cron}, …); a token the API
 * refuses or whose scope is too low names {@code token}, its rate limit {@code rate}, and any other
 * failure (the node unreachable, no answer in time, a 5xx) {@code api}. The token never appears in
 * a message.
 */
public final class HttpRedcronClient implements RedcronClient {
    /** How long a request may take, connecting included, unless the builder says otherwise. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern APPLICATION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final int MAX_VERSION = 64;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String base;
    private final String namespaceUrl;
    private final String namespace;
    private final String authorization;
    private final Duration requestTimeout;

    private HttpRedcronClient(Builder builder) {
        this.base = base(builder.baseUrl);
        this.namespace = checkNamespace(builder.namespace);
        this.authorization = "Bearer " + checkToken(builder.token);
        this.requestTimeout = builder.requestTimeout;
        this.namespaceUrl = base + "/api/v1/namespaces/" + segment(namespace);
        HttpClient.Builder client = HttpClient.newBuilder().connectTimeout(requestTimeout)
                .followRedirects(HttpClient.Redirect.NEVER);
        if (builder.sslContext != null) {
            client.sslContext(builder.sslContext);
        }
        this.http = client.build();
    }

    /**
     * A builder for a client of the node at {@code baseUrl} ({@code https://scheduler.example.com:8686},
     * or with a path prefix when a proxy puts the API under one).
     */
    public static Builder builder(URI baseUrl) {
        return new Builder(baseUrl);
    }

    public String namespace() {
        return namespace;
    }

    /**
     * Records the run on the node ({@code POST …/tasks/{task}/runs}): a run due now is queued at
     * once, a later one waits until its time. "Now" and {@code in} go by the node's clock.
     *
     * @throws RedcronClientException naming {@code task} when the namespace has no such task (or
     *                                the token does not reach it), {@code at} for a time more than
     *                                366 days ahead, {@code params} for a parameter the node refuses
     */
    @Override
    public ScheduledRun schedule(ScheduleRequest request) {
        Objects.requireNonNull(request, "request");
        ObjectNode body = JSON.createObjectNode();
        ObjectNode params = body.putObject("params");
        request.params().forEach(params::put);
        if (request.time() != null) {
            body.put("at", request.time().toString());
        }
        if (request.delay() != null) {
            body.put("in", request.delay().toString());
        }
        if (request.idempotencyKey() != null) {
            body.put("idempotencyKey", request.idempotencyKey());
        }
        String what = "scheduling a run of '" + request.task() + "'";
        Answer answer = exchange("POST", "/tasks/" + segment(request.task()) + "/runs", body, what);
        if (!answer.ok()) {
            throw ApiRefusal.of(answer.status, answer.body, "task");
        }
        JsonNode doc = answer.json(what);
        JsonNode run = doc.path("run");
        try {
            return new ScheduledRun(run.path("id").asLong(), run.path("task").asText(request.task()),
                    OffsetDateTime.parse(run.path("scheduledAt").asText()).toInstant(), doc.path("created").asBoolean());
        } catch (DateTimeParseException e) {
            throw new RedcronClientException(ApiRefusal.API, "the API's answer to " + what + " has no run time", e);
        }
    }

    /**
     * Cancels the run through the API ({@code POST …/runs/{id}/cancel}), as an operator's cancel
     * does: unlike the JDBC client's, it reaches a run that was claimed or has started too, which
     * its node is then told to stop.
     *
     * @return true when the API cancelled the run or is stopping it; false when it had ended
     *         already, or the namespace has no such run (or none the token may see)
     */
    @Override
    public boolean cancel(long runId) {
        String what = "cancelling run " + runId;
        Answer answer = exchange("POST", "/runs/" + runId + "/cancel", null, what);
        if (answer.status == 404) {
            return false;
        }
        if (!answer.ok()) {
            throw ApiRefusal.of(answer.status, answer.body, "run");
        }
        String outcome = answer.json(what).path("outcome").asText();
        return switch (outcome) {
            case "CANCELLED", "STOPPING" -> true;
            case "ALREADY_ENDED" -> false;
            default -> throw new RedcronClientException(ApiRefusal.API, "the API answered " + what
                    + " with the unknown outcome '" + outcome + "'");
        };
    }

    /**
     * Makes the namespace's tasks of {@code application} what {@code tasks} declare
     * ({@code PUT …/applications/{application}/tasks}; the token needs scope admin): a declared task
     * that is missing is created, one that differs (an operator changed it, or the code did) is
     * changed back to its declaration, and one the application declared before but no longer does
     * is dealt with as {@code removed} says. Meant to run at each start of the application, with
     * its version; repeating it changes nothing, and replicas may run it at once. Whether a task is
     * enabled stays the operators' call: a new one starts enabled, an existing one keeps its state.
     *
     * @param application 1-100 letters, digits, '.', '_' or '-'
     * @param version     the application's version, 1-64 printable characters
     * @param edits       what an edit of the declared tasks made elsewhere gets until the next reconcile
     * @param removed     what to do with tasks no longer declared
     * @throws RedcronClientException naming {@code tasks[i].<field>} for the i-th declaration's
     *                                fault, as the client or the node finds it
     */
    public ReconcileResult reconcile(String application, String version, List<TaskDeclaration> tasks,
                                     EditPolicy edits, RemovedTasks removed) {
        if (application == null || !APPLICATION.matcher(application).matches()) {
            throw new RedcronClientException("application", "'" + application + "' must be 1-100 letters, digits, '.',"
                    + " '_' or '-', starting with a letter or digit");
        }
        checkText("version", version, MAX_VERSION);
        Objects.requireNonNull(edits, "edits");
        Objects.requireNonNull(removed, "removed");
        if (tasks == null) {
            throw new RedcronClientException("tasks", "a list of declarations is required (it may be empty)");
        }
        ObjectNode body = JSON.createObjectNode();
        body.put("version", version);
        body.put("edits", edits.wire());
        body.put("removed", removed.wire());
        body.set("tasks", JSON.valueToTree(documents(tasks)));
        String what = "reconciling the tasks of '" + application + "'";
        Answer answer = exchange("PUT", "/applications/" + segment(application) + "/tasks", body, what);
        if (!answer.ok()) {
            throw ApiRefusal.of(answer.status, answer.body, ApiRefusal.API);
        }
        JsonNode doc = answer.json(what);
        return new ReconcileResult(names(doc, "created"), names(doc, "updated"), names(doc, "unchanged"),
                names(doc, "removed"));
    }

    private static List<Map<String, Object>> documents(List<TaskDeclaration> tasks) {
        List<Map<String, Object>> documents = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < tasks.size(); i++) {
            TaskDeclaration task = tasks.get(i);
            if (task == null) {
                throw new RedcronClientException("tasks[" + i + "]", "is null");
            }
            Integer earlier = seen.putIfAbsent(task.name(), i);
            if (earlier != null) {
                throw new RedcronClientException("tasks[" + i + "].name", "'" + task.name() + "' is declared twice"
                        + " (also tasks[" + earlier + "])");
            }
            try {
                documents.add(task.document());
            } catch (RedcronClientException e) {
                String problem = e.getMessage().substring(e.field().length() + 2);
                throw new RedcronClientException("tasks[" + i + "]." + e.field(), problem);
            }
        }
        return documents;
    }

    private static List<String> names(JsonNode doc, String field) {
        List<String> names = new ArrayList<>();
        doc.path(field).forEach(name -> names.add(name.asText()));
        return names;
    }

    private record Answer(int status, String body) {
        boolean ok() {
            return status >= 200 && status < 300;
        }

        JsonNode json(String what) {
            try {
                JsonNode doc = JSON.readTree(body);
                if (doc == null || !doc.isObject()) {
                    throw new RedcronClientException(ApiRefusal.API, "the API's answer to " + what + " is not a JSON object");
                }
                return doc;
            } catch (JsonProcessingException e) {
                throw new RedcronClientException(ApiRefusal.API, "the API's answer to " + what + " is not JSON", e);
            }
        }
    }

    private Answer exchange(String method, String path, JsonNode body, String what) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(namespaceUrl + path))
                .timeout(requestTimeout)
                .header("Authorization", authorization)
                .header("Accept", "application/json");
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(
                    StandardCharsets.UTF_8));
            return new Answer(response.statusCode(), response.body());
        } catch (HttpTimeoutException e) {
            throw new RedcronClientException(ApiRefusal.API, what + ": no answer from " + base + " within "
                    + requestTimeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new RedcronClientException(ApiRefusal.API, what + " failed: " + base + " could not be reached ("
                    + describe(e) + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RedcronClientException(ApiRefusal.API, what + " was interrupted", e);
        }
    }

    private static String describe(Throwable e) {
        Throwable cause = e;
        while (cause.getMessage() == null && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName()
                : cause.getClass().getSimpleName() + ": " + ApiRefusal.oneLine(cause.getMessage());
    }

    /** A path segment: a task or application name may hold any character but '/' and control characters. */
    private static String segment(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String base(URI url) {
        if (url == null) {
            throw new RedcronClientException("url", "the node's base URL is required, for example https://scheduler:8686");
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new RedcronClientException("url", "'" + url + "' must be an absolute http:// or https:// URL with a host");
        }
        if (url.getRawUserInfo() != null || url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new RedcronClientException("url", "must hold no user, query or fragment; the token goes in token(...)");
        }
        String text = url.toString();
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        return text;
    }

    private static String checkNamespace(String namespace) {
        if (namespace == null || !NAMESPACE.matcher(namespace).matches()) {
            throw new RedcronClientException("namespace", "'" + namespace + "' must be 1-64 letters, digits, '.', '_'"
                    + " or '-', starting with a letter or digit");
        }
        return namespace;
    }

    private static String checkToken(String token) {
        if (token == null || token.isBlank()) {
            throw new RedcronClientException(ApiRefusal.TOKEN, "an API token is required (redcron-node token create)");
        }
        if (token.chars().anyMatch(c -> c <= ' ' || c >= 0x7f)) {
            // Not quoted: the message must not carry the secret.
            throw new RedcronClientException(ApiRefusal.TOKEN, "must be the token as printed by redcron-node token"
                    + " create: printable ASCII without spaces");
        }
        return token;
    }

    private static void checkText(String field, String value, int max) {
        if (value == null || value.isBlank()) {
            throw new RedcronClientException(field, "is required");
        }
        if (value.length() > max) {
            throw new RedcronClientException(field, "is " + value.length() + " characters long, at most " + max + " allowed");
        }
        if (value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new RedcronClientException(field, "must not contain control characters");
        }
    }

    /** Names the node and namespace; never the token. */
    @Override
    public String toString() {
        return "HttpRedcronClient[" + base + ", namespace=" + namespace + "]";
    }

    /** Builds an {@link HttpRedcronClient}; a token and a namespace are required. */
    public static final class Builder {
        private final URI baseUrl;
        private String token;
        private String namespace;
        private SSLContext sslContext;
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;

        private Builder(URI baseUrl) {
            this.baseUrl = baseUrl;
        }

        /** The bearer token, as {@code redcron-node token create} printed it. */
        public Builder token(String token) {
            this.token = token;
            return this;
        }

        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        /** Trust for HTTPS other than the JDK's default, for example a private CA's certificate. */
        public Builder sslContext(SSLContext sslContext) {
            this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
            return this;
        }

        /** How long one request may take, connecting included; {@link #DEFAULT_REQUEST_TIMEOUT} unless given. */
        public Builder requestTimeout(Duration timeout) {
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new RedcronClientException("request-timeout", "must be positive, got " + timeout);
            }
            this.requestTimeout = timeout;
            return this;
        }

        /** @throws RedcronClientException naming {@code url}, {@code token} or {@code namespace} */
        public HttpRedcronClient build() {
            return new HttpRedcronClient(this);
        }
    }
}
