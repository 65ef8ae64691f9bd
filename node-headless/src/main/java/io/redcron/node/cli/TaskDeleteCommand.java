package io.redcron.node.cli;

import io.redcron.domain.Task;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;

@Command(name = "delete", mixinStandardHelpOptions = true,
        description = {"Deletes a task. Its run history is kept; runs in flight finish."},
        footer = {"", ExitCode.HELP})
final class TaskDeleteCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        Task task = stores.lookup().task(name);
        String warning = TaskViews.editWarning(task, stores.managed().find(task.id()).orElse(null));
        if (warning != null) {
            spec.commandLine().getErr().println(warning);
            spec.commandLine().getErr().flush();
        }
        if (!stores.tasks().delete(task.id(), CliStores.actor())) {
            throw new CliErrors.NotFoundException("no task named '" + name + "' in namespace '" + stores.namespace() + "'");
        }
        out.println("Deleted task '" + task.name() + "'.");
        out.flush();
    }
}
