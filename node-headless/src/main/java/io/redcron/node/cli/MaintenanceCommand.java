package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.Durations;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;

@Command(name = "maintenance", mixinStandardHelpOptions = true,
        description = {"Maintenance windows: pause the fires of the whole namespace or of one routing group, now or",
                "between two times. The leader holds the fires that fall in a window and records nothing for them",
                "while it lasts; once it ends (at --until, or by 'maintenance resume') every held fire gets its run",
                "row under the window's resume policy: SKIPPED naming the window, or run. Runs already queued or",
                "running go on, and so do fires recorded ahead before the window was opened (scheduler.lookahead)."},
        subcommands = {MaintenanceCommand.Pause.class, MaintenanceCommand.Resume.class, MaintenanceCommand.ListWindows.class})
final class MaintenanceCommand {

    @Command(name = "pause", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Opens a maintenance window over the namespace, or over one routing group with --group.",
            footer = {"", "Examples:",
                    "  redcron-node maintenance pause --reason \"MySQL upgrade\"",
                    "  redcron-node maintenance pause --group gpu --from 2026-12-05T22:00 --until 2026-12-06T02:00 \\",
                    "      --on-resume fire-once --reason \"GPU driver upgrade\"",
                    "", ExitCode.HELP})
    static final class Pause extends StoreCommand {

        @Option(names = "--group", paramLabel = "GROUP", description = "Pause only the tasks of this routing group.")
        String group;

        @Option(names = "--from", paramLabel = "TIME", description = "When the window starts (default: now).")
        String from;

        @ArgGroup(exclusive = true)
        End end;

        static final class End {
            @Option(names = "--until", paramLabel = "TIME", description = "When it ends by itself.")
            String until;

            @Option(names = "--for", paramLabel = "DURATION", description = "How long it lasts from its start (30m, 2h).")
            String length;
        }

        @Option(names = "--on-resume", paramLabel = "POLICY", defaultValue = "skip",
                description = "What becomes of the fires held once the window ends: skip (each recorded SKIPPED), "
                        + "fire-once (the newest runs) or catch-up (the newest run, up to each task's catch-up limit). "
                        + "Default: ${DEFAULT-VALUE}.")
        String onResume;

        @Option(names = "--reason", required = true, paramLabel = "TEXT",
                description = "Why; recorded with the window and in the reason of every fire it skips.")
        String reason;

        @Option(names = "--zone", paramLabel = "ZONE",
                description = "Zone of times given without an offset (default: this machine's).")
        String zone;

        @Override
        void run(CliStores stores, PrintWriter out) {
            ZoneId zoneId = zone == null ? ZoneId.systemDefault() : io.redcron.domain.Task.zone(zone);
            Instant start = from == null ? null : TimeArgument.parse("from", from, zoneId);
            Instant until = null;
            if (end != null && end.until != null) {
                until = TimeArgument.parse("until", end.until, zoneId);
            } else if (end != null && end.length != null) {
                until = (start == null ? clock.instant() : start).plus(Durations.parse("for", end.length));
            }
            MaintenanceWindow window = stores.windows().open(stores.namespace(), new MaintenanceWindow.Request(group,
                    start, until, MisfirePolicy.parse(onResume), reason), CliStores.actor());
            out.println("Maintenance window " + window.id() + " pauses " + window.scope() + " from "
                    + RunViews.time(window.from()) + (window.until() == null ? " until resumed ('redcron-node"
                    + " maintenance resume " + window.id() + "')" : " until " + RunViews.time(window.until()))
                    + "; its fires are then " + MaintenanceViews.outcome(window.onResume()) + ".");
        }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true,
            description = {"Ends a maintenance window now (one not begun yet is called off). The fires it held are",
                    "recorded within a second or two under its resume policy."},
            footer = {"", "Example:", "  redcron-node maintenance resume 7", "", ExitCode.HELP})
    static final class Resume extends StoreCommand {

        @Parameters(index = "0", paramLabel = "ID", description = "The window's id, as 'maintenance list' shows it.")
        long id;

        @Override
        void run(CliStores stores, PrintWriter out) {
            MaintenanceWindow window = stores.windows().get(stores.namespace(), id)
                    .orElseThrow(() -> new CliErrors.NotFoundException("no maintenance window " + id
                            + " in namespace '" + stores.namespace() + "'"));
            if (stores.windows().resume(stores.namespace(), id, CliStores.actor())) {
                out.println("Maintenance window " + id + " over " + window.scope() + " is resumed; the fires it held are "
                        + MaintenanceViews.outcome(window.onResume()) + ".");
            } else {
                out.println("Maintenance window " + id + " was over already.");
            }
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Lists the maintenance windows not over yet, or with --all the newest ones.",
            footer = {"", ExitCode.HELP})
    static final class ListWindows extends StoreCommand {

        @Option(names = "--all", description = "Also the windows that are over (the newest 100).")
        boolean all;

        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            List<MaintenanceWindow> windows = all ? stores.windows().recent(stores.namespace(), 100)
                    : stores.windows().current(stores.namespace());
            Instant now = clock.instant();
            if (json) {
                ArrayNode array = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
                windows.forEach(window -> json(array.addObject(), window, now));
                out.println(Json.write(array));
            } else if (windows.isEmpty()) {
                out.println(all ? "No maintenance windows in namespace '" + stores.namespace() + "'."
                        : "Nothing is paused in namespace '" + stores.namespace() + "'.");
            } else {
                Table table = new Table("ID", "SCOPE", "STATE", "FROM", "UNTIL", "ON RESUME", "BY", "REASON");
                windows.forEach(window -> table.row(Long.toString(window.id()), window.scope(),
                        MaintenanceViews.state(window, now), RunViews.time(window.from()),
                        window.end() == null ? "resumed by hand" : RunViews.time(window.end()),
                        MaintenanceViews.policy(window.onResume()), window.createdBy(), window.reason()));
                table.print(out);
            }
        }

        private static void json(ObjectNode doc, MaintenanceWindow window, Instant now) {
            doc.put("id", window.id());
            if (window.group() == null) {
                doc.putNull("group");
            } else {
                doc.put("group", window.group());
            }
            doc.put("state", MaintenanceViews.state(window, now));
            doc.put("from", RunViews.time(window.from()));
            doc.put("until", RunViews.time(window.until()));
            doc.put("onResume", MaintenanceViews.policy(window.onResume()));
            doc.put("reason", window.reason());
            doc.put("createdBy", window.createdBy());
            doc.put("createdAt", RunViews.time(window.createdAt()));
            doc.put("resumedAt", RunViews.time(window.resumedAt()));
            doc.put("resumedBy", window.resumedBy());
        }
    }

    /** How windows read in the CLI. */
    static final class MaintenanceViews {
        private MaintenanceViews() {
        }

        static String state(MaintenanceWindow window, Instant now) {
            if (window.isOverAt(now)) {
                return window.resumedAt() != null && (window.until() == null || window.resumedAt().isBefore(window.until()))
                        ? "resumed" : "ended";
            }
            return window.isActiveAt(now) ? "paused" : "planned";
        }

        static String policy(MisfirePolicy policy) {
            return policy.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static String outcome(MisfirePolicy policy) {
            return switch (policy) {
                case SKIP -> "recorded SKIPPED (policy skip)";
                case FIRE_ONCE -> "recorded SKIPPED but the newest, which runs (policy fire-once)";
                case CATCH_UP -> "run, the newest up to each task's catch-up limit, the rest recorded SKIPPED"
                        + " (policy catch-up)";
            };
        }
    }
}
