package io.redcron.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.Run;
import io.redcron.port.AuditLog;
import io.redcron.port.QueueInspector.DeadRun;

import java.util.Collection;

/**
 * The audit entries of the operator actions, one shape per action wherever it is started. A run
 * is shown by what identifies it and the NAMES of its parameters: their values may be secrets,
 * and the audit log is read by many.
 */
public final class AuditTrail {
    private final AuditLog log;
    private final String namespace;
    private final String actor;

    public AuditTrail(AuditLog log, String namespace, String actor) {
        this.log = log;
        this.namespace = namespace;
        this.actor = actor;
    }

    void triggered(Run run) {
        record("run.trigger", subject(run.id()), null, run(run));
    }

    void retried(Run ended, Run again) {
        record("run.retry", subject(again.id()), run(ended), run(again));
    }

    void cancelled(Run before, Run after) {
        record("run.cancel", subject(before.id()), run(before), run(after));
    }

    void requeued(DeadRun dead, Run again) {
        record("dead.requeue", subject(dead.runId()), deadRun(dead).toString(), run(again));
    }

    void purged(Collection<DeadRun> dead) {
        ObjectNode before = JsonNodeFactory.instance.objectNode();
        ArrayNode runs = before.putArray("runs");
        dead.forEach(entry -> runs.add(entry.runId()));
        record("dead.purge", "queue:dead", before.toString(), null);
    }

    void purgedAll(long entries) {
        record("dead.purge-all", "queue:dead", JsonNodeFactory.instance.objectNode().put("entries", entries).toString(),
                null);
    }

    /** The audit log's view of a run. */
    static String run(Run run) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("id", run.id());
        node.put("task", run.taskName());
        node.put("taskId", run.taskId());
        node.put("group", run.group());
        node.put("trigger", run.trigger().name());
        node.put("status", run.status().name());
        ArrayNode names = node.putArray("params");
        run.params().keySet().stream().sorted().forEach(names::add);
        return node.toString();
    }

    private static ObjectNode deadRun(DeadRun dead) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("deadRun", dead.runId());
        node.put("group", dead.group());
        node.put("reason", dead.reason());
        return node;
    }

    private static String subject(long runId) {
        return "run:" + runId;
    }

    private void record(String action, String subject, String before, String after) {
        log.record(namespace, actor, action, subject, before, after);
    }
}
