package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.Task;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows one task. Its --json output is a task document that 'task add/update --file' reads back.",
        footer = {"", ExitCode.HELP})
final class TaskShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Option(names = "--json", description = "Print the task document as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        Clock clock = Clock.systemUTC();
        try (CliStores stores = CliStores.open(config, clock)) {
            Task task = TaskCommand.find(stores.tasks(), config.node().namespace(), name);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.write(TaskViews.json(task, clock.instant())));
            } else {
                TaskViews.details(out, task, clock.instant());
            }
            out.flush();
        }
        return ExitCode.OK;
    }
}
