package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class CronScheduleQuartzTest {

    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
    private static final ZoneId UTC = ZoneOffset.UTC;

    @Test
    void lastDayOfMonthInShanghaiIsStrictlyAfterTheStart() {
        CronSchedule lastDay = CronSchedule.parse("0 0 0 L * ?", CronDialect.QUARTZ);
        assertThat(lastDay.next(OffsetDateTime.parse("2026-11-30T12:00+08:00").toInstant(), SHANGHAI, 3))
                .map(time -> time.toOffsetDateTime().toString())
                .containsExactly("2026-12-31T00:00+08:00", "2027-01-31T00:00+08:00", "2027-02-28T00:00+08:00");
    }

    @Test
    void leapDayComesEveryFourYearsButNotIn2100() {
        assertThat(dates("0 0 0 29 2 ?", "2025-01-01T00:00:00Z", 3))
                .containsExactly("2028-02-29", "2032-02-29", "2036-02-29");
        assertThat(dates("0 0 0 29 2 ?", "2096-03-01T00:00:00Z", 1)).containsExactly("2104-02-29");
    }

    @Test
    void lastDayOffsetsNearestWeekdaysAndNthDays() {
        assertThat(dates("0 0 0 L-2 * ?", "2026-01-31T00:00:00Z", 2)).containsExactly("2026-02-26", "2026-03-29");
        // 2026-05-31 is a Sunday: LW is Friday the 29th, and 1W of August (a Saturday) is Monday the 3rd.
        assertThat(dates("0 0 0 LW 5 ?", "2026-01-01T00:00:00Z", 1)).containsExactly("2026-05-29");
        assertThat(dates("0 0 0 1W 8 ?", "2026-01-01T00:00:00Z", 1)).containsExactly("2026-08-03");
        assertThat(dates("0 0 0 L-3W * ?", "2026-02-01T00:00:00Z", 1)).containsExactly("2026-02-25");
        assertThat(dates("0 0 0 ? * 6#3", "2026-01-01T00:00:00Z", 2)).containsExactly("2026-01-16", "2026-02-20");
        assertThat(dates("0 0 0 ? * 6L", "2026-01-01T00:00:00Z", 2)).containsExactly("2026-01-30", "2026-02-27");
        assertThat(dates("0 0 0 ? * 2#5", "2026-01-01T00:00:00Z", 2)).containsExactly("2026-03-30", "2026-06-29");
    }

    @Test
    void listsMayMixLastDayWithPlainDays() {
        assertThat(dates("0 0 0 L,15 * ?", "2026-02-01T00:00:00Z", 4))
                .containsExactly("2026-02-15", "2026-02-28", "2026-03-15", "2026-03-31");
    }

    @Test
    void aLoneLInDayOfWeekMeansSaturdayAsInQuartz() {
        assertThat(dates("0 0 0 ? * L", "2026-03-01T00:00:00Z", 1)).containsExactly("2026-03-07");
    }

    @Test
    void wrapAroundRanges() {
        assertThat(CronSchedule.parse("0 0 22-2 * * ?", CronDialect.QUARTZ)
                .next(Instant.parse("2026-03-01T12:00:00Z"), UTC, 5))
                .extracting(ZonedDateTime::getHour).containsExactly(22, 23, 0, 1, 2);
        assertThat(dates("0 0 0 ? * FRI-MON", "2026-03-01T00:00:00Z", 4))
                .containsExactly("2026-03-02", "2026-03-06", "2026-03-07", "2026-03-08");
        assertThat(dates("0 0 0 1 NOV-FEB ?", "2026-03-01T00:00:00Z", 4))
                .containsExactly("2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01");
    }

    @Test
    void yearsLimitTheSchedule() {
        CronSchedule schedule = CronSchedule.parse("0 0 0 1 1 ? 2027,2029", CronDialect.QUARTZ);
        assertThat(schedule.next(Instant.parse("2026-03-01T00:00:00Z"), UTC, 5)).hasSize(2);
        assertThat(schedule.previousBefore(Instant.parse("2028-06-01T00:00:00Z"), UTC).orElseThrow())
                .hasToString("2027-01-01T00:00Z");
    }

    @Test
    void neverFiringExpressionsReturnNothingAndWarn() {
        CronSchedule february30 = CronSchedule.parse("0 0 0 30 2 ?", CronDialect.QUARTZ);
        assertThat(february30.nextAfter(Instant.parse("2026-03-01T00:00:00Z"), UTC)).isEmpty();
        assertThat(february30.previousBefore(Instant.parse("2026-03-01T00:00:00Z"), UTC)).isEmpty();
        assertThat(february30.warnings()).extracting(CronWarning::kind).containsExactly(CronWarning.Kind.NEVER_FIRES);

        CronSchedule past = CronSchedule.parse("0 0 0 1 1 ? 2020", CronDialect.QUARTZ);
        assertThat(past.nextAfter(Instant.parse("2026-03-01T00:00:00Z"), UTC)).isEmpty();
        assertThat(past.previousBefore(Instant.parse("2026-03-01T00:00:00Z"), UTC).orElseThrow())
                .hasToString("2020-01-01T00:00Z");
        assertThat(past.warnings()).extracting(CronWarning::kind).containsExactly(CronWarning.Kind.NEVER_FIRES);
        assertThat(CronSchedule.parse("0 0 0 ? * 6#5", CronDialect.QUARTZ).warnings()).isEmpty();
    }

    @Test
    void nearestWeekdayIsFoundFromAnyStart() {
        // 2025-06-15 is a Sunday, so 15W is Monday the 16th. Quartz, starting on the 15th, skips it.
        assertThat(dates("0 0 0 15W * ?", "2025-06-15T12:34:56Z", 2)).containsExactly("2025-06-16", "2025-07-15");
    }

    @Test
    void fractionsOfASecondAreDropped() {
        CronSchedule everySecond = CronSchedule.parse("* * * * * ?", CronDialect.QUARTZ);
        assertThat(everySecond.nextAfter(Instant.parse("2026-03-01T10:00:00.999Z"), UTC).orElseThrow())
                .hasToString("2026-03-01T10:00:01Z");
        assertThat(everySecond.previousBefore(Instant.parse("2026-03-01T10:00:00.001Z"), UTC).orElseThrow())
                .hasToString("2026-03-01T10:00Z");
        assertThat(everySecond.previousBefore(Instant.parse("2026-03-01T10:00:00Z"), UTC).orElseThrow())
                .hasToString("2026-03-01T09:59:59Z");
    }

    @Test
    void searchesAreCheap() {
        CronSchedule everyTwoSeconds = CronSchedule.parse("*/2 * * * * ?", CronDialect.QUARTZ);
        CronSchedule never = CronSchedule.parse("0 0 0 31 2 ?", CronDialect.QUARTZ);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            Instant t = Instant.parse("2026-01-01T00:00:00Z");
            for (int i = 0; i < 200_000; i++) {
                t = everyTwoSeconds.nextAfter(t, SHANGHAI).orElseThrow().toInstant();
            }
            assertThat(t).isEqualTo(Instant.parse("2026-01-05T15:06:40Z"));
            for (int i = 0; i < 20; i++) {
                assertThat(never.nextAfter(t, SHANGHAI)).isEmpty();
            }
        });
    }

    @Test
    void valueSemantics() {
        CronSchedule schedule = CronSchedule.parse("  0 0 12 * * ?  ", CronDialect.QUARTZ);
        assertThat(schedule.expression()).isEqualTo("0 0 12 * * ?");
        assertThat(schedule.dialect()).isEqualTo(CronDialect.QUARTZ);
        assertThat(schedule).isEqualTo(CronSchedule.parse("0 0 12 * * ?", CronDialect.QUARTZ))
                .hasSameHashCodeAs(CronSchedule.parse("0 0 12 * * ?", CronDialect.QUARTZ))
                .isNotEqualTo(CronSchedule.parse("0 0 12 * * ?", CronDialect.SPRING));
        assertThat(schedule.toString()).contains("0 0 12 * * ?").contains("quartz");
    }

    private static List<String> dates(String expression, String start, int count) {
        return CronSchedule.parse(expression, CronDialect.QUARTZ).next(Instant.parse(start), UTC, count).stream()
                .map(time -> time.toLocalDate().toString()).toList();
    }
}
