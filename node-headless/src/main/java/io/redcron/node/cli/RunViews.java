package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.Run;
import io.redcron.format.TaskDocument;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * How the CLI shows runs; times are UTC with offset. A run claimed ahead of its time that has not
 * started ({@link Run#isHeld}) shows as HELD in text, and as {@code "held": true} beside its stored
 * status in JSON.
 */
final class RunViews {
    static final String HELD = "HELD";

    private RunViews() {
    }

    static ObjectNode json(Run run, boolean withOutput, Instant now) {
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
        if (withOutput) {
            doc.put("output", run.output() == null ? "" : run.output());
            ObjectNode params = doc.putObject("params");
            CredentialRedaction.values(run.params()).forEach(params::put);
        }
        return doc;
    }

    static ArrayNode json(List<Run> runs, Instant now) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        runs.forEach(run -> array.add(json(run, false, now)));
        return array;
    }

    static void table(PrintWriter out, List<Run> runs, Instant now) {
        Table table = new Table("ID", "TASK", "SCHEDULED", "STATUS", "ATTEMPT", "NODE", "DURATION", "EXIT");
        for (Run run : runs) {
            table.row(Long.toString(run.id()), run.taskName(), time(run.scheduledAt()), status(run, now),
                    run.attempt() + "/" + run.maxAttempts(), run.node() == null ? "-" : run.node(),
                    run.startedAt() == null || run.isHeld(now) ? "-" : io.redcron.domain.Durations.format(run.duration()),
                    run.exitCode() == null ? "-" : run.exitCode().toString());
        }
        table.print(out);
    }

    /** @param workflowStep for a step's run, the workflow run and step it is, else null */
    static void details(PrintWriter out, Run run, String workflowStep, List<PastAttempt> earlierAttempts, Instant now) {
        boolean held = run.isHeld(now);
        line(out, "Run", Long.toString(run.id()));
        line(out, "Task", run.taskName() + " (id " + run.taskId() + ", group " + run.group() + ")");
        line(out, "Trigger", run.trigger().name().toLowerCase(Locale.ROOT));
        if (workflowStep != null) {
            line(out, "Workflow", workflowStep);
        }
        line(out, "Scheduled", time(run.scheduledAt()));
        line(out, "Status", held ? HELD + " (claimed ahead of its time; not started)" : run.status().name());
        line(out, "Attempt", run.attempt() + " of " + run.maxAttempts());
        line(out, "Node", run.node() == null ? "-" : run.node());
        line(out, held ? "Starts" : "Started", run.startedAt() == null ? "-" : time(run.startedAt()));
        line(out, "Finished", run.finishedAt() == null ? "-" : time(run.finishedAt()));
        line(out, "Exit code", run.exitCode() == null ? "-" : run.exitCode().toString());
        if (run.error() != null && !run.error().isEmpty()) {
            line(out, "Error", run.error());
        }
        if (!run.params().isEmpty()) {
            line(out, "Parameters", new TreeMap<>(CredentialRedaction.values(run.params())).toString());
        }
        AttemptViews.text(out, earlierAttempts);
        out.println("Output:");
        out.println(run.output() == null || run.output().isEmpty() ? "(none)" : run.output());
    }

    private static String status(Run run, Instant now) {
        return run.isHeld(now) ? HELD : run.status().name();
    }

    static String time(Instant instant) {
        return instant == null ? null : TaskDocument.instant(instant, ZoneOffset.UTC);
    }

    private static void line(PrintWriter out, String label, String value) {
        out.println(String.format("%-11s %s", label + ":", TerminalText.cell(value)));
    }
}
