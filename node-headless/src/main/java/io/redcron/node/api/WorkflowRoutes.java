package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.redcron.format.WorkflowDocument;
import io.redcron.ops.OperationException;
import io.redcron.ops.WorkflowOperations;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;

import java.util.Map;

/**
 * Workflows and their runs: list, show, add, replace, delete, pause, resume, trigger, list runs,
 * show a run with its steps, cancel, rerun; every action through {@link WorkflowOperations}, as
 * the CLI's {@code workflow} commands, with the same documents and messages.
 *
 * <p>Workflows carry no labels, so a token limited to labels reaches none: listings are empty,
 * a workflow or workflow run answers 404 as one that is not there, and adding one is refused
 * (403, field {@code labels}) as adding a task without the token's labels is.
 */
final class WorkflowRoutes {
    static final String BASE = ApiServer.NAMESPACE + "/workflows";
    static final String RUNS = ApiServer.NAMESPACE + "/workflow-runs";

    private final Map<String, ApiNamespace> namespaces;

    WorkflowRoutes(Map<String, ApiNamespace> namespaces) {
        this.namespaces = namespaces;
    }

    void register(Javalin app) {
        app.get(BASE, this::list, Need.READ);
        app.post(BASE, this::add, Need.ADMIN);
        app.get(BASE + "/{name}", this::show, Need.READ);
        app.put(BASE + "/{name}", this::update, Need.ADMIN);
        app.delete(BASE + "/{name}", this::delete, Need.ADMIN);
        app.post(BASE + "/{name}/pause", ctx -> toggle(ctx, false), Need.OPERATE);
        app.post(BASE + "/{name}/resume", ctx -> toggle(ctx, true), Need.OPERATE);
        app.post(BASE + "/{name}/runs", this::trigger, Need.OPERATE);
        app.get(BASE + "/{name}/runs", this::runs, Need.READ);
        app.get(RUNS + "/{id}", this::showRun, Need.READ);
        app.post(RUNS + "/{id}/cancel", this::cancel, Need.OPERATE);
        app.post(RUNS + "/{id}/rerun", this::rerun, Need.OPERATE);
    }

    private void list(Context ctx) {
        ArrayNode items = ApiJson.NODES.arrayNode();
        if (seesWorkflows(ctx)) {
            operations(ctx).list().forEach(workflow -> items.add(ApiJson.workflow(workflow)));
        }
        ApiJson.send(ctx, 200, ApiJson.NODES.objectNode().set("items", items));
    }

    private void show(Context ctx) {
        ApiJson.send(ctx, 200, ApiJson.workflow(visible(ctx).get(ctx.pathParam("name"))));
    }

    private void add(Context ctx) {
        Caller caller = ApiAuth.caller(ctx);
        if (!caller.token().labels().isEmpty()) {
            throw new ApiException(403, "labels", "labels: token '" + caller.token().name() + "' is limited to"
                    + " tasks labelled " + caller.token().labels() + "; workflows carry no labels");
        }
        JsonNode document = ApiJson.body(ctx);
        Workflow draft = WorkflowDocument.read(document, namespace(ctx).namespace(), null).workflow();
        Workflow stored = operations(ctx).add(draft);
        ctx.header("Location", ctx.path() + "/" + stored.name());
        ApiJson.send(ctx, 201, ApiJson.workflow(stored));
    }

    /** As {@code workflow update NAME -f FILE}: the name is the path's, {@code enabled} and {@code version} as the file says. */
    private void update(Context ctx) {
        WorkflowOperations workflows = visible(ctx);
        String name = ctx.pathParam("name");
        Workflow current = workflows.get(name);
        WorkflowDocument.Definition definition = WorkflowDocument.read(ApiJson.body(ctx), current.namespace(), name);
        Workflow changed = definition.workflow();
        if (!changed.name().equals(name)) {
            throw new InvalidWorkflowException("name", "the document names '" + changed.name() + "', not '" + name
                    + "'; a workflow cannot be renamed (add it under the new name, then delete the old one)");
        }
        if (!definition.enabledGiven()) {
            changed = changed.withEnabled(current.enabled());
        }
        ApiJson.send(ctx, 200, ApiJson.workflow(workflows.update(name, changed, definition.version())));
    }

