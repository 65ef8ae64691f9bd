package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.scheduling.support.CronExpression;

/**
 * Checks the spring dialect against Spring's own {@link CronExpression}: same next 20 fire times
 * from several starts, in zones without DST (Spring passes a change differently; {@link DstReferenceDifferencesTest}
 * pins how).
 *
 * <p>Deliberate differences, pinned in {@link CronScheduleSpringTest}: Spring accepts {@code L-n} for
 * any n (reaching into the previous month) and {@code d#n} for any n; we allow n up to 30 and 5. When
 * a {@code nW} day is a Sunday that ends the month, Spring moves it into the next month and then
 * drops it; like Quartz we fire on the Friday before. Spring also gives up after 366 steps on very
 * rare dates (Monday the 29th of February), where we keep searching.
 */
class SpringOracleTest {

    private static final List<String> STARTS = List.of(
            "2024-01-01T00:00:00Z", "2024-02-28T23:59:59Z", "2025-06-15T12:34:56.789Z",
            "2026-11-30T04:00:00Z", "2027-12-31T23:59:30Z", "2028-02-29T12:00:00Z", "2030-03-10T07:07:07Z");

    static final List<String> HANDPICKED = List.of(
            "0 0 12 * * *", "0 0 12 * * ?", "0 15 10 ? * *", "*/10 * * * * *", "0 0 * * * *", "0 0 8-10 * * *",
            "0 0 6,19 * * *", "0 0/30 8-10 * * *", "0 0 9-17 * * MON-FRI", "0 0 0 25 12 ?", "0 0 0 L * *",
            "0 0 0 L-3 * *", "0 0 0 1W * *", "0 0 0 15W * *", "0 0 0 LW * *", "0 0 0 * * 5L", "0 0 0 ? * FRIL",
            "0 0 0 ? * 5#2", "0 0 0 ? * MON#1", "0 0 0 ? * 0#3", "0 0 0 ? * 7#4", "0 0 0 * * */2", "0 0 0 * * 0/2",
            "0 0 0 * * 1-7/2", "0 0 0 * * 0-6/3", "0 0 0 * * SUN-TUE", "0 0 0 * * 7-2", "0 0 0 * * SUN", "0 0 0 * * 0",
            "0 0 0 * * 7", "0 0 0 * * 0,7", "0 0 0 * * 7-7", "0 0 0 * * FRI-SUN", "0 0 0 13 * FRI", "0 0 0 1-7 * MON",
            "0 0 0 L * FRI", "0 0 0 29 2 *", "0 0 0 L 2 *", "0 0 0 31 * *", "0 0 0 */5 * *", "0 0 0 3/7 * *",
            "0 0 0 1 */2 *", "0 0 0 1 JAN-MAR *", "0 0 0 1 jan,jul *", "0 0 0 1 2/3 *", "@yearly", "@annually",
            "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@DAILY", "0 0 0 L,15 * *", "0 0 0 1,L-1 * *",
            "0 0 0 1W,15W * *", "0 0 0 * * 1L,5L", "0 0 0 * * MON#1,FRI#3", "0 0 0 * * 5L,MON", "5-10 * * * * *",
            "*/7 */13 */5 * * *", "0 5/15 * * * *", "1,2,3 4,5 6 * * *", "0 0 23 * * SAT,SUN", "59 59 23 31 12 *",
            "0 0 12 * * 3", "0 30 2 * * *", "0 0 0 15 * 1-5", "0 0 0 10-20 * TUE", "0 0 0 ? 6 ?", "0 0 0 L-1W * *",
            "0 0 0 1 1 mon", "0 0 0 20W * *", "0 0 0 L 1-6 *", "0 0 0 * * 1#5", "0 0 0 * * 6#5");

