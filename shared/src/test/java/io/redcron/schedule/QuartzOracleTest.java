package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.ParseException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Random;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.quartz.CronExpression;

/**
 * Checks the quartz dialect against Quartz's own {@link CronExpression}: same next 20 fire times
 * from several starts, in zones without DST (Quartz passes a change differently; {@link DstReferenceDifferencesTest}
 * pins how).
 *
 * <p>Deliberate differences, kept out of the generated expressions and pinned in
 * {@link CronScheduleQuartzTest} instead: Quartz reads {@code *}/0 as {@code *}, ignores junk after a
 * value ({@code 5x}) and a step after a name ({@code MON-FRI/2}), and from some starting points skips a
 * nearest-weekday fire ({@code 15W} when the search starts between the 15th and its shifted Monday)
 * or an {@code L-n} fire listed with a later plain day ({@code L-2,28} in February); we reject the
 * first three and always return the true next fire.
 */
class QuartzOracleTest {

    private static final List<String> STARTS = List.of(
            "2024-01-01T00:00:00Z", "2024-02-28T23:59:59Z", "2025-06-15T12:34:56.789Z",
            "2026-11-30T04:00:00Z", "2027-12-31T23:59:30Z", "2028-02-29T12:00:00Z", "2030-03-10T07:07:07Z");

    static final List<String> HANDPICKED = List.of(
            "0 0 12 * * ?", "0 15 10 ? * *", "0 15 10 * * ? 2025", "0 * 14 * * ?", "0 0/5 14 * * ?",
            "0 0/5 14,18 * * ?", "0 0-5 14 * * ?", "0 10,44 14 ? 3 WED", "0 15 10 ? * MON-FRI",
            "0 15 10 15 * ?", "0 15 10 L * ?", "0 15 10 L-2 * ?", "0 15 10 ? * 6L", "0 15 10 ? * 6L 2025-2027",
            "0 15 10 ? * 6#3", "0 0 12 1/5 * ?", "0 11 11 11 11 ?", "*/2 * * * * ?", "*/10 * * * * ?",
            "0 0 0 L * ?", "0 0 0 L,15 * ?", "0 0 0 1,L * ?", "0 0 0 L-0 * ?", "0 0 0 L-30 * ?",
            "0 0 22-2 * * ?", "0 50-10 * * * ?", "55-5 * * * * ?", "0 0 0 ? * FRI-MON", "0 0 0 1 NOV-FEB ?",
            "0 0 0 25-5 * ?", "0 0 0 ? * */2", "0 0 0 ? * 2/3", "0 0 0 ? * L", "0 0 0 ? * 1", "0 0 0 ? * 7",
            "0 0 0 ? * SUN,SAT", "0 0 0 ? * sun-tue", "0 0 0 1 jan ?", "0 0 0 29 2 ?", "0 0 0 29 FEB ? 2028-2040",
            "0 0 12 ? * 2#5", "0 0 12 ? * 1#1", "0 0 12 ? * MON#2", "0 0 12 ? * FRIL", "0 30 2 * * ?",
            "0 0 0 ? * * 2026/3", "0 0 0 1 1 ? 2030", "0 0 8-18/2 ? * MON-FRI", "0 */15 9-17 * * ?",
            "30 45 23 31 12 ?", "0 0 0 31 * ?", "0 0 0 30 * ?", "0 0 0 */10 * ?", "0 0 0 5/10 * ?",
            "0 0 0 * */3 ?", "0 0 0 1 2/5 ?", "0 0 22-2/2 * * ?", "0 0 0 ? * 6-2/2",
            "0 0 0 1-5,L * ?", "0 0 0 L-1,L * ?", "0 0 * * * ?", "0 * * * * ?",
            "* * * * * ?", "0 0 0 ? * 2-6", "0 0 9 ? * 1,7", "15,45 * * * * ?", "0 0 0 1 * ? 2025,2027,2029",
            "0 0 0 ? 2 6#4", "0 0 0 ? * 4#5", "0 59 23 L 12 ?", "0 0 0 28-3 2 ?", "0 0 0 ? * 7L",
            "0 0 0 ? * 1L", "0 5 4 ? * SAT#1");

