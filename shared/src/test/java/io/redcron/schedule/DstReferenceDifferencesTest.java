package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.ParseException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/**
 * The differences from Quartz and Spring around daylight-saving changes that docs/CRON.md lists,
 * pinned against the libraries themselves: should an upgrade change how they pass a change, this test
 * says so and the list needs updating. (The oracle tests run in zones without changes for this reason.)
 */
class DstReferenceDifferencesTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId LORD_HOWE = ZoneId.of("Australia/Lord_Howe");

    @Test
    void quartzReadsARepeatedTimeAtItsSecondOccurrence() throws ParseException {
        assertThat(quartz("0 30 2 * * ?", "2027-10-30T12:00+02:00", BERLIN, 1)).containsExactly("2027-10-31T02:30+01:00");
        assertThat(ours("0 30 2 * * ?", "2027-10-30T12:00+02:00", BERLIN, 1)).containsExactly("2027-10-31T02:30+02:00");

        assertThat(quartz("0 */10 * * * ?", "2027-10-31T01:45+02:00", BERLIN, 2))
                .containsExactly("2027-10-31T01:50+02:00", "2027-10-31T02:00+01:00");
        assertThat(ours("0 */10 * * * ?", "2027-10-31T01:45+02:00", BERLIN, 2))
                .containsExactly("2027-10-31T01:50+02:00", "2027-10-31T02:00+02:00");
        assertThat(quartz("0 */10 * * * ?", "2027-04-04T01:25+11:00", LORD_HOWE, 1)).containsExactly("2027-04-04T01:30+10:30");
        assertThat(ours("0 */10 * * * ?", "2027-04-04T01:25+11:00", LORD_HOWE, 1)).containsExactly("2027-04-04T01:30+11:00");
    }

    @Test
    void quartzAndSpringDropAFixedTimeInsideASkippedHour() throws ParseException {
        assertThat(quartz("0 30 2 * * ?", "2027-03-27T12:00+01:00", BERLIN, 1)).containsExactly("2027-03-29T02:30+02:00");
        assertThat(spring("0 30 2 * * *", "2027-03-27T12:00+01:00", BERLIN, 1)).containsExactly("2027-03-29T02:30+02:00");
        assertThat(ours("0 30 2 * * ?", "2027-03-27T12:00+01:00", BERLIN, 1)).containsExactly("2027-03-28T03:00+02:00");
    }

    @Test
    void springFiresFixedTimesInBothPasses() {
        assertThat(spring("0 30 2 * * *", "2027-10-30T12:00+02:00", BERLIN, 2))
                .containsExactly("2027-10-31T02:30+02:00", "2027-10-31T02:30+01:00");
        assertThat(ours("0 30 2 * * *", "2027-10-30T12:00+02:00", BERLIN, 2, CronDialect.SPRING))
                .containsExactly("2027-10-31T02:30+02:00", "2027-11-01T02:30+01:00");
        // Hourly is an interval schedule here: both agree.
        assertThat(spring("0 0 * * * *", "2027-10-31T01:30+02:00", BERLIN, 2))
                .containsExactly("2027-10-31T02:00+02:00", "2027-10-31T02:00+01:00");
        assertThat(ours("0 0 * * * *", "2027-10-31T01:30+02:00", BERLIN, 2, CronDialect.SPRING))
                .containsExactly("2027-10-31T02:00+02:00", "2027-10-31T02:00+01:00");
    }

    @Test
    void springLosesIntervalFiresAroundLordHowesHalfHourShift() {
        assertThat(spring("0 */10 * * * *", "2027-04-04T01:45+11:00", LORD_HOWE, 2))
                .containsExactly("2027-04-04T01:50+11:00", "2027-04-04T02:00+10:30");
        assertThat(spring("0 */10 * * * *", "2027-10-03T01:50+10:30", LORD_HOWE, 1)).containsExactly("2027-10-03T03:00+11:00");
        assertThat(ours("0 */10 * * * *", "2027-10-03T01:50+10:30", LORD_HOWE, 1, CronDialect.SPRING))
                .containsExactly("2027-10-03T02:30+11:00");

        ZonedDateTime one = ZonedDateTime.ofInstant(instant("2027-04-04T01:00+11:00"), LORD_HOWE);
        assertThat(org.springframework.scheduling.support.CronExpression.parse("0 0 * * * *").next(one)).isEqualTo(one);
        assertThat(ours("0 0 * * * *", "2027-04-04T01:00+11:00", LORD_HOWE, 1, CronDialect.SPRING))
                .containsExactly("2027-04-04T02:00+10:30");
    }

    private static List<String> quartz(String expression, String start, ZoneId zone, int count) throws ParseException {
        org.quartz.CronExpression quartz = new org.quartz.CronExpression(expression);
        quartz.setTimeZone(TimeZone.getTimeZone(zone));
        List<String> times = new ArrayList<>();
        Date cursor = Date.from(instant(start));
        for (int i = 0; i < count; i++) {
            cursor = quartz.getTimeAfter(cursor);
            times.add(iso(ZonedDateTime.ofInstant(cursor.toInstant(), zone)));
        }
        return times;
    }

    private static List<String> spring(String expression, String start, ZoneId zone, int count) {
        org.springframework.scheduling.support.CronExpression spring =
                org.springframework.scheduling.support.CronExpression.parse(expression);
        List<String> times = new ArrayList<>();
        ZonedDateTime cursor = ZonedDateTime.ofInstant(instant(start), zone);
        for (int i = 0; i < count; i++) {
            cursor = spring.next(cursor);
            times.add(iso(cursor));
        }
        return times;
    }

    private static List<String> ours(String expression, String start, ZoneId zone, int count) {
        return ours(expression, start, zone, count, CronDialect.QUARTZ);
    }

    private static List<String> ours(String expression, String start, ZoneId zone, int count, CronDialect dialect) {
        return CronSchedule.parse(expression, dialect).next(instant(start), zone, count).stream()
                .map(DstReferenceDifferencesTest::iso).toList();
    }

    private static Instant instant(String text) {
        return OffsetDateTime.parse(text).toInstant();
    }

    private static String iso(ZonedDateTime time) {
        return time.toOffsetDateTime().toString();
    }
}
