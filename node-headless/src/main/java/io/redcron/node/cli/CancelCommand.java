package io.redcron.node.cli;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.EventBus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;

@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = {"Cancels a run: a waiting run is cancelled at once; a running one is stopped by its worker",
                "(its whole process tree) and recorded CANCELLED."},
        footer = {"", ExitCode.HELP})
final class CancelCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
    long runId;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        // Looked up first: a run of another namespace must stay untouched, and one that has
        // already ended must not be reported as cancelled now.
        Run before = RunsCommand.find(stores, runId);
        Run run = before.status().isFinal() ? before
                : stores.runs().requestCancel(runId, clock.instant(), "cancelled by " + CliStores.actor()).orElse(before);
        if (!before.status().isFinal()) {
            stores.audit("run.cancel", "run:" + runId, RunViews.json(before, false).toString(),
                    RunViews.json(run, false).toString());
        }
        String message;
        if (run.status() == RunStatus.RUNNING) {
            stores.events().publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId));
            message = "Run " + runId + " is running on " + TerminalText.cell(run.node()) + ": asked it to stop.";
        } else if (run.status() == RunStatus.CANCELLED && !before.status().isFinal()) {
            message = "Run " + runId + " is cancelled.";
        } else {
            message = "Run " + runId + " had already ended (" + run.status() + "); nothing to cancel.";
        }
        out.println(message);
        out.flush();
    }
}
