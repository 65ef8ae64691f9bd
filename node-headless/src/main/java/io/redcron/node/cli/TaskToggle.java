package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.Task;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.util.concurrent.Callable;

/** Enable and disable: the same command with a different target state. */
abstract class TaskToggle implements Callable<Integer> {
    private final boolean enable;

    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    TaskToggle(boolean enable) {
        this.enable = enable;
    }

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        try (CliStores stores = CliStores.open(config, Clock.systemUTC())) {
            Task task = TaskCommand.find(stores.tasks(), config.node().namespace(), name);
            Task after = stores.tasks().setEnabled(task.id(), enable, CliStores.actor());
            stores.announceTaskChanged(after.id());
            String state = enable ? "enabled" : "disabled";
            spec.commandLine().getOut().println(after.version() == task.version()
                    ? "Task '" + task.name() + "' was already " + state + "."
                    : "Task '" + task.name() + "' is now " + state + ".");
            spec.commandLine().getOut().flush();
        }
        return ExitCode.OK;
    }
}
