package io.redcron.format;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.Run;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * A run as JSON, the one shape the CLI's {@code --json} and the HTTP API both print: times in UTC,
 * a held claim marked as such, a shard's place in its fire, and (with the output) its parameters
 * with credential values masked.
 */
public final class RunDocument {
    private RunDocument() {
    }

    public static ObjectNode write(Run run, boolean withOutput, Instant now) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("id", run.id());
        doc.put("task", run.taskName());
        doc.put("taskId", run.taskId());
        doc.put("namespace", run.namespace());
        doc.put("group", run.group());
        doc.put("trigger", run.trigger().name().toLowerCase(Locale.ROOT));
        doc.put("scheduledAt", time(run.scheduledAt()));
        doc.put("status", run.status().name());
        doc.put("held", run.isHeld(now));
        doc.put("attempt", run.attempt());
        doc.put("maxAttempts", run.maxAttempts());
        doc.put("node", run.node());
        doc.put("startedAt", time(run.startedAt()));
        doc.put("finishedAt", time(run.finishedAt()));
        if (run.exitCode() == null) {
            doc.putNull("exitCode");
        } else {
            doc.put("exitCode", run.exitCode());
        }
        doc.put("error", run.error());
        if (run.isShard()) {
            doc.put("shardIndex", run.shardIndex());
            doc.put("shardTotal", run.shardTotal());
        } else if (run.isShardParent()) {
            doc.put("shardTotal", run.shardTotal());
        }
        if (withOutput) {
            doc.put("output", run.output() == null ? "" : run.output());
            ObjectNode params = doc.putObject("params");
            CredentialRedaction.values(run.params()).forEach(params::put);
        }
        return doc;
    }

    /** An instant as the documents write it: UTC, milliseconds. */
    public static String time(Instant instant) {
        return instant == null ? null : TaskDocument.instant(instant, ZoneOffset.UTC);
    }
}
