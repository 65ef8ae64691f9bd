package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each sentence is checked against the fires the engine gives around the change, in every dialect,
 * so a sentence that says "runs at 03:00" cannot stand beside an engine that skips.
 */
class DstChangeSentencesTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final DstChangeSentences ENGLISH = new DstChangeSentences(new Messages(Locale.ENGLISH));
    private static final DstChangeSentences CHINESE = new DstChangeSentences(new Messages(Locale.SIMPLIFIED_CHINESE));
    /** Clocks go forward at 02:00 on 28 March 2027 in Berlin; back at 03:00 on 31 October 2027. */
    private static final ZoneOffsetTransition SPRING_2027 = change(BERLIN, "2027-03-01T00:00:00Z");
    private static final ZoneOffsetTransition AUTUMN_2027 = change(BERLIN, "2027-10-01T00:00:00Z");

    private static ZoneOffsetTransition change(ZoneId zone, String after) {
        return zone.getRules().nextTransition(Instant.parse(after));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "UNIX   | 30 2 * * *",
            "QUARTZ | 0 30 2 * * ?",
            "SPRING | 0 30 2 * * *",
    })
    void aSkippedTimeOfAFixedTimeScheduleRunsWhenTheGapEnds(CronDialect dialect, String expression) {
        CronSchedule schedule = CronSchedule.parse(expression, dialect);

        assertThat(ENGLISH.explain(schedule, BERLIN, SPRING_2027))
                .isEqualTo("02:30 does not exist on 28 Mar 2027 in Europe/Berlin: runs at 03:00 CEST");
        assertThat(fireOn(schedule, BERLIN, "2027-03-28")).hasToString("2027-03-28T03:00+02:00[Europe/Berlin]");
        assertThat(CHINESE.explain(schedule, BERLIN, SPRING_2027))
                .isEqualTo("2027年3月28日 Europe/Berlin 没有 02:30（时钟拨快）：改在 03:00 CEST 运行");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "UNIX   | 30 2 * * *",
            "QUARTZ | 0 30 2 * * ?",
            "SPRING | 0 30 2 * * *",
    })
    void aRepeatedTimeOfAFixedTimeScheduleRunsOnceInTheFirstPass(CronDialect dialect, String expression) {
        CronSchedule schedule = CronSchedule.parse(expression, dialect);

        assertThat(ENGLISH.explain(schedule, BERLIN, AUTUMN_2027))
                .isEqualTo("02:30 happens twice on 31 Oct 2027 in Europe/Berlin: runs once, at the first 02:30 CEST");
        List<ZonedDateTime> fires = schedule.next(Instant.parse("2027-10-30T12:00:00Z"), BERLIN, 2);
        assertThat(fires.get(0)).hasToString("2027-10-31T02:30+02:00[Europe/Berlin]");
        assertThat(fires.get(1)).hasToString("2027-11-01T02:30+01:00[Europe/Berlin]");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "UNIX   | */30 * * * *",
            "QUARTZ | 0 */30 * * * ?",
            "SPRING | 0 */30 * * * *",
    })
    void anIntervalScheduleSkipsTheGapAndRunsInBothPasses(CronDialect dialect, String expression) {
        CronSchedule schedule = CronSchedule.parse(expression, dialect);

        assertThat(ENGLISH.explain(schedule, BERLIN, SPRING_2027)).isEqualTo(
                "02:00\u201302:30 does not exist on 28 Mar 2027 in Europe/Berlin: those runs are skipped; the next run is at 03:00 CEST");
        assertThat(schedule.next(Instant.parse("2027-03-28T00:15:00Z"), BERLIN, 2)).extracting(Object::toString)
                .containsExactly("2027-03-28T01:30+01:00[Europe/Berlin]", "2027-03-28T03:00+02:00[Europe/Berlin]");

        assertThat(ENGLISH.explain(schedule, BERLIN, AUTUMN_2027)).isEqualTo(
                "02:00\u201302:30 happens twice on 31 Oct 2027 in Europe/Berlin: runs in both passes, at 02:00 CEST and again at 02:00 CET");
        assertThat(schedule.next(Instant.parse("2027-10-30T23:45:00Z"), BERLIN, 4)).extracting(Object::toString)
                .containsExactly("2027-10-31T02:00+02:00[Europe/Berlin]", "2027-10-31T02:30+02:00[Europe/Berlin]",
                        "2027-10-31T02:00+01:00[Europe/Berlin]", "2027-10-31T02:30+01:00[Europe/Berlin]");
    }

    @Test
    void aScheduleWithNoRunInTheChangingHourIsNotAffected() {
        CronSchedule daily = CronSchedule.parse("0 9 * * *", CronDialect.UNIX);

        assertThat(ENGLISH.explain(daily, BERLIN, SPRING_2027)).isEqualTo("Clocks go forward on 28 Mar 2027 in"
                + " Europe/Berlin (02:00\u201303:00 does not exist); this schedule has no run then, so it is not affected.");
        assertThat(ENGLISH.explain(daily, BERLIN, AUTUMN_2027)).startsWith("Clocks go back on 31 Oct 2027 in"
                + " Europe/Berlin (02:00\u201303:00 happens twice)");
        // Only Sundays at 02:30, and 28 March 2027 is a Sunday; Mondays miss the change.
        assertThat(ENGLISH.explain(CronSchedule.parse("30 2 * * MON", CronDialect.UNIX), BERLIN, SPRING_2027))
                .startsWith("Clocks go forward");
    }

    @Test
    void otherZonesUseTheirOwnHoursAndNames() {
        // New York falls back at 02:00 EDT on 7 November 2027, repeating 01:00-01:59.
        ZoneOffsetTransition fallBack = change(NEW_YORK, "2027-10-01T00:00:00Z");
        CronSchedule schedule = CronSchedule.parse("0 30 1 * * ?", CronDialect.QUARTZ);

        assertThat(ENGLISH.explain(schedule, NEW_YORK, fallBack)).isEqualTo(
                "01:30 happens twice on 7 Nov 2027 in America/New_York: runs once, at the first 01:30 EDT");
    }

    private static ZonedDateTime fireOn(CronSchedule schedule, ZoneId zone, String date) {
        return schedule.nextAfter(ZonedDateTime.parse(date + "T00:00:00+01:00[Europe/Berlin]").toInstant(), zone)
                .orElseThrow();
    }
}
