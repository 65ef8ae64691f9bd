package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.UnknownCalendarException;
import io.redcron.domain.Durations;
import io.redcron.domain.Task;
import io.redcron.format.CsvCalendarReader;
import io.redcron.format.IcsCalendarReader;
import io.redcron.port.CalendarStore;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

@Command(name = "calendars", mixinStandardHelpOptions = true,
        description = {"Business calendars: weekend days, holidays, make-up working days and blackouts.",
                "A task bound to a calendar fires only on its business days (business-days) or on every day",
                "but its holidays (skip-holidays), never in a blackout; each fire left out is recorded SKIPPED",
                "with the calendar as reason. The scheduler sees a change within 10 seconds. See docs/CALENDARS.md."},
        subcommands = {CalendarsCommand.ListCalendars.class, CalendarsCommand.Show.class, CalendarsCommand.Import.class,
                CalendarsCommand.Set.class, CalendarsCommand.Delete.class, CalendarsCommand.BlackoutCommand.class,
                CalendarsCommand.Bind.class, CalendarsCommand.Unbind.class})
final class CalendarsCommand {

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the namespace's calendars.",
            footer = {"", ExitCode.HELP})
    static final class ListCalendars extends StoreCommand {
        @Override
        void run(CliStores stores, PrintWriter out) {
            Map<Long, io.redcron.calendar.CalendarBinding> bindings = stores.calendars().bindings(stores.namespace());
            Table table = new Table("NAME", "ZONE", "WEEKEND", "HOLIDAYS", "WORKDAYS", "BLACKOUTS", "TASKS", "DESCRIPTION");
            for (BusinessCalendar calendar : stores.calendars().calendars(stores.namespace())) {
                long holidays = calendar.days().values().stream().filter(d -> d.kind() == io.redcron.calendar.DayKind.HOLIDAY).count();
                long tasks = bindings.values().stream().filter(b -> b.calendar().equals(calendar.name())).count();
                table.row(calendar.name(), calendar.zone().getId(), BusinessCalendar.weekendText(calendar.weekend()),
                        Long.toString(holidays), Long.toString(calendar.days().size() - holidays),
                        Integer.toString(calendar.blackouts().size()), Long.toString(tasks), calendar.description());
            }
            table.print(out);
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Shows a calendar: its dated entries (of one year with --year) and its blackouts.",
            footer = {"", "Example:", "  redcron-node calendars show cn --year 2026", "", ExitCode.HELP})
    static final class Show extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The calendar.")
        String name;

        @Option(names = "--year", paramLabel = "YEAR", description = "Only the entries of this year.")
        Integer year;

        @Option(names = "--json", description = "Print the calendar as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            BusinessCalendar calendar = existing(stores, name);
            List<CalendarDay> days = year == null ? List.copyOf(calendar.days().values()) : calendar.year(year);
            if (json) {
                ObjectNode doc = Json.object();
                doc.put("name", calendar.name());
                doc.put("description", calendar.description());
                doc.put("zone", calendar.zone().getId());
                doc.put("weekend", BusinessCalendar.weekendText(calendar.weekend()));
                ArrayNode entries = doc.putArray("days");
                days.forEach(day -> entries.addObject().put("date", day.date().toString()).put("kind", day.kind().id())
                        .put("name", day.name()));
                ArrayNode blackouts = doc.putArray("blackouts");
                calendar.blackouts().forEach(b -> blackouts.addObject().put("id", b.id()).put("name", b.name())
                        .put("when", b.when()));
                out.println(Json.write(doc));
                return;
            }
            out.println("Calendar " + calendar.name() + (calendar.description().isEmpty() ? "" : ": " + calendar.description()));
            out.println("Zone: " + calendar.zone().getId() + ", weekend: " + BusinessCalendar.weekendText(calendar.weekend()));
            Table entries = new Table("DATE", "DAY", "KIND", "NAME");
            days.forEach(day -> entries.row(day.date().toString(),
                    day.date().getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ENGLISH),
                    day.kind().id(), day.name()));
            entries.print(out);
            if (!calendar.blackouts().isEmpty()) {
                out.println();
                Table blackouts = new Table("BLACKOUT", "NAME", "WHEN");
                calendar.blackouts().forEach(b -> blackouts.row(Long.toString(b.id()), b.name(), b.when()));
                blackouts.print(out);
            }
        }
    }

    /** What 'import' and 'set' may change on a calendar. */
    static final class Header {
        @Option(names = "--description", paramLabel = "TEXT", description = "What the calendar is for.")
        String description;

        @Option(names = "--zone", paramLabel = "ZONE", description = "Zone of its blackouts (a new calendar: UTC).")
        String zone;

        @Option(names = "--weekend", paramLabel = "DAYS",
                description = "Weekend days, e.g. saturday,sunday (a new calendar's), friday,saturday, or none.")
        String weekend;

        CalendarChange change(String name) {
            return new CalendarChange(name, description, zone == null ? null : Task.zone(zone),
                    weekend == null ? null : BusinessCalendar.parseWeekend("--weekend", weekend));
        }
    }

    @Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Imports holidays and make-up working days from an ICS or CSV file, creating the calendar",
                    "if need be. The file's entries replace the calendar's entries of the years the file covers;",
                    "other years stay (--replace: all entries are replaced).",
                    "ICS: each all-day event gives its days (DTEND not included); one whose summary contains 补班 or",
                    "上班 (or matches --workdays-matching) gives make-up workdays, every other one holidays.",
                    "CSV: a header line date,kind,name, then e.g. 2026-10-10,workday,国庆节 补班."},
            footer = {"", "Examples:", "  redcron-node calendars import cn --ics china-2026.ics --zone Asia/Shanghai",
                    "  redcron-node calendars import ops --csv holidays.csv --weekend friday,saturday", "", ExitCode.HELP})
    static final class Import extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The calendar.")
        String name;

        @ArgGroup(exclusive = true, multiplicity = "1")
        Source source;

        static final class Source {
            @Option(names = "--ics", paramLabel = "FILE", required = true, description = "An iCalendar (RFC 5545) file.")
            Path ics;

            @Option(names = "--csv", paramLabel = "FILE", required = true, description = "A CSV file: date,kind,name.")
            Path csv;
        }

        @Option(names = "--workdays-matching", paramLabel = "REGEX",
                description = "ICS events whose summary matches this are make-up workdays. Default: 补班|上班.")
        String workdays;

        @Option(names = "--replace", description = "Replace all the calendar's entries, not only those of the file's years.")
        boolean replace;

        @ArgGroup(exclusive = false)
        Header header = new Header();

        private CalendarChange change;
        private List<CalendarDay> days;
        private int timedLeftOut;

        @Override
        void check() {
            change = header.change(name);
            try {
                if (source.ics != null) {
                    IcsCalendarReader.Result result = new IcsCalendarReader(workdays == null ? null
                            : Pattern.compile(workdays)).read(read(source.ics));
                    days = result.days();
                    timedLeftOut = result.timedEventsLeftOut();
                } else {
                    if (workdays != null) {
                        throw new CliErrors.UsageException("--workdays-matching: only for --ics; a CSV file names each kind");
                    }
                    days = new CsvCalendarReader().read(read(source.csv));
                }
            } catch (PatternSyntaxException e) {
                throw new CliErrors.UsageException("--workdays-matching: not a regular expression: " + e.getDescription());
            }
        }

        private static String read(Path file) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new CliErrors.UsageException("file: cannot read " + file + ": " + e.getMessage());
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            CalendarStore.ImportResult result = stores.calendars().importDays(stores.namespace(), change, days, replace,
                    CliStores.actor());
            out.println("Imported " + result.holidays() + " holidays and " + result.workdays() + " make-up workdays into"
                    + " calendar '" + name + "' (years " + String.join(", ", result.years().stream().sorted()
                    .map(String::valueOf).toList()) + "; " + result.removed() + " earlier entries replaced).");
            if (timedLeftOut > 0) {
                out.println(timedLeftOut + " event(s) with a time of day were left out: only all-day events are days.");
            }
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Creates a calendar, or changes its description, zone or weekend days.",
            footer = {"", "Example:", "  redcron-node calendars set ae --zone Asia/Dubai --weekend saturday,sunday", "",
                    ExitCode.HELP})
    static final class Set extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The calendar.")
        String name;

        @ArgGroup(exclusive = false)
        Header header = new Header();

        private CalendarChange change;

        @Override
        void check() {
            change = header.change(name);
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            BusinessCalendar calendar = stores.calendars().change(stores.namespace(), change, CliStores.actor());
            out.println("Calendar '" + calendar.name() + "': zone " + calendar.zone().getId() + ", weekend "
                    + BusinessCalendar.weekendText(calendar.weekend()) + ".");
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true,
            description = "Deletes a calendar with its entries and blackouts; refused while tasks follow it.",
            footer = {"", ExitCode.HELP})
    static final class Delete extends StoreCommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The calendar.")
        String name;

        @Override
        void run(CliStores stores, PrintWriter out) {
            stores.calendars().delete(stores.namespace(), name, CliStores.actor());
            out.println("Deleted calendar '" + name + "'.");
        }
    }

    @Command(name = "blackout", mixinStandardHelpOptions = true,
            description = "Adds and removes a calendar's blackouts: spans in which its tasks do not fire.",
            subcommands = {BlackoutCommand.Add.class, BlackoutCommand.Remove.class})
    static final class BlackoutCommand {

        @Command(name = "add", mixinStandardHelpOptions = true, sortOptions = false,
                description = {"Adds a blackout: once (--from/--to, local times) or repeating (--cron, a Unix expression",
                        "for each start, and --for, how long each lasts). Local times are read in --zone, else the",
                        "calendar's zone. The start is inside the blackout, the end is not."},
                footer = {"", "Examples:",
                        "  redcron-node calendars blackout add ops --name \"release freeze\" --from 2026-12-20T00:00 --to 2027-01-03T00:00",
                        "  redcron-node calendars blackout add ops --name \"weekend freeze\" --cron \"0 18 * * 5\" --for 62h",
                        "", ExitCode.HELP})
        static final class Add extends StoreCommand {
            @Parameters(index = "0", paramLabel = "CALENDAR", description = "The calendar.")
            String calendar;

            @Option(names = "--name", paramLabel = "TEXT", required = true, description = "What the blackout is for.")
            String name;

            @Option(names = "--from", paramLabel = "TIME", description = "Start, a local date-time (2026-12-20T00:00).")
            String from;

            @Option(names = "--to", paramLabel = "TIME", description = "End, a local date-time (not included).")
            String to;

            @Option(names = "--cron", paramLabel = "EXPR", description = "Unix cron expression of each start.")
            String cron;

            @Option(names = "--for", paramLabel = "DURATION", description = "How long each repeat lasts (62h, 2d).")
            String duration;

            @Option(names = "--zone", paramLabel = "ZONE", description = "Zone of the local times. Default: the calendar's.")
            String zone;

            @Override
            void check() {
                boolean once = from != null || to != null;
                boolean repeating = cron != null || duration != null;
                if (once == repeating) {
                    throw new CliErrors.UsageException("give --from and --to, or --cron and --for");
                }
                // Everything but the calendar's zone can be checked before connecting.
                blackout(zone == null ? ZoneId.of("UTC") : Task.zone(zone));
            }

            Blackout blackout(ZoneId in) {
                if (cron != null) {
                    if (duration == null) {
                        throw new CliErrors.UsageException("--for: a repeating blackout needs a duration");
                    }
                    return Blackout.repeating(name, in, cron, Durations.parse("--for", duration));
                }
                if (from == null || to == null) {
                    throw new CliErrors.UsageException(from == null ? "--from: give the start" : "--to: give the end");
                }
                return Blackout.once(name, in, local("--from", from), local("--to", to));
            }

            private static LocalDateTime local(String option, String text) {
                try {
                    return LocalDateTime.parse(text.strip().replace(' ', 'T'));
                } catch (DateTimeParseException e) {
                    throw new CliErrors.UsageException(option + ": '" + text + "' is not a local date-time such as 2026-12-20T00:00");
                }
            }

            @Override
            void run(CliStores stores, PrintWriter out) {
                BusinessCalendar found = existing(stores, calendar);
                Blackout stored = stores.calendars().addBlackout(stores.namespace(), calendar,
                        blackout(zone == null ? found.zone() : Task.zone(zone)), CliStores.actor());
                out.println("Added blackout " + stored.id() + " \"" + stored.name() + "\" to calendar '" + calendar + "': "
                        + stored.when() + ".");
            }
        }

        @Command(name = "remove", mixinStandardHelpOptions = true, description = "Removes a blackout by its id.",
                footer = {"", ExitCode.HELP})
        static final class Remove extends StoreCommand {
            @Parameters(index = "0", paramLabel = "CALENDAR", description = "The calendar.")
            String calendar;

            @Parameters(index = "1", paramLabel = "ID", description = "The blackout's id ('calendars show').")
            long id;

            @Override
            void run(CliStores stores, PrintWriter out) {
                if (!stores.calendars().removeBlackout(stores.namespace(), calendar, id, CliStores.actor())) {
                    throw new CliErrors.NotFoundException("blackout: calendar '" + calendar + "' has no blackout " + id);
                }
                out.println("Removed blackout " + id + " from calendar '" + calendar + "'.");
            }
        }
    }

    @Command(name = "bind", mixinStandardHelpOptions = true,
            description = "Makes a task follow a calendar (in place of any it followed).",
            footer = {"", "Example:", "  redcron-node calendars bind daily-report --calendar cn --mode business-days", "",
                    ExitCode.HELP})
    static final class Bind extends StoreCommand {
        @Parameters(index = "0", paramLabel = "TASK", description = "Task name (or id).")
        String task;

        @Option(names = "--calendar", paramLabel = "NAME", required = true, description = "The calendar.")
        String calendar;

        @Option(names = "--mode", paramLabel = "MODE", defaultValue = "business-days",
                description = "business-days: only on business days; skip-holidays: every day but holidays. Default: ${DEFAULT-VALUE}.")
        String mode;

        private CalendarMode parsed;

        @Override
        void check() {
            parsed = CalendarMode.parse("--mode", mode);
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            Task found = stores.lookup().task(task);
            stores.calendars().bind(found.namespace(), found.id(), calendar, parsed, CliStores.actor());
            out.println("Task '" + found.name() + "' follows calendar '" + calendar + "' (" + parsed.id() + ").");
        }
    }

    @Command(name = "unbind", mixinStandardHelpOptions = true, description = "Makes a task follow no calendar.",
            footer = {"", ExitCode.HELP})
    static final class Unbind extends StoreCommand {
        @Parameters(index = "0", paramLabel = "TASK", description = "Task name (or id).")
        String task;

        @Override
        void run(CliStores stores, PrintWriter out) {
            Task found = stores.lookup().task(task);
            boolean unbound = stores.calendars().unbind(found.namespace(), found.id(), CliStores.actor());
            out.println(unbound ? "Task '" + found.name() + "' follows no calendar now."
                    : "Task '" + found.name() + "' followed no calendar.");
        }
    }

    static BusinessCalendar existing(CliStores stores, String name) {
        return stores.calendars().calendar(stores.namespace(), name)
                .orElseThrow(() -> UnknownCalendarException.named(stores.namespace(), name));
    }
}
