package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.Task;
import io.redcron.format.TaskDocument;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "update", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Changes a task: only the fields given (flags, or a file) change.",
                "A file that carries a 'version' is applied only if nobody changed the task since (exit 4 otherwise)."},
        footer = {"", "Examples:",
                "  redcron-node task update backup --cron \"30 3 * * *\"",
                "  redcron-node task show backup --json > backup.json; (edit); redcron-node task update backup --file backup.json",
                "", ExitCode.HELP})
final class TaskUpdateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Option(names = "--rename", paramLabel = "NEW_NAME", description = "Give the task a new name.")
    String rename;

    @Option(names = "--file", paramLabel = "FILE", description = "Task document with the fields to change (YAML or JSON; - for stdin).")
    Path file;

    @ArgGroup(exclusive = false, heading = "Task definition:%n")
    TaskOptions options = new TaskOptions();

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        JsonNode document = file == null ? null : TaskCommand.readDocument(file);
        java.util.Optional<io.redcron.domain.RetentionPolicy> retention = TaskDocument.retention(document);
        java.util.Optional<TaskDocument.CalendarSection> calendar = TaskDocument.calendar(document);
        java.util.Optional<io.redcron.domain.AlertRule> alerting = TaskDocument.alerting(document);
        Clock clock = Clock.systemUTC();
        try (CliStores stores = CliStores.open(config, clock)) {
            Task current = stores.lookup().task(name);
            calendar.ifPresent(section -> stores.calendars().calendar(stores.namespace(), section.name())
                    .orElseThrow(() -> io.redcron.calendar.UnknownCalendarException.named(stores.namespace(), section.name())));
            Task.Builder builder = current.toBuilder();
            if (document != null) {
                TaskDocument.read(document, builder);
                builder.namespace(current.namespace());
                if (document.hasNonNull("version")) {
                    builder.version(document.get("version").asLong());
                }
            }
            if (rename != null) {
                builder.name(rename);
            }
            options.applyTo(builder, current.payload());
            // What 'task show --json' printed masked, and is still masked, keeps its stored value.
            Task changed = MaskedCredentials.restore(builder.id(current.id()).build(), current);
            PrintWriter out = TerminalText.writer(spec.commandLine().getOut());
            if (changed.equals(current)) {
                // Retention is kept beside the task: changing it changes neither the task nor its version.
                retention.ifPresent(policy -> stores.retention().changeTask(current.namespace(), current.id(), policy,
                        CliStores.actor()));
                calendar.ifPresent(section -> stores.calendars().bind(current.namespace(), current.id(), section.name(),
                        section.mode(), CliStores.actor()));
                alerting.ifPresent(rule -> stores.alertRules().change(current.namespace(), current.id(), rule,
                        CliStores.actor()));
                // Saving would bump the version for nothing and make others' copies stale.
                out.println("Task '" + current.name() + "' is unchanged (version " + current.version() + ")"
                        + (retention.isPresent() ? "; its retention is set" : "")
                        + (calendar.isPresent() ? "; its calendar is set" : "")
                        + (alerting.isPresent() ? "; its alert rules are set" : "") + ".");
                out.flush();
                return ExitCode.OK;
            }
            warnIfManaged(stores, current);
            Task stored = stores.tasks().update(changed, CliStores.actor());
            retention.ifPresent(policy -> stores.retention().changeTask(stored.namespace(), stored.id(), policy,
                    CliStores.actor()));
            calendar.ifPresent(section -> stores.calendars().bind(stored.namespace(), stored.id(), section.name(),
                    section.mode(), CliStores.actor()));
            alerting.ifPresent(rule -> stores.alertRules().change(stored.namespace(), stored.id(), rule,
                    CliStores.actor()));
            out.println("Updated task '" + stored.name() + "' (version " + stored.version() + ").");
            out.flush();
        }
        return ExitCode.OK;
    }

    /** Says first that the application's next start puts its declaration back; a refusing one's store refuses. */
    private void warnIfManaged(CliStores stores, Task current) {
        String warning = TaskViews.editWarning(current, stores.managed().find(current.id()).orElse(null));
        if (warning != null) {
            spec.commandLine().getErr().println(warning);
            spec.commandLine().getErr().flush();
        }
    }
}
