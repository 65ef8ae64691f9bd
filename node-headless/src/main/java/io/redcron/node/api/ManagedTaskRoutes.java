package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.redcron.domain.EditPolicy;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.format.ManagedTaskDocument;
import io.redcron.ops.ReconcileManagedTasks;
import io.redcron.ops.ReconcileManagedTasks.Declaration;
import io.redcron.ops.ReconcileManagedTasks.Outcome;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tasks declared in applications' code: an application puts the whole set it declares (at its
 * start, through redcron-client), and anyone may read which tasks it manages and how they drifted.
 * Putting needs the admin scope, as it creates, changes and deletes tasks; a token limited to
 * labels may declare only tasks carrying them, and may not let go of tasks it cannot see.
 */
final class ManagedTaskRoutes {
    static final String BASE = ApiServer.NAMESPACE + "/applications/{application}/tasks";

    private final Map<String, ApiNamespace> namespaces;

    ManagedTaskRoutes(Map<String, ApiNamespace> namespaces) {
        this.namespaces = namespaces;
    }

    void register(Javalin app) {
        app.put(BASE, this::reconcile, Need.ADMIN);
        app.get(BASE, this::list, Need.READ);
    }

    private void reconcile(Context ctx) {
        ApiNamespace ns = TaskRoutes.namespace(ctx, namespaces);
        Caller caller = ApiAuth.caller(ctx);
        JsonNode body = ApiJson.body(ctx);
        Declaration declaration = new Declaration(ctx.pathParam("application"), text(body, "version"),
                body.hasNonNull("edits") ? EditPolicy.parse("edits", text(body, "edits")) : null,
                body.hasNonNull("removed") ? ReconcileManagedTasks.Removed.parse(text(body, "removed")) : null,
                tasks(body));
        Outcome outcome = new ReconcileManagedTasks(ns.declaring(), ns.managed(), ns.ports().audit(), ns.namespace(),
                caller.actor(), ns.clock()).reconcile(declaration, task -> {
                    if (!caller.sees(task)) {
                        throw new ApiException(403, "labels", "labels: token '" + caller.token().name()
                                + "' may only keep tasks labelled " + caller.token().labels() + ", not '" + task.name() + "'");
                    }
                });
        ObjectNode doc = ApiJson.NODES.objectNode();
        doc.put("application", outcome.application());
        doc.put("version", outcome.version());
        doc.set("created", strings(outcome.created()));
        doc.set("updated", strings(outcome.updated()));
        doc.set("unchanged", strings(outcome.unchanged()));
        doc.set("removed", strings(outcome.removed()));
        ApiJson.send(ctx, 200, doc);
    }

    private void list(Context ctx) {
        ApiNamespace ns = TaskRoutes.namespace(ctx, namespaces);
        Caller caller = ApiAuth.caller(ctx);
        String application = ManagedTask.application(ctx.pathParam("application"));
        List<ManagedTask> rows = ns.managed().ofApplication(ns.namespace(), application);
        Map<Long, Task> tasks = ns.ports().tasks().getAll(rows.stream().map(ManagedTask::taskId).toList());
        ArrayNode items = ApiJson.NODES.arrayNode();
        for (ManagedTask row : rows) {
            Task task = tasks.get(row.taskId());
            if (task != null && caller.sees(task)) {
                ObjectNode item = ManagedTaskDocument.write(row, task);
                item.put("name", task.name());
                item.put("enabled", task.enabled());
                items.add(item);
            }
        }
        ObjectNode doc = ApiJson.NODES.objectNode();
        doc.put("application", application);
        doc.set("tasks", items);
        ApiJson.send(ctx, 200, doc);
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value != null && !value.isNull() && !value.isTextual()) {
            throw new InvalidTaskException(field, "must be a string");
        }
        return value == null || value.isNull() ? null : value.asText();
    }

    private static List<JsonNode> tasks(JsonNode body) {
        JsonNode tasks = body.get("tasks");
        if (tasks == null || !tasks.isArray()) {
            throw new InvalidTaskException("tasks", "a list of task documents is required (it may be empty)");
        }
        List<JsonNode> documents = new ArrayList<>();
        tasks.forEach(documents::add);
        return documents;
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode array = ApiJson.NODES.arrayNode();
        values.forEach(array::add);
        return array;
    }
}
