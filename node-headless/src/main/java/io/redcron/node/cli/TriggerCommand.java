package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "trigger", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a task now, outside its schedule (recorded with trigger MANUAL).",
                "Parameters override the task's own and reach the run as $REDCRON_PARAM_<NAME>, never as part of a command line."},
        footer = {"", "Example:", "  redcron-node trigger report --param DAY=2026-11-30", "", ExitCode.HELP})
final class TriggerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Parameter for this run (repeatable).")
    Map<String, String> params;

    @Option(names = "--json", description = "Print the new run as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        Clock clock = Clock.systemUTC();
        try (CliStores stores = CliStores.open(config, clock)) {
            Task task = TaskCommand.find(stores.tasks(), config.node().namespace(), name);
            Map<String, String> runParams = params == null ? Map.of() : params;
            // The run store takes parameters as given; the task's own rules say which names can
            // become $REDCRON_PARAM_<NAME>, so check them the same way before recording anything.
            task.toBuilder().params(runParams).build();
            Run run = stores.runs().insertManual(task.id(), clock.instant(), task.retry().maxAttempts(), runParams);
            // If this fails, the run is still recorded: the scheduler's reconciler queues it.
            stores.queue().enqueue(List.of(QueuedRun.of(run.group(), run.id())));
            if (json) {
                spec.commandLine().getOut().println(Json.write(RunViews.json(run, true)));
            } else {
                spec.commandLine().getOut().println("Triggered task '" + task.name() + "': run " + run.id()
                        + " is queued. Follow it with: redcron-node runs tail " + run.id());
            }
            spec.commandLine().getOut().flush();
        }
        return ExitCode.OK;
    }
}
