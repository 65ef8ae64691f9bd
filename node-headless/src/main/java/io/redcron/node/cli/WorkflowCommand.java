package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.format.BoundedRead;
import io.redcron.format.WorkflowDocument;
import io.redcron.ops.WorkflowOperations;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

@Command(name = "workflow", mixinStandardHelpOptions = true,
        description = {"Workflows: named graphs of steps, each step a task or another workflow, that start after",
                "their parents succeed, fail or end (fan-out, fan-in by all or any). A workflow runs by its own",
                "cron, by 'workflow trigger', or as a step of another; the leader moves its runs on within a",
                "second. Definitions are YAML/JSON files. See docs/WORKFLOWS.md."},
        subcommands = {WorkflowCommand.Add.class, WorkflowCommand.ListWorkflows.class, WorkflowCommand.Show.class,
                WorkflowCommand.Update.class, WorkflowCommand.Pause.class, WorkflowCommand.Resume.class,
                WorkflowCommand.Delete.class, WorkflowCommand.Trigger.class, WorkflowCommand.Runs.class,
                WorkflowCommand.Cancel.class, WorkflowCommand.Rerun.class})
final class WorkflowCommand {
    /** The most a workflow file may hold: 200 steps with their parameters fit many times over. */
    static final int MAX_FILE = 1024 * 1024;
    /** How often {@code trigger --wait} looks at the run: the leader moves runs on about as often. */
    static final Duration POLL = Duration.ofSeconds(1);

    private WorkflowCommand() {
    }

    /** Reads a workflow file (YAML or JSON; {@code -} for standard input), at most {@link #MAX_FILE} bytes. */
    static JsonNode readDocument(Path file) {
        boolean stdin = file.toString().equals("-");
        String name = stdin ? "standard input" : file.toString();
        byte[] content;
        try (InputStream in = stdin ? new TaskCommand.NotClosing(System.in) : Files.newInputStream(file)) {
            content = BoundedRead.upTo(in, MAX_FILE).orElseThrow(() -> new InvalidWorkflowException("file",
                    name + " is over " + BoundedRead.size(MAX_FILE) + "; a workflow file is at most "
                            + BoundedRead.size(MAX_FILE)));
        } catch (NoSuchFileException e) {
            throw new InvalidWorkflowException("file", name + " does not exist");
        } catch (IOException e) {
            throw new InvalidWorkflowException("file", "cannot read " + name + ": " + CliErrors.oneLine(e.getMessage()));
        }
        return WorkflowDocument.parse(content, name);
    }

    private static String steps(Workflow workflow) {
        int count = workflow.steps().size();
        return count + (count == 1 ? " step" : " steps");
    }

    /** A command that stores a workflow document read from a file, and can print what it stored. */
    abstract static class FromFile extends StoreCommand {
        @Option(names = {"-f", "--file"}, required = true, paramLabel = "FILE",
                description = "Workflow document (YAML or JSON; - for stdin). See docs/WORKFLOWS.md for its keys.")
        Path file;

        @Option(names = "--json", description = "Print the stored workflow document as JSON.")
        boolean json;

        /** The file's document, read and parsed before any store is opened. */
        JsonNode document;

        @Override
        void check() {
            document = readDocument(file);
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Adds a workflow from a YAML/JSON file. The file is checked first (every key, the graph,",
                    "and that each step's task or workflow exists); a bad one is reported naming the field and",
                    "nothing is stored."},
            footer = {"", "Examples:", "  redcron-node workflow add -f nightly-etl.yaml",
                    "  redcron-node workflow show nightly-etl --output yaml | sed 's/nightly-etl/weekly-etl/' | \\",
                    "      redcron-node workflow add -f -", "", ExitCode.HELP})
    static final class Add extends FromFile {

        @Override
        void run(CliStores stores, PrintWriter out) {
            Workflow draft = WorkflowDocument.read(document, stores.namespace(), null).workflow();
            Workflow stored = stores.workflowOperations().add(draft);
            if (json) {
                out.println(Json.write(WorkflowViews.json(stored)));
                return;
            }
            out.println("Added workflow '" + stored.name() + "' (id " + stored.id() + "): " + steps(stored) + ", "
                    + (stored.cron() == null ? "runs when triggered"
                    : stored.schedule().orElseThrow().describe(Locale.ENGLISH)) + ".");
            if (!stored.enabled()) {
                out.println("It is paused: it will not fire, nor take triggers, until resumed.");
            } else if (stored.cron() != null) {
                out.println("Next fire: " + WorkflowViews.nextFire(stored));
            }
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Lists the namespace's workflows, by name, with the status of each one's newest run.",
            footer = {"", ExitCode.HELP})
    static final class ListWorkflows extends StoreCommand {
        @Option(names = "--json", description = "Print a JSON array of workflow documents.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowOperations workflows = stores.workflowOperations();
            List<Workflow> all = workflows.list();
            if (json) {
                out.println(Json.write(WorkflowViews.json(all)));
            } else if (all.isEmpty()) {
                out.println("No workflows in namespace '" + stores.namespace() + "'.");
            } else {
                // A namespace holds few workflows: one small read each for its newest run.
                WorkflowViews.table(out, all, workflow -> workflows.runs(workflow.name(), new PageRequest(0, 1))
                        .items().stream().findFirst().map(run -> run.status().name()).orElse("-"));
            }
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Shows a workflow: its settings, then its steps in order, each with the edges it waits for.",
                    "--json and --output yaml print the workflow document, which 'workflow add/update -f' reads back."},
            footer = {"", "Example:", "  redcron-node workflow show nightly-etl --output yaml > nightly-etl.yaml",
                    "", ExitCode.HELP})
    static final class Show extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The workflow.")
        String name;

