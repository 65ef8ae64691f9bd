package io.redcron.node.cli;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.List;
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
        Task task = TaskCommand.find(stores.tasks(), stores.namespace(), name);
        Map<String, String> runParams = params == null ? Map.of() : params;
        // The run store takes parameters as given; the task's own rules say which names can
        // become $REDCRON_PARAM_<NAME>, so check them the same way before recording anything.
        task.toBuilder().params(runParams).build();
        Run run = stores.runs().insertManual(task.id(), clock.instant(), task.retry().maxAttempts(), runParams);
        // Parameter names only: their values may be secrets, and the audit log is read by many.
        com.fasterxml.jackson.databind.node.ObjectNode audited = RunViews.json(run, false);
        run.params().keySet().stream().sorted().forEach(audited.putArray("params")::add);
        stores.audit("run.trigger", "run:" + run.id(), null, audited.toString());
        // If this fails, the run is still recorded: the scheduler's reconciler queues it.
        stores.queue().enqueue(List.of(QueuedRun.of(run.group(), run.id())));
        if (json) {
            out.println(Json.write(RunViews.json(run, true)));
        } else {
            out.println("Triggered task '" + task.name() + "': run " + run.id()
                    + " is queued. Follow it with: redcron-node runs tail " + run.id());
        }
        out.flush();
    }
}
