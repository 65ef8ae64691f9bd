package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.AlertRule;
import io.redcron.domain.AlertSilence;
import io.redcron.domain.Durations;
import io.redcron.domain.Task;
import io.redcron.node.alert.AlertKind;
import io.redcron.port.AlertSilences.NewSilence;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

@Command(name = "alerts", mixinStandardHelpOptions = true,
        description = {"Tasks' alert rules (slow runs, the dead-man switch) and silences.",
                "A silence holds back the alerts it matches until its time: they are recorded, not sent."},
        subcommands = {AlertsCommand.Rules.class, AlertsCommand.Silence.class, AlertsCommand.Silences.class,
                AlertsCommand.Unsilence.class})
final class AlertsCommand {

    @Command(name = "rules", mixinStandardHelpOptions = true,
            description = "A task's own alert rules; a task without any raises no RUN_SLOW and no NO_SUCCESS.",
            subcommands = {RulesShow.class, RulesSet.class, RulesClear.class})
    static final class Rules {
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Shows the rules of one task, or of every task that has any.", footer = {"", ExitCode.HELP})
    static final class RulesShow extends StoreCommand {

        @Parameters(paramLabel = "TASK", arity = "0..1", description = "The task (name or id); every task if left out.")
        String task;

        @Option(names = "--json", description = "Print the rules as JSON, by task name.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            Map<String, AlertRule> rules = new TreeMap<>();
            if (task != null) {
                Task found = stores.lookup().task(task);
                stores.alertRules().of(stores.namespace(), found.id()).ifPresent(rule -> rules.put(found.name(), rule));
            } else {
                stores.alertRules().all(stores.namespace()).forEach((id, rule) -> rules.put(
                        stores.tasks().get(id).map(Task::name).orElse("#" + id), rule));
            }
            if (json) {
                ObjectNode doc = Json.object();
                rules.forEach((name, rule) -> doc.set(name, io.redcron.format.TaskDocument.alerting(rule)));
                out.println(Json.write(doc));
                return;
            }
            if (rules.isEmpty()) {
                out.println(task == null ? "No task has alert rules." : "Task '" + task + "' has no alert rules.");
                return;
            }
            Table table = new Table("TASK", "SLOW AFTER", "SLOW FACTOR", "SUCCESS WITHIN");
            rules.forEach((name, rule) -> table.row(name, rule.slowAfter() == null ? "-" : Durations.format(rule.slowAfter()),
                    rule.slowFactor() == null ? "-" : rule.slowFactor().toPlainString() + " × p95",
                    rule.successWithin() == null ? "-" : Durations.format(rule.successWithin())));
            table.print(out);
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Sets a task's alert rules; flags not given stay as they are.",
                    "A run is slow past --slow-after, or past --slow-factor times the task's p95 duration of the last",
                    "7 days, whichever comes first; --success-within raises NO_SUCCESS when the task has not",
                    "succeeded for that long (a dead-man switch)."},
            footer = {"", "Examples:", "  redcron-node alerts rules set backup --slow-after 2h --success-within 26h",
                    "  redcron-node alerts rules set etl --slow-factor 3", "", ExitCode.HELP})
    static final class RulesSet extends StoreCommand {

        @Parameters(paramLabel = "TASK", description = "The task (name or id).")
        String task;

        @Option(names = "--slow-after", paramLabel = "DURATION", description = "A run still running after this long is slow (e.g. 10m).")
        String slowAfter;

        @Option(names = "--slow-factor", paramLabel = "FACTOR", description = "A run still running after FACTOR × the task's recent p95 is slow (a decimal > 1).")
        String slowFactor;

        @Option(names = "--success-within", paramLabel = "DURATION", description = "Alert when the task has not succeeded for this long (e.g. 2h).")
        String successWithin;

        private AlertRule change;

