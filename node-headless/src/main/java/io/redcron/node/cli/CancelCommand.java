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
            // Looked up first: a run of another namespace must stay untouched, and one that has
            // already ended must not be reported as cancelled now.
            Run before = RunsCommand.find(stores, config, runId);
            Run run = before.status().isFinal() ? before
                    : stores.runs().requestCancel(runId, clock.instant(), "cancelled by " + CliStores.actor()).orElse(before);
            String message;
            if (run.status() == RunStatus.RUNNING) {
                stores.events().publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId));
                message = "Run " + runId + " is running on " + run.node() + ": asked it to stop.";
            } else if (run.status() == RunStatus.CANCELLED && !before.status().isFinal()) {
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
