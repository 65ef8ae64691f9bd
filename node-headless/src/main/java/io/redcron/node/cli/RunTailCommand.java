package io.redcron.node.cli;

import io.redcron.domain.Run;
import io.redcron.ops.FollowOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;

@Command(name = "tail", mixinStandardHelpOptions = true,
        description = {"Follows a run's output while it runs, then prints how it ended.",
                "For a run that has ended, prints its stored output."},
        footer = {"", ExitCode.HELP})
final class RunTailCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
    long runId;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        FollowOutput.Followed followed = stores.operations().output().follow(runId, chunk -> {
            out.print(chunk);
            out.flush();
        });
        Run run = followed.run();
        if (!followed.sawLiveOutput() && run.output() != null) {
            out.print(run.output());
            if (!run.output().endsWith("\n")) {
                out.println();
            }
        }
        out.println("[run " + runId + " " + run.status() + (run.exitCode() == null ? "" : ", exit code " + run.exitCode())
                + (run.error() == null || run.error().isEmpty() ? "" : ": " + TerminalText.cell(run.error())) + "]");
        out.flush();
    }
}