        @Override
        void check() {
            try {
                change = new AlertRule(slowAfter == null ? null : Durations.parse("--slow-after", slowAfter),
                        slowFactor == null ? null : AlertRule.factor("--slow-factor", slowFactor),
                        successWithin == null ? null : Durations.parse("--success-within", successWithin));
            } catch (IllegalArgumentException e) {
                throw new CliErrors.UsageException(flag(e.getMessage()));
            }
            if (change.isEmpty()) {
                throw new CliErrors.UsageException("nothing to change: give --slow-after, --slow-factor or --success-within");
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            Task found = stores.lookup().task(task);
            AlertRule after = stores.alertRules().change(stores.namespace(), found.id(), change, CliStores.actor());
            out.println("Alert rules of task '" + found.name() + "': " + after + ".");
        }

        /** The rule names its fields as the task file does (alerting.slowAfter); the command line has flags. */
        private static String flag(String message) {
            return message.replace("alerting.slowAfter", "--slow-after").replace("alerting.slowFactor", "--slow-factor")
                    .replace("alerting.successWithin", "--success-within");
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true, description = "Removes all of a task's alert rules.",
            footer = {"", ExitCode.HELP})
    static final class RulesClear extends StoreCommand {

        @Parameters(paramLabel = "TASK", description = "The task (name or id).")
        String task;

        @Override
        void run(CliStores stores, PrintWriter out) {
            Task found = stores.lookup().task(task);
            boolean cleared = stores.alertRules().clear(stores.namespace(), found.id(), CliStores.actor());
            out.println(cleared ? "Task '" + found.name() + "' has no alert rules now."
                    : "Task '" + found.name() + "' had no alert rules.");
        }
    }

    @Command(name = "silence", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Silences the alerts of a task, a group, a kind, or any combination, until a time.",
                    "Silenced alerts are recorded in the alert outbox as silenced and counted",
                    "(redcron_alerts_silenced_total), not sent. --all silences every alert of the namespace."},
            footer = {"", "Examples:",
                    "  redcron-node alerts silence --group gpu --for 2h --reason 'driver upgrade'",
                    "  redcron-node alerts silence --task backup --kind RUN_FAILED --until 2026-05-01T06:00:00Z --reason 'disk swap'",
                    "", ExitCode.HELP})
    static final class Silence extends StoreCommand {

        @Option(names = "--task", paramLabel = "NAME", description = "Only this task's alerts.")
        String task;

        @Option(names = "--group", paramLabel = "GROUP", description = "Only alerts of this routing group (its tasks', and BACKLOG, GROUP_UNSERVED).")
        String group;

        @Option(names = "--kind", paramLabel = "KIND", description = "Only alerts of this kind (RUN_FAILED, RUN_SLOW, NO_SUCCESS…).")
        String kind;

        @Option(names = "--all", description = "Every alert of the namespace (instead of --task, --group, --kind).")
        boolean all;

        @Option(names = "--until", paramLabel = "TIME", description = "When the silence ends, e.g. 2026-05-01T06:00:00Z or 2026-05-01T08:00+02:00.")
        String until;

        @Option(names = "--for", paramLabel = "DURATION", description = "How long the silence lasts from now, e.g. 2h.")
        String lasts;

        @Option(names = "--reason", paramLabel = "TEXT", required = true, description = "Why (kept with the silence and in the audit log).")
        String reason;

        private String kindName;

