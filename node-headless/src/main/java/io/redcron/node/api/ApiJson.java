package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.format.TaskDocument;
import io.redcron.format.WorkflowDocument;
import io.redcron.format.WorkflowRunDocument;
import io.redcron.port.Page;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

/**
 * The API's bodies: a task is the task document of {@code task show --json} (credentials
 * masked), a run the object of {@code runs show --json}, a workflow and a workflow run the objects
 * of {@code workflow show --json} and {@code workflow runs show --json}; a listing wraps its items
 * with the page.
 */
final class ApiJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ApiJson() {
    }

    static ObjectNode task(Task task, Instant now) {
        return TaskDocument.write(CredentialRedaction.task(task), task.nextFire(now).orElse(null), Locale.ENGLISH);
    }

    /** A task, with its {@code managed} section when an application declares it in code. */
    static ObjectNode task(Task task, io.redcron.domain.ManagedTask managed, Instant now) {
        ObjectNode doc = task(task, now);
        if (managed != null) {
            doc.set(io.redcron.format.ManagedTaskDocument.FIELD, io.redcron.format.ManagedTaskDocument.write(managed, task));
        }
        return doc;
    }

    static ObjectNode run(Run run, boolean withOutput, Instant now) {
        return io.redcron.format.RunDocument.write(run, withOutput, now);
    }

    /** The workflow document of {@code workflow show --json}, which a POST or PUT reads back. */
    static ObjectNode workflow(Workflow workflow) {
        return WorkflowDocument.write(workflow, Locale.ENGLISH);
    }

    /** A workflow run as {@code workflow runs --json} prints it (parameters with credentials masked). */
    static ObjectNode workflowRun(WorkflowRun run) {
        return WorkflowRunDocument.write(run);
    }

    /** A workflow run with each of its steps, as {@code workflow runs show ID --json} prints it. */
    static ObjectNode workflowRun(WorkflowRun run, List<StepRun> steps) {
        return WorkflowRunDocument.write(run, steps);
    }

    static ObjectNode page(Page<?> page, ArrayNode items) {
        ObjectNode doc = NODES.objectNode();
        doc.set("items", items);
        doc.put("total", page.total());
        doc.put("offset", page.offset());
        doc.put("limit", page.limit());
        doc.put("hasMore", page.hasMore());
        return doc;
    }

    static String time(Instant instant) {
        return instant == null ? null : TaskDocument.instant(instant, ZoneOffset.UTC);
    }

    /** The request's body as JSON; an empty body is an empty object. */
    static JsonNode body(Context ctx) {
        String text = ctx.body();
        if (text.isBlank()) {
            return NODES.objectNode();
        }
        try {
            JsonNode doc = MAPPER.readTree(text);
            if (doc == null || !doc.isObject()) {
                throw ApiException.badRequest("body", "must be a JSON object");
            }
            return doc;
        } catch (IOException e) {
            throw ApiException.badRequest("body", "is not valid JSON: " + ApiErrors.oneLine(e.getMessage()));
        }
    }

    static void send(Context ctx, int status, JsonNode body) {
        ctx.status(status).contentType("application/json").result(body.toString());
    }
}
