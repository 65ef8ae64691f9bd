package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.format.TaskDocument;
import io.redcron.ops.Lookup;
import io.redcron.ops.OperationException;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskStore;

import java.util.List;
import java.util.Map;

/**
 * Tasks: list, show, add, change, enable, disable, delete; the same checks and stores as the
 * CLI's task commands. A token limited to labels sees only tasks carrying them, may add only
 * such tasks, and may not take them off a task.
 */
final class TaskRoutes {
    static final String BASE = ApiServer.NAMESPACE + "/tasks";

    private final Map<String, ApiNamespace> namespaces;

    TaskRoutes(Map<String, ApiNamespace> namespaces) {
        this.namespaces = namespaces;
    }

    void register(Javalin app) {
        app.get(BASE, this::list, Need.READ);
        app.post(BASE, this::add, Need.ADMIN);
        app.get(BASE + "/{name}", this::show, Need.READ);
        app.put(BASE + "/{name}", this::update, Need.ADMIN);
        app.delete(BASE + "/{name}", this::delete, Need.ADMIN);
        app.post(BASE + "/{name}/enable", ctx -> toggle(ctx, true), Need.OPERATE);
        app.post(BASE + "/{name}/disable", ctx -> toggle(ctx, false), Need.OPERATE);
    }

    private void list(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Caller caller = ApiAuth.caller(ctx);
        PageRequest page = Paging.of(ctx);
        String type = ctx.queryParam("type");
        String enabled = ctx.queryParam("enabled");
        TaskFilter filter = new TaskFilter(ns.namespace(), ctx.queryParam("text"), ctx.queryParam("group"),
                enabled == null ? null : Paging.flag("enabled", enabled), type == null ? null : TaskType.parse(type),
                labelFilter(ctx, caller), TaskFilter.Sort.NAME, false);
        Page<Task> found = ns.ports().tasks().list(filter, page);
        ArrayNode items = ApiJson.NODES.arrayNode();
        // The store filters by one label; a token limited to more is filtered here as well.
        List<Task> seen = found.items().stream().filter(caller::sees).toList();
        Map<Long, ManagedTask> managed = ns.managed().findAll(seen.stream().map(Task::id).toList());
        seen.forEach(task -> items.add(ApiJson.task(task, managed.get(task.id()), ns.clock().instant())));
        ApiJson.send(ctx, 200, ApiJson.page(found, items));
    }

    /** The store filters by one label: the request's, else the first of the token's. */
    private static String labelFilter(Context ctx, Caller caller) {
        String asked = ctx.queryParam("label");
        if (asked != null) {
            return asked;
        }
        return caller.token().labels().entrySet().stream().sorted(Map.Entry.comparingByKey()).findFirst()
                .map(entry -> entry.getKey() + "=" + entry.getValue()).orElse(null);
    }

    private void show(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Task task = visibleTask(ctx, ns);
        ApiJson.send(ctx, 200, ApiJson.task(task, ns.managed().find(task.id()).orElse(null), ns.clock().instant()));
    }

    private void add(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Caller caller = ApiAuth.caller(ctx);
        JsonNode document = ApiJson.body(ctx);
        Task.Builder builder = Task.builder().namespace(ns.namespace());
        TaskDocument.read(document, builder);
        builder.namespace(ns.namespace());
        Task draft = builder.build();
        MaskedCredentials.refuse(draft);
        requireLabels(caller, draft);
        Task stored = ns.ports().tasks().create(draft, caller.actor());
        ctx.header("Location", ctx.path() + "/" + stored.name());
        ApiJson.send(ctx, 201, ApiJson.task(stored, ns.clock().instant()));
    }

    private void update(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Caller caller = ApiAuth.caller(ctx);
        Task current = visibleTask(ctx, ns);
        JsonNode document = ApiJson.body(ctx);
        Task.Builder builder = current.toBuilder();
        TaskDocument.read(document, builder);
        builder.namespace(current.namespace());
        if (document.hasNonNull("version")) {
            builder.version(document.get("version").asLong());
        }
        Task changed = MaskedCredentials.restore(builder.id(current.id()).build(), current);
        requireLabels(caller, changed);
        Task stored = changed.equals(current) ? current : ns.ports().tasks().update(changed, caller.actor());
        ApiJson.send(ctx, 200, ApiJson.task(stored, ns.managed().find(stored.id()).orElse(null), ns.clock().instant()));
    }

    private void delete(Context ctx) {
        ApiNamespace ns = namespace(ctx);
        Task task = visibleTask(ctx, ns);
        if (!ns.ports().tasks().delete(task.id(), ApiAuth.caller(ctx).actor())) {
            throw noSuchTask(ns, ctx.pathParam("name"));
        }
        ctx.status(204);
    }

    private void toggle(Context ctx, boolean enable) {
        ApiNamespace ns = namespace(ctx);
        Task task = visibleTask(ctx, ns);
        Task after = ns.ports().tasks().setEnabled(task.id(), enable, ApiAuth.caller(ctx).actor());
        ApiJson.send(ctx, 200, ApiJson.task(after, ns.managed().find(after.id()).orElse(null), ns.clock().instant()));
    }

    /** The task the path names, if the token may see it; 404 alike for one that is not there and one it may not see. */
    static Task visibleTask(Context ctx, ApiNamespace ns) {
        String name = ctx.pathParam("name");
        Lookup lookup = new Lookup(ns.ports().tasks(), ns.ports().runs(), ns.namespace());
        Task task = lookup.task(name);
        if (!ApiAuth.caller(ctx).sees(task)) {
            throw noSuchTask(ns, name);
        }
        return task;
    }

    static OperationException noSuchTask(ApiNamespace ns, String name) {
        return new OperationException(OperationException.Kind.NO_SUCH_TASK,
                "no task named '" + name + "' in namespace '" + ns.namespace() + "'");
    }

    private static void requireLabels(Caller caller, Task task) {
        if (!caller.sees(task)) {
            throw new ApiException(403, "labels", "labels: token '" + caller.token().name()
                    + "' may only keep tasks labelled " + caller.token().labels());
        }
    }

    static ApiNamespace namespace(Context ctx, Map<String, ApiNamespace> namespaces) {
        return namespaces.get(ctx.pathParam("ns"));
    }

    private ApiNamespace namespace(Context ctx) {
        return namespace(ctx, namespaces);
    }

}
