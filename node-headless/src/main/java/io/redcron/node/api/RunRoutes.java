package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.redcron.domain.Durations;
import io.redcron.domain.Run;
import io.redcron.domain.RunRequest;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.ops.CancelRun;
import io.redcron.ops.FollowOutput;
import io.redcron.ops.Operations;
import io.redcron.ops.Recorded;
import io.redcron.ops.RequestedRun;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.TaskFilter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs: list, show (with output), follow the output as server-sent events, trigger now or later
 * with an idempotency key, cancel, retry; every action through {@link Operations}, as the CLI.
 */
final class RunRoutes {
    static final String RUNS = ApiServer.NAMESPACE + "/runs";

    private final Map<String, ApiNamespace> namespaces;

    RunRoutes(Map<String, ApiNamespace> namespaces) {
        this.namespaces = namespaces;
    }

    void register(Javalin app) {
        app.get(RUNS, this::list, Need.READ);
        app.get(RUNS + "/{id}", this::show, Need.READ);
        app.get(RUNS + "/{id}/output", this::follow, Need.READ);
        app.post(RUNS + "/{id}/cancel", this::cancel, Need.OPERATE);
        app.post(RUNS + "/{id}/retry", this::retry, Need.OPERATE);
        app.post(TaskRoutes.BASE + "/{name}/runs", this::trigger, Need.OPERATE);
    }

    private void list(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Caller caller = ApiAuth.caller(ctx);
        PageRequest page = Paging.of(ctx);
        RunFilter filter = RunFilter.all(ns.namespace()).withStatuses(statuses(ctx.queryParam("status")));
        String taskName = ctx.queryParam("task");
        if (taskName != null) {
            filter = filter.forTask(visible(ctx, ns, taskName).id());
        } else if (!caller.token().labels().isEmpty()) {
            Set<Long> ids = visibleTaskIds(ns, caller);
            if (ids.isEmpty()) {
                ApiJson.send(ctx, 200, ApiJson.page(new Page<>(java.util.List.of(), 0, page.offset(), page.limit()),
                        ApiJson.NODES.arrayNode()));
                return;
            }
            filter = filter.forTasks(ids);
        }
        Page<Run> found = ns.ports().runs().list(filter, page);
        ArrayNode items = ApiJson.NODES.arrayNode();
        Instant now = ns.clock().instant();
        found.items().forEach(run -> items.add(ApiJson.run(run, false, now)));
        ApiJson.send(ctx, 200, ApiJson.page(found, items));
    }

    private void show(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        ApiJson.send(ctx, 200, ApiJson.run(visibleRun(ctx, ns), true, ns.clock().instant()));
    }

    /** Server-sent events: {@code output} with each piece of output as it comes, then {@code end} with the run. */
    private void follow(Context ctx) throws IOException {
        ApiNamespace ns = namespace(ctx);
        Run run = visibleRun(ctx, ns);
        Operations ops = ns.operations(ApiAuth.caller(ctx));
        ctx.res().setStatus(200);
        ctx.res().setContentType("text/event-stream;charset=utf-8");
        ctx.res().setHeader("Cache-Control", "no-cache");
        OutputStream out = ctx.res().getOutputStream();
        FollowOutput.Followed followed = ops.output().follow(run.id(), text -> event(out, "output", text));
        if (!followed.sawLiveOutput() && followed.run().output() != null && !followed.run().output().isEmpty()) {
            event(out, "output", followed.run().output());
        }
        event(out, "end", ApiJson.run(ended(ops, followed.run()), false, ns.clock().instant()).toString());
    }

    /** How long the end event waits for a run whose output ended to be recorded as ended. */
    private static final Duration RESULT_WAIT = Duration.ofSeconds(5);
    private static final long RESULT_POLL_MS = 100;

    /**
     * The run once its result is recorded: the end of the output comes a moment before the
     * worker's group commit, and a client reading the end event wants the final status.
     */
    private static Run ended(Operations ops, Run run) {
        long deadline = System.nanoTime() + RESULT_WAIT.toNanos();
        Run current = run;
        while (!current.status().isFinal() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(RESULT_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return current;
            }
            current = ops.lookup().run(run.id());
        }
        return current;
    }

    private static void event(OutputStream out, String name, String data) {
        StringBuilder text = new StringBuilder("event: ").append(name).append('\n');
        String body = data.endsWith("\n") ? data.substring(0, data.length() - 1) : data;
        for (String line : body.split("\n", -1)) {
            text.append("data: ").append(line).append('\n');
        }
        text.append('\n');
        try {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("the client went away", e);
        }
    }

    private void trigger(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Task task = visible(ctx, ns, ctx.pathParam("name"));
        JsonNode body = ApiJson.body(ctx);
        RunRequest request = new RunRequest(params(body.get("params")), at(body, ns.clock().instant()),
                text(body, "idempotencyKey"));
        RequestedRun requested = ns.operations(ApiAuth.caller(ctx)).trigger().request(String.valueOf(task.id()), request);
        ApiJson.send(ctx, requested.recorded() ? 201 : 200, recorded(requested.run(), requested.recorded(),
                ns.clock().instant()));
    }

