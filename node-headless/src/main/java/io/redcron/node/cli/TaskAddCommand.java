package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.Task;
import io.redcron.format.TaskDocument;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "add", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Adds a task from flags or from a YAML/JSON file (flags override the file).",
                "Every value is checked first; a bad one is reported with its field and nothing is stored."},
        footer = {"", "Examples:",
                "  redcron-node task add --name backup --cron \"0 3 * * *\" --zone Europe/Berlin --exec /usr/local/bin/backup --full",
                "  redcron-node task add --name tick --cron \"*/2 * * * * ?\" --dialect quartz --shell 'echo tick-$REDCRON_RUN_ID'",
                "  redcron-node task add --file report.yaml", "", ExitCode.HELP})
final class TaskAddCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--name", paramLabel = "NAME", description = "Unique name in the namespace.")
    String name;

    @Option(names = "--file", paramLabel = "FILE", description = "Task document (YAML or JSON; - for stdin).")
    Path file;

    @Option(names = "--disabled", description = "Store it disabled (it will not fire until enabled).")
    boolean disabled;

    @Option(names = "--json", description = "Print the stored task as JSON.")
    boolean json;

    @ArgGroup(exclusive = false, heading = "Task definition:%n")
    TaskOptions options = new TaskOptions();

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        Task.Builder builder = Task.builder().namespace(config.node().namespace());
        java.util.Optional<io.redcron.domain.RetentionPolicy> retention = java.util.Optional.empty();
        java.util.Optional<TaskDocument.CalendarSection> calendar = java.util.Optional.empty();
        java.util.Optional<io.redcron.domain.AlertRule> alerting = java.util.Optional.empty();
        if (file != null) {
            com.fasterxml.jackson.databind.JsonNode document = TaskCommand.readDocument(file);
            TaskDocument.read(document, builder);
            retention = TaskDocument.retention(document);
            calendar = TaskDocument.calendar(document);
            alerting = TaskDocument.alerting(document);
            builder.namespace(config.node().namespace());
        }
        if (name != null) {
            builder.name(name);
        }
        options.applyTo(builder, null);
        if (disabled) {
            builder.enabled(false);
        }
        Task draft = builder.build();
        // A file printed by 'task show --json' has its credentials masked; a new task has none to keep.
        MaskedCredentials.refuse(draft);
        Clock clock = Clock.systemUTC();
        try (CliStores stores = CliStores.open(config, clock)) {
            // A calendar that does not exist refuses the task before anything is stored.
            calendar.ifPresent(section -> stores.calendars().calendar(stores.namespace(), section.name())
                    .orElseThrow(() -> io.redcron.calendar.UnknownCalendarException.named(stores.namespace(), section.name())));
            Task stored = stores.tasks().create(draft, CliStores.actor());
            if (calendar.isPresent()) {
                stores.calendars().bind(stored.namespace(), stored.id(), calendar.get().name(), calendar.get().mode(),
                        CliStores.actor());
            }
            if (retention.isPresent()) {
                stores.retention().changeTask(stored.namespace(), stored.id(), retention.get(), CliStores.actor());
            }
            if (alerting.isPresent()) {
                stores.alertRules().change(stored.namespace(), stored.id(), alerting.get(), CliStores.actor());
            }
            PrintWriter out = TerminalText.writer(spec.commandLine().getOut());
            if (json) {
                out.println(Json.write(TaskViews.json(stored, clock.instant())));
            } else {
                out.println("Added task '" + stored.name() + "' (id " + stored.id() + "): "
                        + stored.schedule().describe(java.util.Locale.ENGLISH) + ".");
                java.time.Instant next = TaskViews.nextFire(stored, clock.instant());
                stored.schedule().warnings().forEach(warning -> out.println("warning: " + warning.message()));
                if (!stored.enabled()) {
                    out.println("It is disabled and will not fire until enabled.");
                } else if (next == null) {
                    out.println("Its schedule has no future fire time: it will never fire.");
                } else {
                    out.println("Next fire: " + TaskDocument.instant(next, stored.zone()));
                }
            }
            out.flush();
        }
        return ExitCode.OK;
    }
}
