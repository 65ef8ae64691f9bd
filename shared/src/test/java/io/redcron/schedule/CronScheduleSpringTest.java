package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class CronScheduleSpringTest {

    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final String MARCH_2026 = "2026-03-01T00:00:00Z"; // a Sunday

    @Test
    void dayOfWeekStepsCountFromMonday() {
        assertThat(dates("0 0 0 * * */2", MARCH_2026, 4))
                .containsExactly("2026-03-02", "2026-03-04", "2026-03-06", "2026-03-08");
        assertThat(dates("0 0 0 * * 0/2", MARCH_2026, 4))
                .containsExactly("2026-03-03", "2026-03-05", "2026-03-07", "2026-03-08");
    }

    @Test
    void sundayStartsARangeAsZero() {
        assertThat(dates("0 0 0 * * SUN-TUE", MARCH_2026, 4))
                .containsExactly("2026-03-02", "2026-03-03", "2026-03-08", "2026-03-09");
        // Spring reads 7-7 as 0-7, every day; we follow it.
        assertThat(dates("0 0 0 * * 7-7", MARCH_2026, 2)).containsExactly("2026-03-02", "2026-03-03");
    }

    @Test
    void bothDayFieldsMustMatch() {
        assertThat(dates("0 0 0 13 * FRI", MARCH_2026, 2)).containsExactly("2026-03-13", "2026-11-13");
        assertThat(CronSchedule.parse("0 0 0 13 * FRI", CronDialect.SPRING).warnings()).isEmpty();
    }

    @Test
    void nearestWeekdayStaysInItsMonth() {
        // 2024-03-31 is a Sunday. Spring moves 31W to Monday 1 April and then drops it; we fire on Friday.
        assertThat(dates("0 0 0 31W * *", "2024-03-01T00:00:00Z", 2)).containsExactly("2024-03-29", "2024-05-31");
    }

    @Test
    void rareDatesAreFoundWhereSpringGivesUp() {
        // Monday 29 February: 2044 is the next one after 2016.
        assertThat(dates("0 0 0 29 2 MON", "2017-01-01T00:00:00Z", 1)).containsExactly("2044-02-29");
    }

    @Test
    void macros() {
        assertThat(dates("@weekly", MARCH_2026, 2)).containsExactly("2026-03-08", "2026-03-15");
        assertThat(dates("@Monthly", MARCH_2026, 1)).containsExactly("2026-04-01");
        assertThat(CronSchedule.parse("@hourly", CronDialect.SPRING).next(Instant.parse(MARCH_2026), UTC, 1))
                .first().hasToString("2026-03-01T01:00Z");
    }

    private static List<String> dates(String expression, String start, int count) {
        return CronSchedule.parse(expression, CronDialect.SPRING).next(Instant.parse(start), UTC, count).stream()
                .map(time -> time.toLocalDate().toString()).toList();
    }
}