    /** Quartz keeps a W fire only when the search starts before the W day at the fire's time of day. */
    static final List<String> NEAREST_WEEKDAYS = List.of(
            "0 0 0 1W * ?", "0 0 0 15W * ?", "0 0 0 31W * ?", "0 0 0 30W * ?", "0 0 0 29W * ?", "0 0 0 LW * ?",
            "0 0 0 L-3W * ?", "0 0 0 L-5W * ?", "0 0 0 L-30W * ?", "0 0 0 2W * ?", "0 0 0 LW 2 ?",
            "0 0 0 16W 3-9 ? 2026-2030");

    static Stream<String> expressions() {
        List<String> all = new ArrayList<>(HANDPICKED);
        Random random = new Random(20240601);
        String[] seconds = {"0", "*/15", "5/20", "10-20", "50-10", "0,30", "*"};
        String[] minutes = {"0", "*/5", "15,45", "50-5/3", "*", "7"};
        String[] hours = {"*", "0", "9-17", "22-2", "*/6", "3/4", "12"};
        String[] doms = {"*", "1", "15", "L", "L-3", "L,15", "1-5", "25-5", "*/10",
            "29", "31", "L-0", "2,L-1"};
        String[] months = {"*", "1", "FEB", "NOV-FEB", "*/3", "2/5", "JAN,JUL", "3-4"};
        String[] dows = {"*", "MON-FRI", "1", "SUN", "FRI-MON", "6L", "2#1", "6#5", "L", "*/2", "2/3", "1,7", "3#2"};
        String[] years = {"", " *", " 2024-2030", " 2025/2"};
        while (all.size() < 260) {
            boolean byDay = random.nextBoolean();
            all.add(pick(random, seconds) + " " + pick(random, minutes) + " " + pick(random, hours) + " "
                    + (byDay ? pick(random, doms) : "?") + " " + pick(random, months) + " "
                    + (byDay ? "?" : pick(random, dows)) + pick(random, years));
        }
        return all.stream();
    }

    private static String pick(Random random, String[] options) {
        return options[random.nextInt(options.length)];
    }

    @ParameterizedTest
    @MethodSource("expressions")
    void sameFireTimesAsQuartz(String expression) throws ParseException {
        CronSchedule ours = CronSchedule.parse(expression, CronDialect.QUARTZ);
        for (String zoneId : List.of("UTC", "Asia/Shanghai")) {
            ZoneId zone = ZoneId.of(zoneId);
            CronExpression quartz = new CronExpression(expression);
            quartz.setTimeZone(TimeZone.getTimeZone(zone));
            for (String start : STARTS) {
                Instant from = Instant.parse(start);
                assertThat(ours.next(from, zone, 20))
                        .as("%s from %s in %s", expression, start, zoneId)
                        .isEqualTo(quartzTimes(quartz, from, zone));
            }
        }
    }

    static Stream<String> nearestWeekdays() {
        return NEAREST_WEEKDAYS.stream();
    }

    @ParameterizedTest
    @MethodSource("nearestWeekdays")
    void sameNearestWeekdaysAsQuartzFromMonthStarts(String expression) throws ParseException {
        CronSchedule ours = CronSchedule.parse(expression, CronDialect.QUARTZ);
        for (String zoneId : List.of("UTC", "Asia/Shanghai")) {
            ZoneId zone = ZoneId.of(zoneId);
            CronExpression quartz = new CronExpression(expression);
            quartz.setTimeZone(TimeZone.getTimeZone(zone));
            for (String month : List.of("2024-01", "2025-06", "2026-02", "2027-12", "2029-09")) {
                Instant from = java.time.YearMonth.parse(month).atDay(1).atStartOfDay(zone).minusSeconds(1).toInstant();
                assertThat(ours.next(from, zone, 30))
                        .as("%s from %s in %s", expression, from, zoneId)
                        .isEqualTo(quartzTimes(quartz, from, zone, 30));
            }
        }
    }

    private static List<ZonedDateTime> quartzTimes(CronExpression quartz, Instant from, ZoneId zone) {
        return quartzTimes(quartz, from, zone, 20);
    }

    private static List<ZonedDateTime> quartzTimes(CronExpression quartz, Instant from, ZoneId zone, int count) {
        List<ZonedDateTime> times = new ArrayList<>();
        Date cursor = Date.from(from);
        for (int i = 0; i < count; i++) {
            cursor = quartz.getTimeAfter(cursor);
            if (cursor == null) {
                break;
            }
            times.add(ZonedDateTime.ofInstant(cursor.toInstant(), zone));
        }
        return times;
    }
}