    private void delete(Context ctx) {
        visible(ctx).delete(ctx.pathParam("name"));
        ctx.status(204);
    }

    private void toggle(Context ctx, boolean enable) {
        ApiJson.send(ctx, 200, ApiJson.workflow(visible(ctx).setEnabled(ctx.pathParam("name"), enable)));
    }

    private void trigger(Context ctx) {
        WorkflowOperations workflows = visible(ctx);
        JsonNode body = ApiJson.body(ctx);
        WorkflowRun run = workflows.trigger(ctx.pathParam("name"), RunRoutes.params(body.get("params")));
        ctx.header("Location", ApiServer.PREFIX + "/namespaces/" + run.namespace() + "/workflow-runs/" + run.id());
        ApiJson.send(ctx, 201, ApiJson.workflowRun(run, workflows.steps(run.id())));
    }

    /** Newest first; a deleted workflow's runs stay listed under its name, as in {@code workflow runs NAME}. */
    private void runs(Context ctx) {
        WorkflowOperations workflows = visible(ctx);
        String name = ctx.pathParam("name");
        PageRequest page = Paging.of(ctx);
        boolean known = workflows.list().stream().anyMatch(workflow -> workflow.name().equals(name));
        if (!known && workflows.runs(name, PageRequest.first(1)).items().isEmpty()) {
            workflows.get(name);
        }
        Page<WorkflowRun> found = workflows.runs(name, page);
        ArrayNode items = ApiJson.NODES.arrayNode();
        found.items().forEach(run -> items.add(ApiJson.workflowRun(run)));
        ApiJson.send(ctx, 200, ApiJson.page(found, items));
    }

    private void showRun(Context ctx) {
        long id = runId(ctx);
        WorkflowOperations workflows = visibleRun(ctx, id);
        ApiJson.send(ctx, 200, ApiJson.workflowRun(workflows.run(id), workflows.steps(id)));
    }

    /** Cancels a run that has not ended; one that has is answered as it is (as {@code workflow cancel}). */
    private void cancel(Context ctx) {
        long id = runId(ctx);
        WorkflowOperations workflows = visibleRun(ctx, id);
        WorkflowRun before = workflows.run(id);
        WorkflowRun after = before.status().isFinal() ? before : workflows.cancel(id);
        ApiJson.send(ctx, 200, ApiJson.workflowRun(after, workflows.steps(id)));
    }

    private void rerun(Context ctx) {
        long id = runId(ctx);
        WorkflowOperations workflows = visibleRun(ctx, id);
        WorkflowRun run = workflows.rerun(id);
        ApiJson.send(ctx, 200, ApiJson.workflowRun(run, workflows.steps(id)));
    }

    /** The operations, if the token may see workflows at all; else 404 as for a workflow that is not there. */
    private WorkflowOperations visible(Context ctx) {
        if (!seesWorkflows(ctx)) {
            throw new OperationException(OperationException.Kind.NO_SUCH_WORKFLOW, "no workflow named '"
                    + ctx.pathParam("name") + "' in namespace '" + namespace(ctx).namespace() + "'");
        }
        return operations(ctx);
    }

    private WorkflowOperations visibleRun(Context ctx, long id) {
        if (!seesWorkflows(ctx)) {
            throw new OperationException(OperationException.Kind.NO_SUCH_RUN, "no workflow run " + id
                    + " in namespace '" + namespace(ctx).namespace() + "'");
        }
        return operations(ctx);
    }

    /** Workflows carry no labels: only a token without labels reaches them. */
    private static boolean seesWorkflows(Context ctx) {
        return ApiAuth.caller(ctx).token().labels().isEmpty();
    }

    private static long runId(Context ctx) {
        String text = ctx.pathParam("id");
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("id", "'" + text + "' is not a workflow run id");
        }
    }

    private WorkflowOperations operations(Context ctx) {
        return namespace(ctx).workflowOperations(ApiAuth.caller(ctx));
    }

    private ApiNamespace namespace(Context ctx) {
        return TaskRoutes.namespace(ctx, namespaces);
    }
}