    static Stream<String> expressions() {
        List<String> all = new ArrayList<>(HANDPICKED);
        all.remove("0 0 0 L-1W * *");
        Random random = new Random(20240602);
        String[] seconds = {"0", "*/15", "5/20", "10-20", "0,30", "*"};
        String[] minutes = {"0", "*/5", "15,45", "30-50/7", "*", "7"};
        String[] hours = {"*", "0", "9-17", "*/6", "3/4", "12"};
        String[] doms = {"*", "?", "1", "15", "L", "L-3", "L,15", "1-5", "*/10", "29", "31", "2,L-1", "13", "1-7"};
        String[] months = {"*", "1", "FEB", "*/3", "2/5", "JAN,JUL", "3-4"};
        String[] dows = {"*", "?", "MON-FRI", "1", "SUN", "0", "7", "SUN-TUE", "5L", "2#1", "6#5", "*/2", "0/2",
            "1,7", "3#2", "FRI"};
        while (all.size() < 240) {
            all.add(pick(random, seconds) + " " + pick(random, minutes) + " " + pick(random, hours) + " "
                    + pick(random, doms) + " " + pick(random, months) + " " + pick(random, dows));
        }
        return all.stream();
    }

    private static String pick(Random random, String[] options) {
        return options[random.nextInt(options.length)];
    }

    @ParameterizedTest
    @MethodSource("expressions")
    void sameFireTimesAsSpring(String expression) {
        CronSchedule ours = CronSchedule.parse(expression, CronDialect.SPRING);
        CronExpression spring = CronExpression.parse(expression);
        for (String zoneId : List.of("UTC", "Asia/Shanghai")) {
            ZoneId zone = ZoneId.of(zoneId);
            for (String start : STARTS) {
                Instant from = Instant.parse(start);
                List<ZonedDateTime> expected = springTimes(spring, from, zone);
                assertThat(ours.next(from, zone, expected.size()))
                        .as("%s from %s in %s", expression, start, zoneId)
                        .isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("expressions")
    void previousBeforeWalksBackThroughTheSameTimes(String expression) {
        CronSchedule ours = CronSchedule.parse(expression, CronDialect.SPRING);
        ZoneId zone = ZoneId.of("UTC");
        List<ZonedDateTime> forward = ours.next(Instant.parse("2025-06-15T12:34:56Z"), zone, 10);
        for (int i = forward.size() - 1; i > 0; i--) {
            assertThat(ours.previousBefore(forward.get(i).toInstant(), zone)).contains(forward.get(i - 1));
        }
    }

    /** Spring's W, like Quartz's, may not leave the month; checked from month starts where Spring is reliable. */
    @ParameterizedTest
    @MethodSource("nearestWeekdays")
    void sameNearestWeekdaysAsSpringFromMonthStarts(String expression) {
        CronSchedule ours = CronSchedule.parse(expression, CronDialect.SPRING);
        CronExpression spring = CronExpression.parse(expression);
        ZoneId zone = ZoneId.of("UTC");
        for (String month : List.of("2024-01", "2025-06", "2026-02", "2029-09")) {
            Instant from = YearMonth.parse(month).atDay(1).atStartOfDay(zone).minusSeconds(1).toInstant();
            List<ZonedDateTime> expected = springTimes(spring, from, zone);
            assertThat(ours.next(from, zone, expected.size())).as("%s from %s", expression, from).isEqualTo(expected);
        }
    }

    static Stream<String> nearestWeekdays() {
        return Stream.of("0 0 0 1W * *", "0 0 0 2W * *", "0 0 0 15W * *", "0 0 0 LW * *", "0 0 12 10W * *");
    }

    private static List<ZonedDateTime> springTimes(CronExpression spring, Instant from, ZoneId zone) {
        List<ZonedDateTime> times = new ArrayList<>();
        ZonedDateTime cursor = from.atZone(zone);
        for (int i = 0; i < 20; i++) {
            cursor = spring.next(cursor);
            if (cursor == null) {
                break;
            }
            times.add(cursor);
        }
        return times;
    }
}