        @Option(names = "--json", description = "Print the workflow document as JSON (same as --output json).")
        boolean json;

        @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", description = "text (default), json or yaml.")
        String output;

        @Override
        void check() {
            if (output != null && !List.of("text", "json", "yaml").contains(output.toLowerCase(Locale.ROOT))) {
                throw new CliErrors.UsageException("--output: '" + output + "' is not one of text, json, yaml");
            }
            if (json && output != null && !output.equalsIgnoreCase("json")) {
                throw new CliErrors.UsageException("--json and --output " + output + " exclude each other");
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            Workflow workflow = stores.workflowOperations().get(name);
            String format = json ? "json" : output == null ? "text" : output.toLowerCase(Locale.ROOT);
            switch (format) {
                case "json" -> out.println(Json.write(WorkflowViews.json(workflow)));
                case "yaml" -> out.print(WorkflowDocument.yaml(WorkflowViews.json(workflow)));
                default -> WorkflowViews.details(out, workflow);
            }
        }
    }

    @Command(name = "update", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Replaces a workflow's definition with a file's. Runs already recorded keep the steps they",
                    "were recorded with. A file that carries a 'version' (as 'workflow show' prints it) is applied only",
                    "if nobody changed the workflow since (exit 4 otherwise). Without 'enabled' the file leaves the",
                    "workflow paused or not as it is; without 'name' it keeps its name (renaming is not supported)."},
            footer = {"", "Example:",
                    "  redcron-node workflow show nightly-etl --output yaml > etl.yaml",
                    "  (edit etl.yaml)",
                    "  redcron-node workflow update nightly-etl -f etl.yaml",
                    "", ExitCode.HELP})
    static final class Update extends FromFile {
        @Parameters(index = "0", paramLabel = "NAME", description = "The workflow.")
        String name;

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowDocument.Definition definition = WorkflowDocument.read(document, stores.namespace(), name);
            Workflow changed = definition.workflow();
            if (!changed.name().equals(name)) {
                throw new InvalidWorkflowException("name", "the file names '" + changed.name() + "', not '" + name
                        + "'; a workflow cannot be renamed (add it under the new name, then delete the old one)");
            }
            WorkflowOperations workflows = stores.workflowOperations();
            if (!definition.enabledGiven()) {
                changed = changed.withEnabled(workflows.get(name).enabled());
            }
            Workflow stored = workflows.update(name, changed, definition.version());
            if (json) {
                out.println(Json.write(WorkflowViews.json(stored)));
            } else {
                out.println("Updated workflow '" + stored.name() + "' (version " + stored.version() + "): "
                        + steps(stored) + ".");
            }
        }
    }

    /** Pause and resume: the same command with a different target state. */
    abstract static class Toggle extends StoreCommand {
        private final boolean enable;

        @Parameters(index = "0", paramLabel = "NAME", description = "The workflow.")
        String name;

        Toggle(boolean enable) {
            this.enable = enable;
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowOperations workflows = stores.workflowOperations();
            boolean before = workflows.get(name).enabled();
            Workflow after = workflows.setEnabled(name, enable);
            if (before == enable) {
                out.println("Workflow '" + after.name() + "' was already " + (enable ? "active" : "paused") + ".");
            } else if (enable) {
                out.println("Workflow '" + after.name() + "' is resumed"
                        + (after.cron() == null ? "." : "; next fire: " + WorkflowViews.nextFire(after)));
            } else {
                out.println("Workflow '" + after.name() + "' is paused: its cron records no runs and triggers are"
                        + " refused until it is resumed; runs under way go on.");
            }
        }
    }

