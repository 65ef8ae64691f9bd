package io.redcron.node.cli;

import io.redcron.domain.Task;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;

@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows one task. Its --json output is a task document that 'task add/update --file' reads back.",
        footer = {"", ExitCode.HELP})
final class TaskShowCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Option(names = "--json", description = "Print the task document as JSON.")
    boolean json;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        Task task = stores.lookup().task(name);
        io.redcron.domain.ManagedTask managed = stores.managed().find(task.id()).orElse(null);
        if (json) {
            com.fasterxml.jackson.databind.node.ObjectNode doc = TaskViews.json(task, managed, clock.instant());
            io.redcron.domain.RetentionPolicy own = stores.retention().settings(task.namespace()).tasks().get(task.id());
            if (own != null) {
                doc.set("retention", io.redcron.format.TaskDocument.retention(own));
            }
            stores.calendars().binding(task.namespace(), task.id())
                    .ifPresent(binding -> doc.set("calendar", io.redcron.format.TaskDocument.calendar(binding)));
            stores.alertRules().of(task.namespace(), task.id())
                    .ifPresent(rule -> doc.set("alerting", io.redcron.format.TaskDocument.alerting(rule)));
            out.println(Json.write(doc));
        } else {
            TaskViews.details(out, task, clock.instant());
            if (managed != null) {
                TaskViews.managed(out, task, managed);
            }
            stores.calendars().binding(task.namespace(), task.id()).ifPresent(binding ->
                    out.println(String.format("%-13s %s", "Calendar:",
                            TerminalText.cell(binding.calendar() + " (" + binding.mode().id() + ")"))));
        }
        out.flush();
    }
}
