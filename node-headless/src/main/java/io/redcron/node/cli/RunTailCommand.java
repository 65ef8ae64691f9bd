package io.redcron.node.cli;

import io.redcron.domain.Run;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XReadParams;
import redis.clients.jedis.resps.StreamEntry;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

@Command(name = "tail", mixinStandardHelpOptions = true,
        description = {"Follows a run's output while it runs, then prints how it ended.",
                "For a run that has ended, prints its stored output."},
        footer = {"", ExitCode.HELP})
final class RunTailCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
    long runId;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        Run run = RunsCommand.find(stores, runId);
        String key = stores.keys().log(runId);
        StreamEntryID last = new StreamEntryID(0, 0);
        boolean printedLive = false;
        long nextStatusCheck = 0;
        while (true) {
            List<Map.Entry<String, List<StreamEntry>>> read = stores.redis().xread(
                    XReadParams.xReadParams().block(1000).count(100), Map.of(key, last));
            boolean ended = false;
            if (read != null) {
                for (Map.Entry<String, List<StreamEntry>> stream : read) {
                    for (StreamEntry entry : stream.getValue()) {
                        last = entry.getID();
                        String chunk = entry.getFields().get("out");
                        if (chunk != null) {
                            out.print(chunk);
                            printedLive = true;
                        }
                        ended |= entry.getFields().containsKey("end");
                    }
                }
                out.flush();
            }
            if (ended || System.currentTimeMillis() >= nextStatusCheck) {
                run = RunsCommand.find(stores, runId);
                if (run.status().isFinal() || ended) {
                    break;
                }
                nextStatusCheck = System.currentTimeMillis() + 2000;
            }
        }
        if (!printedLive && run.output() != null) {
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
