package io.redcron.node.cli;

import io.redcron.domain.Run;
import io.redcron.ops.Recorded;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.Map;

@Command(name = "trigger", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a task now, outside its schedule (recorded with trigger MANUAL).",
                "Parameters override the task's own and reach the run as $REDCRON_PARAM_<NAME>, never as part of a command line."},
        footer = {"", "Example:", "  redcron-node trigger report --param DAY=2026-11-30", "", ExitCode.HELP})
final class TriggerCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Parameter for this run (repeatable).")
    Map<String, String> params;

    @Option(names = "--json", description = "Print the new run as JSON.")
    boolean json;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        Recorded recorded = stores.operations().trigger().trigger(name, params == null ? Map.of() : params);
        if (json) {
            out.println(Json.write(RunViews.json(recorded.run(), true, stores.clock().instant())));
        } else {
            out.println("Triggered task '" + recorded.run().taskName() + "': " + state(recorded));
        }
        out.flush();
    }

    /** What became of a run recorded by an operator, in the words every command uses. */
    static String state(Recorded recorded) {
        Run run = recorded.run();
        if (run.status() == io.redcron.domain.RunStatus.SHARDED) {
            return "run " + run.id() + " is recorded; the scheduler splits it into its shards and queues them."
                    + " Follow it with: redcron-node runs show " + run.id();
        }
        return recorded.queued()
                ? "run " + run.id() + " is queued. Follow it with: redcron-node runs tail " + run.id()
                : "run " + run.id() + " is recorded, not queued (" + TerminalText.cell(recorded.notQueuedReason())
                        + "); the scheduler queues it within seconds.";
    }
}
