package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.format.WorkflowDocument;
import io.redcron.format.WorkflowRunDocument;
import io.redcron.workflow.Edge;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How the CLI shows workflows and their runs: tables and details for people, the workflow document
 * ({@link WorkflowDocument}) and run objects for scripts. Times are UTC with offset, as for runs.
 */
final class WorkflowViews {
    private WorkflowViews() {
    }

    static ObjectNode json(Workflow workflow) {
        return WorkflowDocument.write(workflow, Locale.ENGLISH);
    }

    static ArrayNode json(List<Workflow> workflows) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        workflows.forEach(workflow -> array.add(json(workflow)));
        return array;
    }

    /** {@code 0 2 * * * (unix, Europe/Berlin)}, or that it runs only when triggered. */
    static String schedule(Workflow workflow) {
        return workflow.cron() == null ? "manual only"
                : workflow.cron() + " (" + workflow.dialect().id() + ", " + workflow.zone().getId() + ")";
    }

    static String nextFire(Workflow workflow) {
        return workflow.nextFireAt() == null || !workflow.enabled() ? "-"
                : WorkflowDocument.instant(workflow.nextFireAt(), workflow.zone());
    }

    /** @param lastRun the status of each workflow's newest run, by name; absent when it has none */
    static void table(PrintWriter out, List<Workflow> workflows, Function<Workflow, String> lastRun) {
        Table table = new Table("NAME", "SCHEDULE", "NEXT FIRE", "ENABLED", "STEPS", "LAST RUN");
        for (Workflow workflow : workflows) {
            table.row(workflow.name(), schedule(workflow), nextFire(workflow), workflow.enabled() ? "yes" : "paused",
                    Integer.toString(workflow.steps().size()), lastRun.apply(workflow));
        }
        table.print(out);
    }

    static void details(PrintWriter out, Workflow workflow) {
        line(out, "Name", workflow.name());
        line(out, "Id", String.valueOf(workflow.id()));
        line(out, "Namespace", workflow.namespace());
        if (!workflow.description().isEmpty()) {
            line(out, "Description", workflow.description());
        }
        line(out, "Schedule", schedule(workflow));
        workflow.schedule().ifPresent(schedule -> line(out, "", schedule.describe(Locale.ENGLISH)));
        line(out, "Next fire", nextFire(workflow));
        line(out, "Misfire", WorkflowDocument.label(workflow.misfirePolicy()) + " (catch-up limit "
                + workflow.catchUpLimit() + ")");
        line(out, "Concurrency", WorkflowDocument.label(workflow.concurrencyPolicy()));
        line(out, "Enabled", workflow.enabled() ? "yes" : "no (paused)");
        if (!workflow.params().isEmpty()) {
            line(out, "Parameters", new TreeMap<>(workflow.params()).toString());
        }
        line(out, "Version", String.valueOf(workflow.version()));
        out.println("Steps (" + workflow.steps().size() + "), each after the steps it waits for:");
        Table steps = new Table("STEP", "RUNS", "AFTER", "PARAMS");
        for (String name : workflow.graph().order()) {
            Step step = workflow.graph().step(name);
            steps.row(step.name(), target(step.target()), after(step),
                    step.params().isEmpty() ? "-" : new TreeMap<>(step.params()).toString());
        }
        steps.print(out);
    }

    /** {@code start} for a root; else each edge, joined by how the step joins them. */
    static String after(Step step) {
        if (step.isRoot()) {
            return "(start)";
        }
        String edges = step.after().stream().map(WorkflowViews::edge).collect(Collectors.joining(", "));
        return step.after().size() == 1 ? edges : step.join().label() + " of: " + edges;
    }

    private static String edge(Edge edge) {
        return edge.from() + " " + switch (edge.when()) {
            case SUCCESS -> "succeeded";
            case FAILURE -> "failed";
            case ALWAYS -> "ended";
        };
    }

    private static String target(StepTarget target) {
        return target.toString();
    }

    // ---- runs ----

    static ObjectNode json(WorkflowRun run) {
        return WorkflowRunDocument.write(run);
    }

    static ArrayNode runsJson(List<WorkflowRun> runs) {
        return WorkflowRunDocument.list(runs);
    }

    static ObjectNode json(WorkflowRun run, List<StepRun> steps) {
        return WorkflowRunDocument.write(run, steps);
    }

    static void runsTable(PrintWriter out, List<WorkflowRun> runs) {
        Table table = new Table("ID", "WORKFLOW", "TRIGGER", "STATUS", "SCHEDULED", "STARTED", "FINISHED", "ERROR");
        for (WorkflowRun run : runs) {
            table.row(Long.toString(run.id()), run.workflowName(), run.trigger().name().toLowerCase(Locale.ROOT),
                    run.status().name(), RunViews.time(run.scheduledAt()), RunViews.time(run.startedAt()),
                    RunViews.time(run.finishedAt()), run.error());
        }
        table.print(out);
    }

    static void details(PrintWriter out, WorkflowRun run, List<StepRun> steps) {
        runLine(out, "Workflow run", Long.toString(run.id()));
        runLine(out, "Workflow", run.workflowName() + " (id " + run.workflowId() + ")");
        runLine(out, "Trigger", run.trigger().name().toLowerCase(Locale.ROOT));
        if (run.parentRunId() != null) {
            runLine(out, "Started by", "workflow run " + run.parentRunId() + ", step " + run.parentStep());
        }
        runLine(out, "Status", run.status().name());
        runLine(out, "Scheduled", RunViews.time(run.scheduledAt()));
        runLine(out, "Started", run.startedAt() == null ? "-" : RunViews.time(run.startedAt()));
        runLine(out, "Finished", run.finishedAt() == null ? "-" : RunViews.time(run.finishedAt()));
        if (run.error() != null && !run.error().isEmpty()) {
            runLine(out, "Error", run.error());
        }
        if (!run.params().isEmpty()) {
            runLine(out, "Parameters", new TreeMap<>(CredentialRedaction.values(run.params())).toString());
        }
        out.println("Steps:");
        Table table = new Table("STEP", "STATUS", "ROUND", "RUN", "STARTED", "FINISHED", "OUTPUT", "REASON");
        for (StepRun step : steps) {
            table.row(step.step(), step.status().name(), Integer.toString(step.round()), started(step),
                    RunViews.time(step.startedAt()), RunViews.time(step.finishedAt()),
                    step.output().isEmpty() ? "-" : String.join(", ", new TreeMap<>(step.output()).keySet()),
                    step.reason());
        }
        table.print(out);
    }

    /** What a step started: {@code run 4711}, {@code workflow run 12}, or nothing yet. */
    static String started(StepRun step) {
        if (step.runId() != null) {
            return "run " + step.runId();
        }
        return step.childRunId() == null ? "-" : "workflow run " + step.childRunId();
    }

    /** One line for a step that changed while a run is followed. */
    static String change(StepRun step) {
        String started = started(step);
        return "step " + step.step() + ": " + step.status()
                + (step.round() > 1 ? " (round " + step.round() + ")" : "")
                + (started.equals("-") ? "" : ", " + started)
                + (step.output().isEmpty() ? "" : ", output " + String.join(", ", new TreeMap<>(step.output()).keySet()))
                + (step.reason() == null || step.reason().isEmpty() ? "" : ": " + TerminalText.cell(step.reason()));
    }

    private static void line(PrintWriter out, String label, String value) {
        out.println(String.format("%-13s %s", label.isEmpty() ? "" : label + ":", TerminalText.cell(value)));
    }

    private static void runLine(PrintWriter out, String label, String value) {
        out.println(String.format("%-13s %s", label + ":", TerminalText.cell(value)));
    }
}
