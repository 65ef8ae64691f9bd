package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Recorded;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.WorkflowRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.time.Instant;
import java.util.List;
import java.util.Set;

@Command(name = "runs", mixinStandardHelpOptions = true, description = "Run history and live output.",
        subcommands = {RunsCommand.ListRuns.class, RunsCommand.Show.class, RunTailCommand.class, RunsCommand.Retry.class,
                RunPinCommands.Pin.class, RunPinCommands.Unpin.class, RunPinCommands.Pinned.class, RunsPurgeCommand.class})
final class RunsCommand {

    @Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Lists runs, newest scheduled first.", footer = {"", ExitCode.HELP})
    static final class ListRuns extends StoreCommand {

        @Option(names = "--task", paramLabel = "NAME", description = "Only runs of this task.")
        String task;

        @Option(names = "--status", split = ",", paramLabel = "STATUS",
                description = "Only runs in these statuses (QUEUED, RUNNING, RETRYING, SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED).")
        List<String> statuses;

        @Option(names = "--trigger", paramLabel = "cron|manual", description = "Only runs with this trigger.")
        String trigger;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50", description = "At most N runs (1-10000). Default: ${DEFAULT-VALUE}.")
        int limit;

        @Option(names = "--offset", paramLabel = "N", defaultValue = "0", description = "Skip the first N runs.")
        int offset;

        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
                throw new CliErrors.UsageException("--limit: must be 1-" + PageRequest.MAX_LIMIT + ", got " + limit);
            }
            if (offset < 0) {
                throw new CliErrors.UsageException("--offset: must not be negative, got " + offset);
            }
            Set<RunStatus> wanted = new LinkedHashSet<>();
            if (statuses != null) {
                statuses.forEach(s -> wanted.add(RunStatus.parse(s)));
            }
            RunFilter filter = RunFilter.all(stores.namespace()).withStatuses(wanted)
                    .withTrigger(trigger == null ? null : TriggerType.parse(trigger));
            if (task != null) {
                Task found = stores.lookup().task(task);
                filter = filter.forTask(found.id());
            }
            Page<Run> page = stores.runs().list(filter, new PageRequest(offset, limit));
            if (json) {
                out.println(Json.write(RunViews.json(page.items(), stores.clock().instant())));
            } else if (page.items().isEmpty()) {
                out.println("No runs.");
            } else {
                RunViews.table(out, page.items(), stores.clock().instant());
                PageFooter.print(out, page);
            }
            out.flush();
        }
    }

    @Command(name = "retry", mixinStandardHelpOptions = true,
            description = {"Runs the task of an ended run again, now, with the same parameters, as a new MANUAL run.",
                    "The ended run's history stays as it was."},
            footer = {"", "Example:", "  redcron-node runs retry 4711", "", ExitCode.HELP})
    static final class Retry extends StoreCommand {

        @Parameters(index = "0", paramLabel = "RUN_ID", description = "The ended run's id.")
        long runId;

        @Option(names = "--json", description = "Print the new run as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            Recorded recorded = stores.operations().retry().retry(runId);
            if (json) {
                out.println(Json.write(RunViews.json(recorded.run(), true, stores.clock().instant())));
            } else {
                out.println("Retried run " + runId + " of task '" + recorded.run().taskName() + "': "
                        + TriggerCommand.state(recorded));
            }
            out.flush();
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Shows one run with its output, and its earlier attempts (retried, lost or handed back).",
            footer = {"", ExitCode.HELP})
    static final class Show extends StoreCommand {

        @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
        long runId;

        @Option(names = "--json", description = "Print the run, with its output, as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            Run run = stores.lookup().run(runId);
            List<PastAttempt> attempts = stores.runs().attempts(run.id());
            Instant now = stores.clock().instant();
            List<Run> shards = run.isShardParent() ? stores.runs().shards(run) : List.of();
            Long parent = run.isShard() ? stores.runs().parent(run).map(Run::id).orElse(null) : null;
            java.util.Optional<StepRun> step = stores.workflowOperations().stepOf(run);
            // The workflow run's name, unless it was deleted meanwhile.
            String workflow = step.flatMap(found -> stores.workflowRuns().get(found.workflowRunId()))
                    .map(WorkflowRun::workflowName).orElse(null);
            if (json) {
                ObjectNode doc = RunViews.json(run, true, now);
                step.ifPresent(found -> {
                    ObjectNode of = doc.putObject("workflowStep");
                    of.put("workflowRunId", found.workflowRunId());
                    of.put("workflow", workflow);
                    of.put("step", found.step());
                    of.put("round", found.round());
                });
                doc.set("earlierAttempts", AttemptViews.json(attempts));
                if (run.isShardParent()) {
                    RunViews.shards(doc, run, shards, now);
                }
                if (parent != null) {
                    doc.put("parentRunId", parent);
                }
                out.println(Json.write(doc));
            } else {
                RunViews.details(out, run, step.map(found -> (workflow == null ? "" : workflow + ", ") + "workflow run "
                        + found.workflowRunId() + ", step " + found.step()
                        + (found.round() > 1 ? " (round " + found.round() + ")" : "")).orElse(null),
                        attempts, now);
                if (parent != null) {
                    out.println("Parent:    run " + parent + " (runs show " + parent + ")");
                }
                if (run.isShardParent()) {
                    RunViews.shards(out, run, shards, now);
                }
            }
            out.flush();
        }
    }
}
