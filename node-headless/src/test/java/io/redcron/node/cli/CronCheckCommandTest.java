package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CronCheckCommandTest {

    @Test
    void lastDayOfMonthInShanghaiAsJson() throws Exception {
        Cli.Result result = Cli.run("cron", "check", "0 0 0 L * ?", "--dialect", "quartz", "--zone", "Asia/Shanghai",
                "--next", "3", "--json", "--from", "2026-11-30T12:00:00+08:00");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        JsonNode json = Json.MAPPER.readTree(result.out());
        assertThat(json.get("valid").asBoolean()).isTrue();
        assertThat(json.get("description").asText()).isNotBlank();
        assertThat(json.get("next")).extracting(JsonNode::asText).containsExactly(
                "2026-12-31T00:00:00+08:00", "2027-01-31T00:00:00+08:00", "2027-02-28T00:00:00+08:00");
    }

    @Test
    void outOfRangeMinuteExitsTwoAndNamesTheField() {
        Cli.Result result = Cli.run("cron", "check", "61 * * * *");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err().strip()).contains("minute").contains("61").doesNotContain("\n");
    }

    @Test
    void invalidExpressionAsJsonStillPrintsAnObject() throws Exception {
        Cli.Result result = Cli.run("cron", "check", "61 * * * *", "--json");

        assertThat(result.exitCode()).isEqualTo(2);
        JsonNode json = Json.MAPPER.readTree(result.out());
        assertThat(json.get("valid").asBoolean()).isFalse();
        assertThat(json.get("error").asText()).startsWith("minute:");
        assertThat(result.err().strip()).contains("minute");
    }

    @Test
    void textOutputHasDescriptionThenTimesWithOffsets() {
        Cli.Result result = Cli.run("cron", "check", "30 9 * * 1-5", "--zone", "Europe/Berlin", "--next", "2",
                "--from", "2026-12-04T12:00:00Z");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out().lines()).hasSize(4);
        assertThat(result.out().lines().skip(1).findFirst()).hasValueSatisfying(line -> assertThat(line)
                .startsWith("daylight saving: fixed-time schedule"));
        assertThat(result.out().lines().skip(2)).containsExactly("2026-12-07T09:30:00+01:00", "2026-12-08T09:30:00+01:00");
    }

    @Test
    void intervalScheduleMarksTheSecondPassOfTheRepeatedHourWithALegend() {
        Cli.Result result = Cli.run("cron", "check", "*/10 * * * * ?", "--dialect", "quartz", "--zone", "Europe/Berlin",
                "--next", "3", "--from", "2027-10-31T02:59:40+02:00");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out().lines().skip(1)).containsExactly(
                "daylight saving: interval schedule (every hour, or more than once an hour in two or more hours in a row):"
                        + " fires through both passes of a repeated hour; times skipped when clocks go forward do not fire",
                "2027-10-31T02:59:50+02:00",
                "2027-10-31T02:00:00+01:00  (2nd pass)",
                "2027-10-31T02:00:10+01:00  (2nd pass)",
                "(2nd pass) 02:00-03:00 on 2027-10-31 happens twice, as clocks go back from +02:00 to +01:00;"
                        + " marked fires are in its second pass");
    }

    @Test
    void fixedTimeFiresOnceThroughTheRepeatedHourAndNothingIsMarked() {
        Cli.Result result = Cli.run("cron", "check", "30 2 * * *", "--zone", "Europe/Berlin", "--next", "2",
                "--from", "2027-10-31T00:00:00+02:00");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out().lines().skip(2)).containsExactly("2027-10-31T02:30:00+02:00", "2027-11-01T02:30:00+01:00");
    }

    @Test
    void jsonNamesTheRuleAndListsTheSecondPassFires() throws Exception {
        Cli.Result result = Cli.run("cron", "check", "*/30 * * * *", "--zone", "Australia/Lord_Howe", "--next", "4",
                "--from", "2027-04-04T01:00:00+11:00", "--json");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        JsonNode json = Json.MAPPER.readTree(result.out());
        assertThat(json.get("dstRule").asText()).isEqualTo("interval");
        assertThat(json.get("next")).extracting(JsonNode::asText).containsExactly("2027-04-04T01:30:00+11:00",
                "2027-04-04T01:30:00+10:30", "2027-04-04T02:00:00+10:30", "2027-04-04T02:30:00+10:30");
        assertThat(json.get("secondPass")).extracting(JsonNode::asText).containsExactly("2027-04-04T01:30:00+10:30");
    }

    @Test
    void aZoneWithoutChangesAheadSaysNothingAboutDaylightSaving() {
        Cli.Result result = Cli.run("cron", "check", "*/5 * * * *", "--zone", "Asia/Shanghai", "--next", "1",
                "--from", "2027-01-01T00:00:00Z");

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out()).doesNotContain("daylight saving");
    }

    @Test
    void badZoneAndDialectAreNamed() {
        Cli.Result zone = Cli.run("cron", "check", "* * * * *", "--zone", "Mars/Olympus");
        assertThat(zone.exitCode()).isEqualTo(2);
        assertThat(zone.err()).startsWith("redcron-node: zone: 'Mars/Olympus' is not an IANA time zone");

        Cli.Result dialect = Cli.run("cron", "check", "* * * * *", "--dialect", "cronie");
        assertThat(dialect.exitCode()).isEqualTo(2);
        assertThat(dialect.err()).startsWith("redcron-node: dialect: 'cronie' is not one of unix, quartz, spring");
    }

    @Test
    void chineseDescriptionOfWeekdays() {
        Cli.Result result = Cli.run("cron", "check", "0 12 * * 1-5", "--lang", "zh", "--next", "0");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out().strip()).containsPattern("\\p{IsHan}").contains("12:00");
    }

    @Test
    void chineseDescription() {
        Cli.Result result = Cli.run("cron", "check", "0 12 * * *", "--lang", "zh", "--next", "0");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out().strip()).containsPattern("\\p{IsHan}");
    }
}
