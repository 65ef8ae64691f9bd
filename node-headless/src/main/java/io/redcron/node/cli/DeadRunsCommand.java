package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.ops.DeadRunSearch;
import io.redcron.ops.Operations;
import io.redcron.ops.Recorded;
import io.redcron.ops.RequeueDeadRun.Requeue;
import io.redcron.ops.RequeueDeadRun.Verdict;
import io.redcron.port.QueueInspector.DeadRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

@Command(name = "dead", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Lists the dead runs: runs that failed for good, newest first.",
                "Requeue one to run its task again (a new MANUAL run with the same parameters), or purge them."},
        subcommands = {DeadRunsCommand.RequeueCommand.class, DeadRunsCommand.PurgeCommand.class},
        footer = {"", "Examples:", "  redcron-node queues dead", "  redcron-node queues dead requeue 1767225600000-0",
                "  redcron-node queues dead requeue 4711", "  redcron-node queues dead purge --all --yes", "",
                ExitCode.HELP})
final class DeadRunsCommand extends StoreCommand {

    @Option(names = "--limit", paramLabel = "N", defaultValue = "50",
            description = "At most N entries (1-" + DeadRunSearch.SEARCH_LIMIT + "). Default: ${DEFAULT-VALUE}.")
    int limit;

    @Option(names = "--json", description = "Print a JSON array.")
    boolean json;

    @Override
    void check() {
        if (limit < 1 || limit > DeadRunSearch.SEARCH_LIMIT) {
            throw new CliErrors.UsageException("--limit: must be 1-" + DeadRunSearch.SEARCH_LIMIT + ", got " + limit);
        }
    }

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        DeadRunSearch dead = stores.operations().deadRuns();
        List<DeadRun> entries = dead.recent(limit);
        if (json) {
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            entries.forEach(entry -> json(array.addObject(), entry));
            out.println(Json.write(array));
        } else if (entries.isEmpty()) {
            out.println("No dead runs.");
        } else {
            Table table = new Table("ENTRY", "RUN", "GROUP", "DIED", "REASON");
            for (DeadRun entry : entries) {
                table.row(entry.entryId(), Long.toString(entry.runId()), entry.group(), RunViews.time(entry.at()),
                        entry.reason());
            }
            table.print(out);
            long total = dead.count();
            if (total > entries.size()) {
                out.println("(" + entries.size() + " of " + total + "; more with --limit)");
            }
        }
        out.flush();
    }

    static void json(ObjectNode node, DeadRun entry) {
        node.put("entry", entry.entryId());
        node.put("runId", entry.runId());
        node.put("group", entry.group());
        node.put("reason", entry.reason());
        node.put("at", RunViews.time(entry.at()));
    }

    /** The entries named, each once, in the order given. */
    static List<DeadRun> find(DeadRunSearch dead, List<String> refs) {
        Map<String, DeadRun> found = new LinkedHashMap<>();
        for (String ref : refs) {
            DeadRun entry = dead.find(ref);
            found.putIfAbsent(entry.entryId(), entry);
        }
        return new ArrayList<>(found.values());
    }

    @Command(name = "requeue", mixinStandardHelpOptions = true,
            description = {"Runs the task of dead runs again: each gets a new MANUAL run with the dead run's parameters,",
                    "and its entry leaves the dead list. The dead run's own history stays as it was."},
            footer = {"", "A run is looked for among the newest " + DeadRunSearch.SEARCH_LIMIT
                    + " entries; an entry id finds any.", "", ExitCode.HELP})
    static final class RequeueCommand extends StoreCommand {

        @Parameters(paramLabel = "ENTRY|RUN", arity = "1..*",
                description = "A dead-run entry id (as 'queues dead' lists it) or the id of the dead run.")
        List<String> refs;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            Operations operations = stores.operations();
            for (DeadRun entry : find(operations.deadRuns(), refs)) {
                out.println(describe(operations.requeue().requeue(entry)));
            }
            out.flush();
        }

        private static String describe(Requeue requeue) {
            long deadRun = requeue.dead().runId();
            return switch (requeue.verdict()) {
                case REQUEUED, RECORDED_NOT_QUEUED -> "Dead run " + deadRun + " requeued: "
                        + TriggerCommand.state(new Recorded(requeue.newRun(), requeue.verdict() == Verdict.REQUEUED,
                        requeue.detail()));
                case NO_SUCH_RUN -> "Dead run " + deadRun + " is no longer in the run history; left in the dead list.";
                case NOT_FINISHED -> "Dead run " + deadRun + " is " + requeue.detail()
                        + " again; not requeued, so it never runs twice at once.";
                case NO_SUCH_TASK -> "The task of dead run " + deadRun + " was deleted; left in the dead list.";
                case ALREADY_HANDLED -> "Dead run " + deadRun + " was requeued or purged by someone else meanwhile.";
            };
        }
    }

    @Command(name = "purge", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Removes dead runs from the dead list (their run history stays): those named, or with",
                    "--all --yes every one."},
            footer = {"", ExitCode.HELP})
    static final class PurgeCommand extends StoreCommand {

        @Parameters(paramLabel = "ENTRY|RUN", arity = "0..*",
                description = "A dead-run entry id (as 'queues dead' lists it) or the id of the dead run.")
        List<String> refs;

        @Option(names = "--all", description = "Remove every entry of the dead list.")
        boolean all;

        @Option(names = "--yes", description = "Confirms --all.")
        boolean yes;

        @Override
        void check() {
            boolean named = refs != null && !refs.isEmpty();
            if (all == named) {
                throw new CliErrors.UsageException(all ? "name entries or give --all, not both"
                        : "name the entries to purge, or give --all --yes");
            }
            if (all && !yes) {
                throw new CliErrors.UsageException("--all removes every dead run: confirm with --yes");
            }
            if (yes && !all) {
                throw new CliErrors.UsageException("--yes only confirms --all");
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            Operations operations = stores.operations();
            if (all) {
                out.println("Purged " + operations.purge().purgeAll() + " dead run(s).");
            } else {
                List<DeadRun> entries = find(operations.deadRuns(), refs);
                out.println("Purged " + operations.purge().purge(entries) + " dead run(s).");
            }
            out.flush();
        }
    }
}
