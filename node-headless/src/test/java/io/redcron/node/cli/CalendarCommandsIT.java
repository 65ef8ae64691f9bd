package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Calendars from the command line, with no node running: import, show, blackouts, bindings, cron check. */
class CalendarCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    @TempDir
    Path dir;
    private StoreCli cli;

    @BeforeEach
    void namespace() throws IOException {
        cli = database.inNewNamespace();
        cli.ok("task add", "--name", "report", "--cron", "0 9 * * *", "--zone", "Asia/Shanghai", "--shell", "echo hi");
        assertThat(cli.ok("calendars import", "cn", "--ics", fixture("cn-2026.ics").toString(), "--zone",
                "Asia/Shanghai", "--description", "China public holidays"))
                .isEqualTo("Imported 33 holidays and 6 make-up workdays into calendar 'cn' (years 2026; 0 earlier"
                        + " entries replaced).\n1 event(s) with a time of day were left out: only all-day events are days.\n");
    }

    @Test
    void anImportedCalendarIsShownAndListed() throws IOException {
        JsonNode shown = cli.json("calendars show", "cn", "--year", "2026");
        assertThat(shown.get("days")).hasSize(39);
        assertThat(shown.get("zone").asText()).isEqualTo("Asia/Shanghai");
        assertThat(cli.ok("calendars show", "cn")).contains("2026-10-10  Sat  workday  国庆节 补班");
        assertThat(cli.json("calendars show", "cn", "--year", "2027").get("days")).isEmpty();
        assertThat(cli.ok("calendars list")).contains("cn").contains("Asia/Shanghai").contains("33").contains("China public holidays");

        // A second file of the same year replaces the year's entries.
        Path csv = Files.writeString(dir.resolve("cn.csv"), "date,kind,name\n2026-10-01,holiday,National Day\n");
        assertThat(cli.ok("calendars import", "cn", "--csv", csv.toString()))
                .startsWith("Imported 1 holidays and 0 make-up workdays into calendar 'cn' (years 2026; 39 earlier");
        assertThat(cli.json("calendars show", "cn").get("days")).hasSize(1);
        assertThat(cli.json("audit list", "--subject", "calendar:cn")).hasSize(3);
    }

    @Test
    void blackoutsAreAddedAndRemovedByIdInTheCalendarsZone() {
        String added = cli.ok("calendars blackout add", "cn", "--name", "release freeze", "--from", "2026-12-20T00:00",
                "--to", "2027-01-03T00:00");
        assertThat(added).contains("\"release freeze\"").contains("2026-12-20 00:00 – 2027-01-03 00:00 Asia/Shanghai");
        cli.ok("calendars blackout add", "cn", "--name", "weekend freeze", "--cron", "0 18 * * 5", "--for", "62h");

        JsonNode blackouts = cli.json("calendars show", "cn").get("blackouts");
        assertThat(blackouts).hasSize(2);
        assertThat(blackouts.get(1).get("when").asText()).isEqualTo("every \"0 18 * * 5\" for 2d14h Asia/Shanghai");
        String id = blackouts.get(0).get("id").asText();
        assertThat(cli.ok("calendars blackout remove", "cn", id)).isEqualTo("Removed blackout " + id + " from calendar 'cn'.\n");
        assertThat(cli.run("calendars blackout remove", "cn", id).exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(cli.json("calendars show", "cn").get("blackouts")).hasSize(1);
    }

    @Test
    void aBoundCalendarIsInTheTaskFileAndCannotBeDeletedUntilUnbound() throws IOException {
        assertThat(cli.ok("calendars bind", "report", "--calendar", "cn", "--mode", "skip-holidays"))
                .isEqualTo("Task 'report' follows calendar 'cn' (skip-holidays).\n");
        assertThat(cli.task("report").get("calendar").toString()).isEqualTo("{\"name\":\"cn\",\"mode\":\"skip-holidays\"}");

        Cli.Result refused = cli.run("calendars delete", "cn");
        assertThat(refused.exitCode()).isEqualTo(ExitCode.CONFLICT);
        assertThat(refused.err()).isEqualTo("redcron-node: calendar: 'cn' is followed by task report; unbind it first\n");

        Path file = Files.writeString(dir.resolve("sync.yaml"), """
                name: sync
                cron: "0 8 * * *"
                zone: Asia/Shanghai
                shell: "echo sync"
                calendar: {name: cn, mode: business-days}
                """);
        cli.ok("task add", "--file", file.toString());
        assertThat(cli.task("sync").at("/calendar/mode").asText()).isEqualTo("business-days");

        cli.ok("calendars unbind", "report");
        cli.ok("calendars unbind", "sync");
        assertThat(cli.task("report").has("calendar")).isFalse();
        assertThat(cli.ok("calendars delete", "cn")).isEqualTo("Deleted calendar 'cn'.\n");
        assertThat(cli.ok("calendars list")).doesNotContain("cn ");
    }

    @Test
    void cronCheckMarksTheFiresTheCalendarLeavesOut() {
        String out = cli.ok("cron check", "0 9 * * *", "--calendar", "cn", "--from", "2026-09-30T12:00:00+08:00",
                "--next", "11");

        assertThat(out).contains("2026-10-01T09:00:00+08:00  skipped: calendar cn: 2026-10-01 国庆节 (holiday)")
                .contains("2026-10-09T09:00:00+08:00\n").contains("2026-10-10T09:00:00+08:00\n")
                .contains("2026-10-11T09:00:00+08:00  skipped: calendar cn: Sunday is not a business day")
                .as("no terminal: no escape codes").doesNotContain("\u001B");
        JsonNode json = cli.json("cron check", "0 9 * * *", "--calendar", "cn", "--mode", "skip-holidays", "--from",
                "2026-09-30T12:00:00+08:00", "--next", "11");
        assertThat(json.get("skipped")).hasSize(7);
        assertThat(json.get("zone").asText()).as("the calendar's").isEqualTo("Asia/Shanghai");
        assertThat(SkippedFires.line("2026-10-01T09:00:00+08:00", java.util.Optional.of("calendar cn: x"), true))
                .isEqualTo("\u001B[9m2026-10-01T09:00:00+08:00\u001B[0m  skipped: calendar cn: x");
    }

    @Test
    void badInputIsOneLineAndChangesNothing() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.csv"), "date,kind,name\n2026-10-01,holiday,x\n2026-02-30,holiday,y\n");
        assertRefused(cli.run("calendars import", "cn", "--csv", bad.toString()), ExitCode.INVALID,
                "line 3: date: '2026-02-30' is not a date");
        assertRefused(cli.run("calendars bind", "report", "--calendar", "cn", "--mode", "weekdays"), ExitCode.INVALID,
                "--mode: must be business-days or skip-holidays");
        assertRefused(cli.run("calendars bind", "report", "--calendar", "nope"), ExitCode.NOT_FOUND,
                "no calendar 'nope'");
        assertRefused(cli.run("calendars blackout add", "cn", "--name", "x", "--cron", "0 18 * * 5"), ExitCode.INVALID,
                "--for: a repeating blackout needs a duration");
        assertRefused(cli.run("calendars blackout add", "cn", "--name", "x", "--from", "2026-12-20", "--to",
                "2026-12-21T00:00"), ExitCode.INVALID, "--from: '2026-12-20' is not a local date-time");
        assertRefused(cli.run("calendars import", "cn", "--csv", bad.toString(), "--weekend", "sat,funday"),
                ExitCode.INVALID, "--weekend: 'funday' is not a day of the week");
        assertRefused(cli.run("cron check", "0 9 * * *", "--calendar", "nope"), ExitCode.NOT_FOUND, "no calendar 'nope'");
        Path file = Files.writeString(dir.resolve("t.yaml"), "name: t\ncron: \"0 8 * * *\"\nshell: \"true\"\n"
                + "calendar: {name: nope}\n");
        assertRefused(cli.run("task add", "--file", file.toString()), ExitCode.NOT_FOUND, "no calendar 'nope'");
        assertThat(cli.tasks()).hasSize(1);
        assertThat(cli.json("calendars show", "cn").get("days")).hasSize(39);
        assertThat(cli.json("task show", "report").has("calendar")).isFalse();
    }

    private static void assertRefused(Cli.Result result, int exitCode, String naming) {
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(exitCode);
        assertThat(result.err().lines().count()).as(result.toString()).isOne();
        assertThat(result.err()).contains(naming);
    }

    private Path fixture(String name) throws IOException {
        try (InputStream in = CalendarCommandsIT.class.getResourceAsStream("/calendars/" + name)) {
            Path file = dir.resolve(name);
            Files.copy(in, file);
            return file;
        }
    }
}
