package io.redcron.node.cli;

import io.redcron.domain.Task;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;

/** Enable and disable: the same command with a different target state. */
abstract class TaskToggle extends StoreCommand {
    private final boolean enable;


    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    TaskToggle(boolean enable) {
        this.enable = enable;
    }

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        Task task = stores.lookup().task(name);
        Task after = stores.tasks().setEnabled(task.id(), enable, CliStores.actor());
        String state = enable ? "enabled" : "disabled";
        out.println(after.version() == task.version()
                ? "Task '" + task.name() + "' was already " + state + "."
                : "Task '" + task.name() + "' is now " + state + ".");
        out.flush();
    }
}
