package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

@Command(name = "runs", mixinStandardHelpOptions = true, description = "Run history and live output.",
        subcommands = {RunsCommand.ListRuns.class, RunsCommand.Show.class, RunTailCommand.class})
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
                Task found = TaskCommand.find(stores.tasks(), stores.namespace(), task);
                filter = filter.forTask(found.id());
            }
            Page<Run> page = stores.runs().list(filter, new PageRequest(offset, limit));
            if (json) {
                out.println(Json.write(RunViews.json(page.items())));
            } else if (page.items().isEmpty()) {
                out.println("No runs.");
            } else {
                RunViews.table(out, page.items());
                if (page.hasMore()) {
                    out.println("(" + page.items().size() + " of " + page.total() + "; next page: --offset "
                            + (offset + page.items().size()) + ")");
                }
            }
            out.flush();
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Shows one run with its output.",
            footer = {"", ExitCode.HELP})
    static final class Show extends StoreCommand {

        @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
        long runId;

        @Option(names = "--json", description = "Print the run, with its output, as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            Run run = find(stores, runId);
            if (json) {
                out.println(Json.write(RunViews.json(run, true)));
            } else {
                RunViews.details(out, run);
            }
            out.flush();
        }
    }

    static Run find(CliStores stores, long runId) {
        return stores.runs().get(runId).filter(r -> r.namespace().equals(stores.namespace()))
                .orElseThrow(() -> new CliErrors.NotFoundException("no run " + runId + " in namespace '"
                        + stores.namespace() + "'"));
    }

}
