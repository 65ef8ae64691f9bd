package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.EventBus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = {"Cancels a run: a waiting run is cancelled at once; a running one is stopped by its worker",
                "(its whole process tree) and recorded CANCELLED."},
        footer = {"", ExitCode.HELP})
final class CancelCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run's id.")
    long runId;

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        Clock clock = Clock.systemUTC();
        try (CliStores stores = CliStores.open(config, clock)) {
            Run run = stores.runs().requestCancel(runId, clock.instant(), "cancelled by " + CliStores.actor())
                    .filter(r -> r.namespace().equals(config.node().namespace()))
                    .orElseThrow(() -> new CliErrors.NotFoundException("no run " + runId + " in namespace '"
                            + config.node().namespace() + "'"));
            String message;
            if (run.status() == RunStatus.RUNNING) {
                stores.events().publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId));
                message = "Run " + runId + " is running on " + run.node() + ": asked it to stop.";
            } else if (run.status() == RunStatus.CANCELLED) {
                message = "Run " + runId + " is cancelled.";
            } else {
                message = "Run " + runId + " had already ended (" + run.status() + "); nothing to cancel.";
            }
            spec.commandLine().getOut().println(message);
            spec.commandLine().getOut().flush();
        }
        return ExitCode.OK;
    }
}
