package io.redcron.node.api;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.redcron.domain.InvalidTaskException;
import io.redcron.ops.OperationException;
import io.redcron.port.DuplicateTaskException;
import io.redcron.port.DuplicateTokenException;
import io.redcron.port.DuplicateWorkflowException;
import io.redcron.port.StaleTaskException;
import io.redcron.port.StaleWorkflowException;
import io.redcron.port.TaskNotFoundException;
import io.redcron.schedule.InvalidCronException;
import io.redcron.workflow.InvalidWorkflowException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One error shape for every refusal, {@code {"error": "<one line>", "field": "<field or null>"}},
 * and the HTTP status by kind: 400 bad input, 401 no valid token, 403 scope too low, 404 not
 * there (or not visible to the token), 409 conflict, 413 body too large, 429 rate limit.
 */
final class ApiErrors {
    private static final Logger LOG = LoggerFactory.getLogger(ApiErrors.class);

    private ApiErrors() {
    }

    static void register(Javalin app) {
        app.exception(ApiException.class, (e, ctx) -> respond(ctx, e.status(), e.getMessage(), e.field()));
        app.exception(OperationException.class, (e, ctx) -> respond(ctx, switch (e.kind()) {
            case NO_SUCH_TASK, NO_SUCH_WORKFLOW, NO_SUCH_RUN, NO_SUCH_DEAD_RUN, TASK_GONE -> 404;
            case RUN_NOT_ENDED, MANAGED -> 409;
            case BAD_INPUT -> 400;
        }, e.getMessage(), field(e.getCause())));
        app.exception(InvalidTaskException.class, (e, ctx) -> respond(ctx, 400, e.getMessage(), e.field()));
        app.exception(InvalidWorkflowException.class, (e, ctx) -> respond(ctx, 400,
                e.getMessage(), e.field()));
        app.exception(InvalidCronException.class, (e, ctx) -> respond(ctx, 400, e.getMessage(), "cron"));
        app.exception(TaskNotFoundException.class, (e, ctx) -> respond(ctx, 404, e.getMessage(), null));
        app.exception(DuplicateTaskException.class, (e, ctx) -> respond(ctx, 409, e.getMessage(), "name"));
        app.exception(DuplicateTokenException.class, (e, ctx) -> respond(ctx, 409, e.getMessage(), "name"));
        app.exception(StaleTaskException.class, (e, ctx) -> respond(ctx, 409, e.getMessage(), "version"));
        app.exception(DuplicateWorkflowException.class, (e, ctx) -> respond(ctx, 409, e.getMessage(), "name"));
        app.exception(StaleWorkflowException.class, (e, ctx) -> respond(ctx, 409, e.getMessage(), "version"));
        app.exception(HttpResponseException.class, (e, ctx) -> respond(ctx, e.getStatus(), e.getMessage(), null));
        app.exception(Exception.class, (e, ctx) -> {
            // Store errors name hosts and users: the log has them, the client gets a line without.
            LOG.warn("API {} {} failed", ctx.method(), ctx.path(), e);
            respond(ctx, 500, "the request failed on the node; its log has the reason", null);
        });
        app.error(404, ctx -> {
            if (ctx.result() == null || ctx.result().isEmpty()) {
                respond(ctx, 404, "no such route: " + ctx.method() + " " + ctx.path(), null);
            }
        });
        app.error(405, ctx -> respond(ctx, 405, "method not allowed: " + ctx.method() + " " + ctx.path(), null));
    }

    /** The field an operation's refusal is about, when its cause names one. */
    private static String field(Throwable cause) {
        if (cause instanceof InvalidTaskException invalid) {
            return invalid.field();
        }
        return cause instanceof InvalidWorkflowException invalid ? invalid.field() : null;
    }

    static void respond(Context ctx, int status, String message, String field) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", oneLine(message));
        body.put("field", field);
        ctx.status(status).json(body);
    }

    static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.strip();
        int newline = line.indexOf('\n');
        return newline < 0 ? line : line.substring(0, newline).strip();
    }
}
