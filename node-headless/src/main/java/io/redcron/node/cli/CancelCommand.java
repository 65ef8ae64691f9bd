package io.redcron.node.cli;

import io.redcron.domain.Run;
import io.redcron.ops.CancelRun.Cancellation;
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
        Cancellation cancellation = stores.operations().cancel().cancel(runId);
        Run run = cancellation.run();
        out.println(switch (cancellation.outcome()) {
            case STOPPING -> run.status() == io.redcron.domain.RunStatus.SHARDED
                    ? "Run " + runId + " is sharded: its waiting shards are cancelled, its running ones asked to stop;"
                            + " it ends once they have."
                    : "Run " + runId + " is running on " + TerminalText.cell(run.node()) + ": asked it to stop.";
            case CANCELLED -> "Run " + runId + " is cancelled.";
            case ALREADY_ENDED -> "Run " + runId + " had already ended (" + run.status() + "); nothing to cancel.";
        });
        out.flush();
    }
}
