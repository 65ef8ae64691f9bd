package io.redcron.format;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.WorkflowRun;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A workflow run as JSON, the one shape the CLI's {@code workflow runs --json} and the HTTP API
 * both print: times in UTC, parameters and step outputs sorted by name with credential values
 * masked; with its steps, in the order of the run's definition, when they are given.
 */
public final class WorkflowRunDocument {
    private WorkflowRunDocument() {
    }

    /** The run without its steps, as a listing shows it. */
    public static ObjectNode write(WorkflowRun run) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("id", run.id());
        doc.put("workflow", run.workflowName());
        doc.put("workflowId", run.workflowId());
        doc.put("namespace", run.namespace());
        doc.put("trigger", run.trigger().name().toLowerCase(Locale.ROOT));
        doc.put("status", run.status().name());
        doc.put("scheduledAt", RunDocument.time(run.scheduledAt()));
        doc.put("startedAt", RunDocument.time(run.startedAt()));
        doc.put("finishedAt", RunDocument.time(run.finishedAt()));
        doc.put("error", run.error());
        putLong(doc, "parentRunId", run.parentRunId());
        doc.put("parentStep", run.parentStep());
        putMasked(doc.putObject("params"), run.params());
        return doc;
    }

    /** The run with each of its steps. */
    public static ObjectNode write(WorkflowRun run, List<StepRun> steps) {
        ObjectNode doc = write(run);
        ArrayNode array = doc.putArray("steps");
        for (StepRun step : steps) {
            ObjectNode node = array.addObject();
            node.put("name", step.step());
            node.put("status", step.status().name());
            node.put("round", step.round());
            putLong(node, "runId", step.runId());
            putLong(node, "childRunId", step.childRunId());
            node.put("startedAt", RunDocument.time(step.startedAt()));
            node.put("finishedAt", RunDocument.time(step.finishedAt()));
            node.put("reason", step.reason());
            putMasked(node.putObject("output"), step.output());
        }
        return doc;
    }

    /** Runs without their steps, as {@code workflow runs --json} lists them. */
    public static ArrayNode list(List<WorkflowRun> runs) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        runs.forEach(run -> array.add(write(run)));
        return array;
    }

    private static void putMasked(ObjectNode node, Map<String, String> values) {
        new TreeMap<>(CredentialRedaction.values(values)).forEach(node::put);
    }

    private static void putLong(ObjectNode node, String field, Long value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }
}