    private void cancel(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Run run = visibleRun(ctx, ns);
        CancelRun.Cancellation cancellation = ns.operations(ApiAuth.caller(ctx)).cancel().cancel(run.id());
        ObjectNode doc = ApiJson.NODES.objectNode();
        doc.put("outcome", cancellation.outcome().name());
        doc.set("run", ApiJson.run(cancellation.run(), false, ns.clock().instant()));
        ApiJson.send(ctx, 200, doc);
    }

    private void retry(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Run run = visibleRun(ctx, ns);
        Recorded again = ns.operations(ApiAuth.caller(ctx)).retry().retry(run.id());
        ApiJson.send(ctx, 201, recorded(again, true, ns.clock().instant()));
    }

    private static ObjectNode recorded(Recorded recorded, boolean created, Instant now) {
        ObjectNode doc = ApiJson.NODES.objectNode();
        doc.put("created", created);
        doc.put("queued", recorded.queued());
        doc.set("run", ApiJson.run(recorded.run(), false, now));
        return doc;
    }

    /** A request's {@code params}: an object of names to text values (numbers and booleans become text). */
    static Map<String, String> params(JsonNode node) {
        if (node == null || node.isNull()) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw ApiException.badRequest("params", "must be an object of names to text values");
        }
        Map<String, String> params = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (!entry.getValue().isValueNode() || entry.getValue().isNull()) {
                throw ApiException.badRequest("params", "'" + entry.getKey() + "' must be a text value");
            }
            params.put(entry.getKey(), entry.getValue().asText());
        }
        return params;
    }

    /** {@code at} (an ISO-8601 instant) or {@code in} (a duration from now), not both; neither: now. */
    private static Instant at(JsonNode body, Instant now) {
        String at = text(body, "at");
        String in = text(body, "in");
        if (at != null && in != null) {
            throw ApiException.badRequest("at", "give either at or in, not both");
        }
        if (at != null) {
            try {
                return java.time.OffsetDateTime.parse(at).toInstant();
            } catch (DateTimeParseException e) {
                throw ApiException.badRequest("at", "'" + at + "' is not an ISO-8601 time with offset (for example"
                        + " 2030-01-01T00:00:00Z)");
            }
        }
        if (in != null) {
            Duration delay = Durations.parse("in", in);
            if (delay.isNegative()) {
                throw ApiException.badRequest("in", "must not be negative");
            }
            return now.plus(delay);
        }
        return null;
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw ApiException.badRequest(field, "must be text");
        }
        return value.asText();
    }

    private static Set<RunStatus> statuses(String text) {
        if (text == null || text.isBlank()) {
            return Set.of();
        }
        Set<RunStatus> statuses = EnumSet.noneOf(RunStatus.class);
        for (String part : text.split(",")) {
            try {
                statuses.add(RunStatus.valueOf(part.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("status", "'" + part.strip() + "' is not a run status");
            }
        }
        return statuses;
    }

    private static Set<Long> visibleTaskIds(ApiNamespace ns, Caller caller) {
        String first = caller.token().labels().entrySet().stream().sorted(Map.Entry.comparingByKey()).findFirst()
                .map(entry -> entry.getKey() + "=" + entry.getValue()).orElseThrow();
        TaskFilter filter = new TaskFilter(ns.namespace(), null, null, null, null, first, TaskFilter.Sort.NAME, false);
        return ns.ports().tasks().list(filter, PageRequest.first(PageRequest.MAX_LIMIT)).items().stream()
                .filter(caller::sees).map(Task::id).collect(Collectors.toSet());
    }

    private static Task visible(Context ctx, ApiNamespace ns, String name) {
        Task task = new io.redcron.ops.Lookup(ns.ports().tasks(), ns.ports().runs(), ns.namespace()).task(name);
        if (!ApiAuth.caller(ctx).sees(task)) {
            throw TaskRoutes.noSuchTask(ns, name);
        }
        return task;
    }

    /** The run the path names, if the token may see its task; 404 alike otherwise. */
    private static Run visibleRun(Context ctx, ApiNamespace ns) {
        long id = runId(ctx);
        io.redcron.ops.Lookup lookup = new io.redcron.ops.Lookup(ns.ports().tasks(), ns.ports().runs(), ns.namespace());
        Run run = lookup.run(id);
        Caller caller = ApiAuth.caller(ctx);
        if (!caller.token().labels().isEmpty()
                && !ns.ports().tasks().get(run.taskId()).map(caller::sees).orElse(false)) {
            throw new io.redcron.ops.OperationException(io.redcron.ops.OperationException.Kind.NO_SUCH_RUN,
                    "no run " + id + " in namespace '" + ns.namespace() + "'");
        }
        return run;
    }

    private static long runId(Context ctx) {
        String text = ctx.pathParam("id");
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("id", "'" + text + "' is not a run id");
        }
    }

    private ApiNamespace namespace(Context ctx) {
        return TaskRoutes.namespace(ctx, namespaces);
    }
}
