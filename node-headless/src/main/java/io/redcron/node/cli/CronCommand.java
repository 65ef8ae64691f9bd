package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.calendar.CalendarExclusion;
import io.redcron.calendar.CalendarMode;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Task;
import io.redcron.format.TaskDocument;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.CronWarning;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "cron", description = "Work with cron expressions.", mixinStandardHelpOptions = true,
        subcommands = CronCommand.Check.class)
final class CronCommand {

    @Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Checks a cron expression, describes it and prints its next fire times.",
                    "In a zone with daylight saving it also says how the schedule passes a change, and marks fires in",
                    "the second pass of a repeated hour with " + DstLines.SECOND_PASS + ".",
                    "Invalid expressions exit with code 2 and one line on stderr naming the field.",
                    "With --calendar it reads that business calendar from the database and marks each fire the",
                    "calendar leaves out as skipped, with the reason (struck through on a terminal)."},
            footer = {"", "Examples:",
                    "  redcron-node cron check \"*/5 * * * *\"",
                    "  redcron-node cron check \"0 0 0 L * ?\" --dialect quartz --zone Asia/Shanghai --next 3 --json",
                    "  redcron-node cron check \"0 9 * * *\" --calendar cn --mode business-days --next 10"})
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "EXPR", description = "The expression; quote it.")
        String expression;

        @Option(names = "--dialect", paramLabel = "unix|quartz|spring", defaultValue = "unix",
                description = "unix: 5 fields (Vixie cron); quartz: seconds and optional year, L W # ?; spring: 6 fields. Default: ${DEFAULT-VALUE}.")
        String dialect;

        @Option(names = "--zone", paramLabel = "ZONE",
                description = "IANA time zone the schedule is read in. Default: UTC, or the calendar's with --calendar.")
        String zone;

        @Option(names = "--next", paramLabel = "N", defaultValue = "5", description = "How many fire times to print (0-1000). Default: ${DEFAULT-VALUE}.")
        int next;

        @Option(names = "--from", paramLabel = "TIME", description = "Start after this instant (ISO-8601) instead of now.")
        String from;

        @Option(names = "--lang", paramLabel = "en|zh", defaultValue = "en", description = "Language of the description. Default: ${DEFAULT-VALUE}.")
        String lang;

        @Option(names = "--json", description = "Print {\"valid\":…,\"description\":…,\"dstRule\":…,\"next\":[…],\"secondPass\":[…]}"
                + " (with --calendar also \"skipped\":[{\"time\":…,\"reason\":…}]).")
        boolean json;

        @Option(names = "--calendar", paramLabel = "NAME",
                description = "Mark the fires this business calendar leaves out (read from the database).")
        String calendar;

        @Option(names = "--mode", paramLabel = "MODE", defaultValue = "business-days",
                description = "How the task follows the calendar: business-days or skip-holidays. Default: ${DEFAULT-VALUE}.")
        String mode;

        @Mixin
        ConnectionOptions connection;

        private final Clock clock;

        Check() {
            this(Clock.systemUTC());
        }

        Check(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try {
                return check(out);
            } catch (IllegalArgumentException e) {
                if (json) {
                    ObjectNode doc = Json.object();
                    doc.put("valid", false);
                    doc.put("error", CliErrors.oneLine(e.getMessage()));
                    out.println(Json.write(doc));
                    out.flush();
                }
                throw e;
            }
        }

        private int check(PrintWriter out) {
            CronDialect cronDialect = TaskDocument.dialect(dialect);
            if (next < 0 || next > 1000) {
                throw new InvalidTaskException("next", "must be 0-1000, got " + next);
            }
            CronSchedule schedule = CronSchedule.parse(expression, cronDialect);
            CalendarExclusion exclusion = calendar == null ? null : exclusion();
            ZoneId zoneId = zone != null ? Task.zone(zone) : exclusion != null ? exclusion.calendar().zone()
                    : java.time.ZoneOffset.UTC;
            Instant start = from == null ? clock.instant() : parseInstant(from);
            List<ZonedDateTime> times = schedule.next(start.truncatedTo(ChronoUnit.SECONDS), zoneId, next);
            Locale locale = lang.toLowerCase(Locale.ROOT).startsWith("zh") ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
            String description = schedule.describe(locale);
            if (json) {
                ObjectNode doc = Json.object();
                doc.put("valid", true);
                doc.put("expression", schedule.expression());
                doc.put("dialect", cronDialect.id());
                doc.put("zone", zoneId.getId());
                doc.put("description", description);
                doc.put("dstRule", schedule.dstRule().id());
                ArrayNode list = doc.putArray("next");
                times.forEach(time -> list.add(TaskDocument.instant(time.toInstant(), zoneId)));
                ArrayNode secondPass = doc.putArray("secondPass");
                DstLines.secondPasses(times, zoneId).forEach(secondPass::add);
                ArrayNode warnings = doc.putArray("warnings");
                schedule.warnings().forEach(w -> warnings.add(w.message()));
                if (exclusion != null) {
                    ArrayNode skipped = doc.putArray("skipped");
                    times.forEach(time -> exclusion.reason(time).ifPresent(reason -> skipped.addObject()
                            .put("time", TaskDocument.instant(time.toInstant(), zoneId)).put("reason", reason)));
                }
                out.println(Json.write(doc));
            } else {
                out.println(description);
                for (CronWarning warning : schedule.warnings()) {
                    out.println("warning: " + warning.message());
                }
                if (DstLines.changesAhead(zoneId, start)) {
                    out.println(DstLines.rule(schedule.dstRule()));
                }
                boolean ansi = picocli.CommandLine.Help.Ansi.AUTO.enabled();
                times.forEach(time -> out.println(SkippedFires.line(DstLines.fire(time, zoneId),
                        exclusion == null ? java.util.Optional.empty() : exclusion.reason(time), ansi)));
                DstLines.legend(times).forEach(out::println);
            }
            out.flush();
            return ExitCode.OK;
        }

        /** The calendar named, read from the database; the zone it gives fires when --zone is not given. */
        private CalendarExclusion exclusion() {
            CalendarMode calendarMode = CalendarMode.parse("mode", mode);
            try (CliStores stores = CliStores.open(connection.resolve(System.getenv()), clock)) {
                return new CalendarExclusion(CalendarsCommand.existing(stores, calendar), calendarMode);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }

        private static Instant parseInstant(String text) {
            try {
                return ZonedDateTime.parse(text).toInstant();
            } catch (RuntimeException e) {
                try {
                    return Instant.parse(text);
                } catch (RuntimeException again) {
                    throw new InvalidTaskException("from", "'" + text + "' is not an ISO-8601 time such as 2026-01-01T00:00:00Z");
                }
            }
        }
    }
}