        @Override
        void check() {
            boolean scoped = task != null || group != null || kind != null;
            if (!scoped && !all) {
                throw new CliErrors.UsageException("say what to silence: --task, --group, --kind, or --all for everything");
            }
            if (scoped && all) {
                throw new CliErrors.UsageException("--all: silences everything, give it without --task, --group or --kind");
            }
            if ((until == null) == (lasts == null)) {
                throw new CliErrors.UsageException("give the end of the silence: --until TIME or --for DURATION (one of them)");
            }
            if (kind != null) {
                kindName = kind.strip().toUpperCase(Locale.ROOT);
                if (Arrays.stream(AlertKind.values()).noneMatch(known -> known.name().equals(kindName))) {
                    throw new CliErrors.UsageException("--kind: '" + kind + "' is not an alert kind ("
                            + String.join(", ", Arrays.stream(AlertKind.values()).map(Enum::name).toList()) + ")");
                }
            }
            if (reason.isBlank()) {
                throw new CliErrors.UsageException("--reason: say why alerts are silenced");
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            Instant now = stores.clock().instant();
            Instant end = until != null ? time(until) : now.plus(duration(lasts));
            String taskName = task == null ? null : stores.lookup().task(task).name();
            AlertSilence added;
            try {
                added = stores.silences().add(new NewSilence(stores.namespace(), taskName, group, kindName, end, reason),
                        CliStores.actor());
            } catch (IllegalArgumentException e) {
                throw new CliErrors.UsageException("--" + e.getMessage());
            }
            out.println("Silence " + added.id() + ": " + added.scope() + " until " + added.until() + ".");
        }

        private static Instant time(String text) {
            try {
                return OffsetDateTime.parse(text.strip()).toInstant();
            } catch (DateTimeParseException e) {
                throw new CliErrors.UsageException("--until: '" + text + "' is not a time with its offset"
                        + " (for example 2026-05-01T06:00:00Z)");
            }
        }

        private static Duration duration(String text) {
            Duration value;
            try {
                value = Durations.parse("--for", text);
            } catch (IllegalArgumentException e) {
                throw new CliErrors.UsageException(e.getMessage());
            }
            if (value.isZero()) {
                throw new CliErrors.UsageException("--for: must be longer than 0s");
            }
            return value;
        }
    }

    @Command(name = "silences", mixinStandardHelpOptions = true,
            description = "Lists the silences in force (with --all: also those that ended, newest first).",
            footer = {"", ExitCode.HELP})
    static final class Silences extends StoreCommand {
        private static final int LIMIT = 200;

        @Option(names = "--all", description = "Also the silences that ended (the newest " + LIMIT + ").")
        boolean all;

        @Option(names = "--json", description = "Print the silences as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            Instant now = stores.clock().instant();
            List<AlertSilence> silences = all ? stores.silences().all(stores.namespace(), LIMIT)
                    : stores.silences().active(stores.namespace(), now);
            if (json) {
                ArrayNode list = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
                for (AlertSilence silence : silences) {
                    ObjectNode item = list.addObject();
                    item.put("id", silence.id());
                    item.put("task", silence.taskName());
                    item.put("group", silence.group());
                    item.put("kind", silence.kind());
                    item.put("until", silence.until().toString());
                    item.put("reason", silence.reason());
                    item.put("createdBy", silence.createdBy());
                    item.put("createdAt", silence.createdAt().toString());
                    item.put("active", silence.isActive(now));
                    item.put("endedBy", silence.endedBy());
                }
                out.println(Json.write(list));
                return;
            }
            if (silences.isEmpty()) {
                out.println(all ? "No silences." : "No silence is in force.");
                return;
            }
            Table table = new Table("ID", "SILENCES", "UNTIL", "STATE", "BY", "REASON");
            for (AlertSilence silence : silences) {
                table.row(Long.toString(silence.id()), silence.scope(), silence.until().toString(),
                        silence.isActive(now) ? "active" : silence.endedAt() != null ? "ended by " + silence.endedBy()
                                : "over", silence.createdBy(), silence.reason());
            }
            table.print(out);
        }
    }

    @Command(name = "unsilence", mixinStandardHelpOptions = true, description = "Ends a silence now.",
            footer = {"", ExitCode.HELP})
    static final class Unsilence extends StoreCommand {

        @Parameters(paramLabel = "ID", description = "The silence's id ('alerts silences' lists them).")
        long id;

        @Override
        void run(CliStores stores, PrintWriter out) {
            boolean ended;
            try {
                ended = stores.silences().end(stores.namespace(), id, CliStores.actor());
            } catch (IllegalArgumentException e) {
                throw new CliErrors.NotFoundException(e.getMessage());
            }
            out.println(ended ? "Silence " + id + " ended: its alerts are sent again." : "Silence " + id + " had ended already.");
        }
    }
}
