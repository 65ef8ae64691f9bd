package io.redcron.node.cli;

import io.redcron.domain.Durations;
import io.redcron.domain.RunStatus;
import io.redcron.ops.PurgeHistory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

@Command(name = "purge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Deletes ended runs older than asked, with their output and attempts, beyond the retention policy.",
                "Pinned runs, unfinished runs and runs younger than a day always stay. Prints what it would delete",
                "with --dry-run; otherwise needs --yes, and shows its progress as it goes."},
        footer = {"", "Examples:", "  redcron-node runs purge --older-than 90d --dry-run",
                "  redcron-node runs purge --older-than 7d --task heartbeat --status SUCCEEDED,SKIPPED --yes", "",
                ExitCode.HELP})
final class RunsPurgeCommand extends StoreCommand {

    @Option(names = "--older-than", paramLabel = "AGE", required = true,
            description = "Runs scheduled longer ago than this (at least 1d), e.g. 30d.")
    String olderThan;

    @Option(names = "--task", paramLabel = "NAME", description = "Only runs of this task.")
    String task;

    @Option(names = "--status", split = ",", paramLabel = "STATUS",
            description = "Only runs that ended so (SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED).")
    List<String> statuses;

    @Option(names = "--dry-run", description = "Only count what would be deleted.")
    boolean dryRun;

    @Option(names = "--yes", description = "Delete without asking: there is no undo.")
    boolean yes;

    private PurgeHistory.Request request;

    @Override
    void check() {
        Set<RunStatus> wanted = EnumSet.noneOf(RunStatus.class);
        if (statuses != null) {
            statuses.forEach(status -> wanted.add(RunStatus.parse(status)));
        }
        try {
            request = new PurgeHistory.Request(Durations.parse("--older-than", olderThan), null, wanted);
        } catch (IllegalArgumentException e) {
            throw new CliErrors.UsageException(e.getMessage().startsWith("--") ? e.getMessage() : "--" + e.getMessage());
        }
        if (!dryRun && !yes) {
            throw new CliErrors.UsageException("--yes: a purge cannot be undone; add --yes, or --dry-run to count first");
        }
    }

    @Override
    void run(CliStores stores, PrintWriter out) {
        PurgeHistory.Request asked = task == null ? request
                : new PurgeHistory.Request(request.olderThan(), stores.lookup().task(task).id(), request.statuses());
        PurgeHistory purge = new PurgeHistory(stores.cleanup(), stores.retention(), stores.audit(), stores.namespace(),
                CliStores.actor(), stores.clock());
        PrintWriter progress = spec.commandLine().getErr();
        PurgeHistory.Outcome outcome = dryRun ? purge.dryRun(asked) : purge.purge(asked, deleted -> {
            progress.println("… " + runs(deleted) + " deleted");
            progress.flush();
        });
        String found = String.format("%s scheduled before %s%s", runs(outcome.found()),
                outcome.before().truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                outcome.found() == 0 ? "" : " (" + byStatus(outcome.byStatus()) + ", from " + outcome.oldest()
                        + " to " + outcome.newest() + ")");
        out.println(dryRun ? "Would delete " + found + "." : String.format("Deleted %,d of %s.", outcome.deleted(), found));
        if (outcome.pinned() > 0) {
            out.println(outcome.pinned() == 1 ? "1 pinned run stays." : String.format("%,d pinned runs stay.", outcome.pinned()));
        }
        if (!dryRun && outcome.deleted() < outcome.found()) {
            out.println(runs(outcome.found() - outcome.deleted()) + " changed or were pinned meanwhile, and stay.");
        }
    }

    private static String runs(long count) {
        return count == 1 ? "1 run" : String.format("%,d runs", count);
    }

    private static String byStatus(Map<RunStatus, Long> counts) {
        return counts.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(entry -> String.format("%s %,d", entry.getKey(), entry.getValue())).collect(Collectors.joining(", "));
    }
}
