package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A skipped wall time fires once at the end of the gap; a repeated one fires once, the first time. */
class CronScheduleDstTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final ZoneId LORD_HOWE = ZoneId.of("Australia/Lord_Howe");

    @Test
    void timeInsideSpringForwardGapFiresOnceWhenTheGapEnds() {
        assertThat(times("0 30 2 * * ?", "2026-03-28T12:00+01:00", BERLIN, 2))
                .containsExactly("2026-03-29T03:00+02:00", "2026-03-30T02:30+02:00");
        assertThat(times("0 30 2 * * ?", "2026-03-07T12:00-05:00", NEW_YORK, 2))
                .containsExactly("2026-03-08T03:00-04:00", "2026-03-09T02:30-04:00");
    }

    @Test
    void timeInsideFallBackOverlapFiresOnceAtItsFirstOccurrence() {
        assertThat(times("0 30 2 * * ?", "2026-10-24T12:00+02:00", BERLIN, 2))
                .containsExactly("2026-10-25T02:30+02:00", "2026-10-26T02:30+01:00");
        assertThat(times("0 30 1 * * ?", "2026-10-31T12:00-04:00", NEW_YORK, 2))
                .containsExactly("2026-11-01T01:30-04:00", "2026-11-02T01:30-05:00");
    }

    @Test
    void nothingFiresDuringTheSecondPassOfARepeatedHour() {
        assertThat(times("0 30 2 * * ?", "2026-10-25T02:10+01:00", BERLIN, 1))
                .containsExactly("2026-10-26T02:30+01:00");
        assertThat(times("* * * * * ?", "2026-10-25T02:30+01:00", BERLIN, 2))
                .containsExactly("2026-10-25T03:00+01:00", "2026-10-25T03:00:01+01:00");
    }

    @Test
    void everyMinuteCollapsesTheGapIntoOneFire() {
        assertThat(times("0 * * * * ?", "2026-03-29T01:58+01:00", BERLIN, 3))
                .containsExactly("2026-03-29T01:59+01:00", "2026-03-29T03:00+02:00", "2026-03-29T03:01+02:00");
        assertThat(times("* * * * *", "2026-03-08T01:59-05:00", NEW_YORK, 2, CronDialect.UNIX))
                .containsExactly("2026-03-08T03:00-04:00", "2026-03-08T03:01-04:00");
    }

    @Test
    void everyFifteenMinutesSkipsTheRepeatedHour() {
        assertThat(times("0 */15 * * * ?", "2026-10-25T01:50+02:00", BERLIN, 6)).containsExactly(
                "2026-10-25T02:00+02:00", "2026-10-25T02:15+02:00", "2026-10-25T02:30+02:00",
                "2026-10-25T02:45+02:00", "2026-10-25T03:00+01:00", "2026-10-25T03:15+01:00");
        assertThat(times("0 */15 * * * ?", "2026-03-29T01:40+01:00", BERLIN, 3)).containsExactly(
                "2026-03-29T01:45+01:00", "2026-03-29T03:00+02:00", "2026-03-29T03:15+02:00");
    }

    @Test
    void lordHoweHalfHourGapAndOverlap() {
        assertThat(times("0 15 2 * * ?", "2026-10-03T12:00+10:30", LORD_HOWE, 2))
                .containsExactly("2026-10-04T02:30+11:00", "2026-10-05T02:15+11:00");
        assertThat(times("0 */10 * * * ?", "2026-10-04T01:55+10:30", LORD_HOWE, 2))
                .containsExactly("2026-10-04T02:30+11:00", "2026-10-04T02:40+11:00");
        assertThat(times("0 45 1 * * ?", "2026-04-04T12:00+11:00", LORD_HOWE, 2))
                .containsExactly("2026-04-05T01:45+11:00", "2026-04-06T01:45+10:30");
    }

    @Test
    void previousBeforeMirrorsTheSameRules() {
        CronSchedule quarterHours = CronSchedule.parse("0 */15 * * * ?", CronDialect.QUARTZ);
        assertThat(quarterHours.previousBefore(instant("2026-10-25T02:30+01:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-10-25T02:45+02:00");
        CronSchedule halfPastTwo = CronSchedule.parse("0 30 2 * * ?", CronDialect.QUARTZ);
        assertThat(halfPastTwo.previousBefore(instant("2026-03-29T03:00:01+02:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-03-29T03:00+02:00");
        assertThat(halfPastTwo.previousBefore(instant("2026-03-29T03:00+02:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-03-28T02:30+01:00");
    }

    @Test
    void previousOfNextLandsAtOrBeforeTheStartAcrossTransitions() {
        List<String> expressions = List.of("0 */15 * * * ?", "0 30 2 * * ?", "*/20 * 1-3 * * ?", "0 0,30 * * * ?");
        for (ZoneId zone : List.of(BERLIN, NEW_YORK, LORD_HOWE)) {
            for (String expression : expressions) {
                CronSchedule schedule = CronSchedule.parse(expression, CronDialect.QUARTZ);
                for (Instant t = instant("2026-03-07T00:00Z"); t.isBefore(instant("2026-04-07T00:00Z"));
                        t = t.plusSeconds(37 * 60 + 13)) {
                    checkPreviousOfNext(schedule, t, zone);
                }
                for (Instant t = instant("2026-10-03T00:00Z"); t.isBefore(instant("2026-11-03T00:00Z"));
                        t = t.plusSeconds(37 * 60 + 13)) {
                    checkPreviousOfNext(schedule, t, zone);
                }
            }
        }
    }

    private static void checkPreviousOfNext(CronSchedule schedule, Instant t, ZoneId zone) {
        ZonedDateTime next = schedule.nextAfter(t, zone).orElseThrow();
        ZonedDateTime previous = schedule.previousBefore(next.toInstant(), zone).orElseThrow();
        assertThat(previous.toInstant()).as("%s at %s in %s", schedule, t, zone).isBeforeOrEqualTo(t);
        assertThat(schedule.nextAfter(previous.toInstant(), zone)).as("%s at %s", schedule, t).contains(next);
    }

    private static List<String> times(String expression, String start, ZoneId zone, int count) {
        return times(expression, start, zone, count, CronDialect.QUARTZ);
    }

    private static List<String> times(String expression, String start, ZoneId zone, int count, CronDialect dialect) {
        return CronSchedule.parse(expression, dialect).next(instant(start), zone, count).stream()
                .map(CronScheduleDstTest::iso).toList();
    }

    private static Instant instant(String text) {
        return OffsetDateTime.parse(text).toInstant();
    }

    private static String iso(ZonedDateTime time) {
        return time.toOffsetDateTime().toString();
    }
}
