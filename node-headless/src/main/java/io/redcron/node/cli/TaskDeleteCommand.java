package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.Task;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "delete", mixinStandardHelpOptions = true,
        description = {"Deletes a task. Its run history is kept; runs in flight finish."},
        footer = {"", ExitCode.HELP})
final class TaskDeleteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        try (CliStores stores = CliStores.open(config, Clock.systemUTC())) {
            Task task = TaskCommand.find(stores.tasks(), config.node().namespace(), name);
            if (!stores.tasks().delete(task.id(), CliStores.actor())) {
                throw new CliErrors.NotFoundException("no task named '" + name + "' in namespace '" + config.node().namespace() + "'");
            }
            stores.announceTaskChanged(task.id());
            spec.commandLine().getOut().println("Deleted task '" + task.name() + "'.");
            spec.commandLine().getOut().flush();
        }
        return ExitCode.OK;
    }
}