    @Command(name = "pause", mixinStandardHelpOptions = true,
            description = {"Pauses a workflow: its cron records no runs (the fires meanwhile are not caught up), a",
                    "trigger is refused, and a step that runs it fails; runs under way go on."},
            footer = {"", ExitCode.HELP})
    static final class Pause extends Toggle {
        Pause() {
            super(false);
        }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true,
            description = "Resumes a paused workflow: its next fire is planned from now.",
            footer = {"", ExitCode.HELP})
    static final class Resume extends Toggle {
        Resume() {
            super(true);
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true,
            description = {"Deletes a workflow (refused while another workflow runs it as a step). Its runs stay in",
                    "the history, and runs under way go on."},
            footer = {"", ExitCode.HELP})
    static final class Delete extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The workflow.")
        String name;

        @Override
        void run(CliStores stores, PrintWriter out) {
            stores.workflowOperations().delete(name);
            out.println("Deleted workflow '" + name + "'.");
        }
    }

    @Command(name = "trigger", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Runs a workflow now, outside its schedule (recorded with trigger MANUAL); the leader starts",
                    "it within a second, under the workflow's concurrency policy. Parameters override the workflow's",
                    "own and reach every step's run as $REDCRON_PARAM_<NAME>.",
                    "--wait follows the run until it ends, printing each step as it changes."},
            footer = {"", "Examples:", "  redcron-node workflow trigger nightly-etl -p DAY=2026-11-30",
                    "  redcron-node workflow trigger nightly-etl --wait && echo loaded", "", ExitCode.HELP,
                    "  5  with --wait: the workflow run ended, but did not succeed"})
    static final class Trigger extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The workflow.")
        String name;

        @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "Parameter for this run (repeatable).")
        Map<String, String> params;

        @Option(names = "--wait", description = "Follow the run until it ends; exit 0 only if it SUCCEEDED.")
        boolean wait;

        @Option(names = "--json", description = "Print the new run as JSON (with --wait: the ended run and its steps).")
        boolean json;

        private int exit = ExitCode.OK;

        @Override
        Integer exitCode() {
            return exit;
        }

        @Override
        void run(CliStores stores, PrintWriter out) throws InterruptedException {
            WorkflowOperations workflows = stores.workflowOperations();
            WorkflowRun run = workflows.trigger(name, params == null ? Map.of() : params);
            if (!wait) {
                if (json) {
                    out.println(Json.write(WorkflowViews.json(run)));
                } else {
                    out.println("Triggered workflow '" + run.workflowName() + "': workflow run " + run.id()
                            + " is queued. Follow it with: redcron-node workflow runs show " + run.id());
                }
                return;
            }
            if (!json) {
                out.println("Triggered workflow '" + run.workflowName() + "': workflow run " + run.id() + " is "
                        + run.status() + "; following it (Ctrl-C stops following, not the run).");
                out.flush();
            }
            WorkflowRun ended = follow(workflows, run, json ? null : out);
            if (json) {
                out.println(Json.write(WorkflowViews.json(ended, workflows.steps(ended.id()))));
            } else {
                out.println("[workflow run " + ended.id() + " " + ended.status()
                        + (ended.error() == null || ended.error().isEmpty() ? "" : ": " + TerminalText.cell(ended.error()))
                        + "]");
            }
            exit = ended.status() == io.redcron.workflow.WorkflowRunStatus.SUCCEEDED ? ExitCode.OK
                    : ExitCode.NOT_SUCCEEDED;
        }

        /** Reads the run and its steps every {@link #POLL} until it ends; prints what changed, when {@code out} is given. */
        private static WorkflowRun follow(WorkflowOperations workflows, WorkflowRun run, PrintWriter out)
                throws InterruptedException {
            Map<String, String> shown = new HashMap<>();
            io.redcron.workflow.WorkflowRunStatus status = run.status();
            while (true) {
                WorkflowRun now = workflows.run(run.id());
                List<StepRun> steps = workflows.steps(run.id());
                if (out != null) {
                    for (StepRun step : steps) {
                        String line = WorkflowViews.change(step);
                        // A step is shown once it has left PENDING, then on each change (a rerun's round too).
                        if (step.status() != StepStatus.PENDING || shown.containsKey(step.step())) {
                            if (!line.equals(shown.put(step.step(), line))) {
                                out.println(line);
                            }
                        }
                    }
                    if (now.status() != status && !now.status().isFinal()) {
                        out.println("workflow run " + now.id() + ": " + now.status());
                    }
                    status = now.status();
                    out.flush();
                }
                if (now.status().isFinal()) {
                    return now;
                }
                Thread.sleep(POLL.toMillis());
            }
        }
    }

    @Command(name = "runs", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Lists workflow runs, newest scheduled first (of one workflow when NAME is given).",
                    "'workflow runs show ID' shows one run with each of its steps; the runs of a workflow named",
                    "'show' are listed with --workflow show."},
            subcommands = {WorkflowCommand.RunsShow.class},
            footer = {"", "Examples:", "  redcron-node workflow runs nightly-etl --limit 10",
                    "  redcron-node workflow runs show 12", "", ExitCode.HELP})
    static final class Runs extends StoreCommand {
        @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "Only the runs of this workflow.")
        String positional;

        // 'workflow runs show' is the subcommand, so a workflow named 'show' can only be named this way.
        @Option(names = {"-w", "--workflow"}, paramLabel = "NAME",
                description = "Only the runs of this workflow (the same as NAME; needed for a workflow named 'show').")
        String option;

        private String name;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50",
                description = "At most N runs (1-10000). Default: ${DEFAULT-VALUE}.")
        int limit;

        @Option(names = "--offset", paramLabel = "N", defaultValue = "0", description = "Skip the first N runs.")
        int offset;

        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        @Override
        void check() {
            if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
                throw new CliErrors.UsageException("--limit: must be 1-" + PageRequest.MAX_LIMIT + ", got " + limit);
            }
            if (offset < 0) {
                throw new CliErrors.UsageException("--offset: must not be negative, got " + offset);
            }
            if (positional != null && option != null && !positional.equals(option)) {
                throw new CliErrors.UsageException("--workflow: names '" + option + "', NAME names '" + positional
                        + "'; give one");
            }
            name = option != null ? option : positional;
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowOperations workflows = stores.workflowOperations();
            if (name != null) {
                // A deleted workflow's runs stay in the history: only a name never seen is unknown.
                boolean known = workflows.list().stream().anyMatch(workflow -> workflow.name().equals(name));
                if (!known && workflows.runs(name, new PageRequest(0, 1)).items().isEmpty()) {
                    workflows.get(name);
                }
            }
            Page<WorkflowRun> page = workflows.runs(name, new PageRequest(offset, limit));
            if (json) {
                out.println(Json.write(WorkflowViews.runsJson(page.items())));
            } else if (page.items().isEmpty()) {
                out.println("No workflow runs.");
            } else {
                WorkflowViews.runsTable(out, page.items());
                PageFooter.print(out, page);
            }
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Shows one workflow run, then each step: its status, round, the run (or child workflow",
                    "run) it started, when, the keys of its output, and why it failed or was skipped."},
            footer = {"", "Example:", "  redcron-node workflow runs show 12", "", ExitCode.HELP})
    static final class RunsShow extends StoreCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The workflow run's id.")
        long id;

        @Option(names = "--json", description = "Print the run and its steps (with their output) as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowOperations workflows = stores.workflowOperations();
            WorkflowRun run = workflows.run(id);
            List<StepRun> steps = workflows.steps(id);
            if (json) {
                out.println(Json.write(WorkflowViews.json(run, steps)));
            } else {
                WorkflowViews.details(out, run, steps);
            }
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true,
            description = {"Cancels a workflow run that has not ended: it ends CANCELLED at once, its pending steps",
                    "are CANCELLED, each running step's run is asked to stop, and each child workflow run a step",
                    "started is cancelled too. Running steps settle as their runs end."},
            footer = {"", "Example:", "  redcron-node workflow cancel 12", "", ExitCode.HELP})
    static final class Cancel extends StoreCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The workflow run's id.")
        long id;

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowOperations workflows = stores.workflowOperations();
            WorkflowRun before = workflows.run(id);
            if (before.status().isFinal()) {
                out.println("Workflow run " + id + " had already ended (" + before.status() + "); nothing to cancel.");
                return;
            }
            WorkflowRun after = workflows.cancel(id);
            long running = workflows.steps(id).stream().filter(step -> step.status() == StepStatus.RUNNING).count();
            out.println("Workflow run " + id + " is " + after.status() + (running == 0 ? "."
                    : "; asked its " + running + " running step" + (running == 1 ? "" : "s") + " to stop."));
        }
    }

    @Command(name = "rerun", mixinStandardHelpOptions = true,
            description = {"Runs a FAILED or CANCELLED workflow run again, as the same run: its failed and cancelled",
                    "steps, and the steps after them that were not reached, go back to PENDING for another round;",
                    "steps that succeeded keep their runs and outputs. The leader starts them within a second."},
            footer = {"", "Example:", "  redcron-node workflow rerun 12", "", ExitCode.HELP})
    static final class Rerun extends StoreCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The workflow run's id.")
        long id;

        @Override
        void run(CliStores stores, PrintWriter out) {
            WorkflowOperations workflows = stores.workflowOperations();
            WorkflowRun run = workflows.rerun(id);
            List<String> again = workflows.steps(id).stream().filter(step -> step.status() == StepStatus.PENDING)
                    .map(StepRun::step).toList();
            out.println("Workflow run " + run.id() + " of '" + run.workflowName() + "' is " + run.status()
                    + " again: steps " + String.join(", ", again) + " run again.");
        }
    }
}
