package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The unix dialect follows cronie's entry.c and cron.c; there is no Java oracle, so cases are worked by hand. */
class CronScheduleUnixTest {

    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final Instant MARCH_2026 = Instant.parse("2026-03-01T00:00:00Z"); // a Sunday

    @Test
    void bothDayFieldsRestrictedMeansEither() {
        assertThat(dates("0 0 13 * 5", 8)).containsExactly("2026-03-06", "2026-03-13", "2026-03-20", "2026-03-27",
                "2026-04-03", "2026-04-10", "2026-04-13", "2026-04-17");
        assertThat(CronSchedule.parse("0 0 13 * 5", CronDialect.UNIX).warnings())
                .extracting(CronWarning::kind).containsExactly(CronWarning.Kind.DAY_OR_TRAP);
    }

    @Test
    void aDayFieldStartingWithStarCountsAsUnrestricted() {
        // cronie sets DOM_STAR for '*/2', so the days must match both fields.
        assertThat(dates("0 0 */2 * 5", 4)).containsExactly("2026-03-13", "2026-03-27", "2026-04-03", "2026-04-17");
        assertThat(dates("0 0 1 * */2", 3)).containsExactly("2026-03-01", "2026-08-01", "2026-09-01");
        assertThat(CronSchedule.parse("0 0 */2 * 5", CronDialect.UNIX).warnings()).isEmpty();
    }

    @Test
    void dayOfWeekStepsCountFromSunday() {
        assertThat(dates("0 0 * * */2", 4)).containsExactly("2026-03-01", "2026-03-03", "2026-03-05", "2026-03-07");
        assertThat(dates("0 0 * * 1-7/2", 4)).containsExactly("2026-03-01", "2026-03-02", "2026-03-04", "2026-03-06");
    }

    @Test
    void namesAndSundayAsZeroOrSeven() {
        assertThat(dates("0 0 * * SUN-TUE", 4)).containsExactly("2026-03-01", "2026-03-02", "2026-03-03", "2026-03-08");
        assertThat(dates("0 0 * * 7", 2)).containsExactly("2026-03-01", "2026-03-08");
        assertThat(dates("0 0 * * 0", 2)).containsExactly("2026-03-01", "2026-03-08");
        assertThat(dates("0 0 1 jan-mar,Jul mon-fri", 5))
                .containsExactly("2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05");
        assertThat(dates("0 0 1 jul *", 2)).containsExactly("2026-07-01", "2027-07-01");
    }

    @Test
    void macros() {
        assertThat(iso("@weekly", 2)).containsExactly("2026-03-08T00:00Z", "2026-03-15T00:00Z");
        assertThat(iso("@monthly", 1)).containsExactly("2026-04-01T00:00Z");
        assertThat(iso("@yearly", 1)).containsExactly("2027-01-01T00:00Z");
        assertThat(iso("@annually", 1)).containsExactly("2027-01-01T00:00Z");
        assertThat(iso("@daily", 1)).containsExactly("2026-03-02T00:00Z");
        assertThat(iso("@midnight", 1)).containsExactly("2026-03-02T00:00Z");
        assertThat(iso("@hourly", 2)).containsExactly("2026-03-01T01:00Z", "2026-03-01T02:00Z");
    }

    @Test
    void firesAtSecondZeroOnly() {
        CronSchedule everyMinute = CronSchedule.parse("* * * * *", CronDialect.UNIX);
        assertThat(everyMinute.nextAfter(Instant.parse("2026-03-01T10:00:30.5Z"), UTC).orElseThrow())
                .hasToString("2026-03-01T10:01Z");
        assertThat(iso("*/20 9-10 * * *", 3))
                .containsExactly("2026-03-01T09:00Z", "2026-03-01T09:20Z", "2026-03-01T09:40Z");
        assertThat(iso("5-20/5,58 23 * * *", 5)).containsExactly("2026-03-01T23:05Z", "2026-03-01T23:10Z",
                "2026-03-01T23:15Z", "2026-03-01T23:20Z", "2026-03-01T23:58Z");
    }

    private static List<String> dates(String expression, int count) {
        return CronSchedule.parse(expression, CronDialect.UNIX).next(MARCH_2026.minusSeconds(1), UTC, count).stream()
                .map(time -> time.toLocalDate().toString()).toList();
    }

    private static List<String> iso(String expression, int count) {
        return CronSchedule.parse(expression, CronDialect.UNIX).next(MARCH_2026, UTC, count).stream()
                .map(time -> time.toOffsetDateTime().toString()).toList();
    }
}
