package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Daylight saving, by {@link DstRule}. A fixed-time schedule fires each matching wall-clock time once:
 * at its first occurrence in a repeated hour, at the end of a skipped one. An interval schedule follows
 * real time: it fires at every instant whose wall-clock time matches, so through both passes of a
 * repeated hour, and at nothing in a skipped one.
 */
class CronScheduleDstTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final ZoneId LORD_HOWE = ZoneId.of("Australia/Lord_Howe");
    /** Changes at midnight, so its repeated hour is 23:00 of the day before. */
    private static final ZoneId SANTIAGO = ZoneId.of("America/Santiago");
    private static final List<ZoneId> ZONES = List.of(BERLIN, NEW_YORK, LORD_HOWE, SANTIAGO,
            ZoneId.of("Europe/Dublin"), ZoneId.of("Asia/Jerusalem"));

    // Fixed-time schedules

    @Test
    void timeInsideSpringForwardGapFiresOnceWhenTheGapEnds() {
        assertThat(times("0 30 2 * * ?", "2026-03-28T12:00+01:00", BERLIN, 2))
                .containsExactly("2026-03-29T03:00+02:00", "2026-03-30T02:30+02:00");
        assertThat(times("0 30 2 * * ?", "2026-03-07T12:00-05:00", NEW_YORK, 2))
                .containsExactly("2026-03-08T03:00-04:00", "2026-03-09T02:30-04:00");
        assertThat(times("30 2 * * *", "2027-03-27T12:00+01:00", BERLIN, 2, CronDialect.UNIX))
                .containsExactly("2027-03-28T03:00+02:00", "2027-03-29T02:30+02:00");
        assertThat(times("0 30 2 * * *", "2027-03-27T12:00+01:00", BERLIN, 2, CronDialect.SPRING))
                .containsExactly("2027-03-28T03:00+02:00", "2027-03-29T02:30+02:00");
    }

    @Test
    void timeInsideFallBackOverlapFiresOnceAtItsFirstOccurrence() {
        assertThat(times("0 30 2 * * ?", "2026-10-24T12:00+02:00", BERLIN, 2))
                .containsExactly("2026-10-25T02:30+02:00", "2026-10-26T02:30+01:00");
        assertThat(times("0 30 1 * * ?", "2026-10-31T12:00-04:00", NEW_YORK, 2))
                .containsExactly("2026-11-01T01:30-04:00", "2026-11-02T01:30-05:00");
        assertThat(times("30 2 * * *", "2027-10-30T12:00+02:00", BERLIN, 2, CronDialect.UNIX))
                .containsExactly("2027-10-31T02:30+02:00", "2027-11-01T02:30+01:00");
        assertThat(times("0 30 2 * * *", "2027-10-30T12:00+02:00", BERLIN, 2, CronDialect.SPRING))
                .containsExactly("2027-10-31T02:30+02:00", "2027-11-01T02:30+01:00");
    }

    @Test
    void anHourlyScheduleFiresEveryHourOfRealTimeThroughTheRepeatedHour() {
        assertThat(times("0 0 * * * ?", "2027-10-31T01:30+02:00", BERLIN, 3))
                .containsExactly("2027-10-31T02:00+02:00", "2027-10-31T02:00+01:00", "2027-10-31T03:00+01:00");
        assertThat(times("0 * * * *", "2027-10-31T01:30+02:00", BERLIN, 2, CronDialect.UNIX))
                .containsExactly("2027-10-31T02:00+02:00", "2027-10-31T02:00+01:00");
        assertThat(times("@hourly", "2027-03-28T00:30+01:00", BERLIN, 2, CronDialect.UNIX))
                .containsExactly("2027-03-28T01:00+01:00", "2027-03-28T03:00+02:00");
    }

    @Test
    void fixedTimeSchedulesFireNothingDuringTheSecondPass() {
        assertThat(times("0 30 2 * * ?", "2026-10-25T02:10+01:00", BERLIN, 1))
                .containsExactly("2026-10-26T02:30+01:00");
        // Every other hour is not every hour: 02:00 is one wall-clock time, and fires once.
        assertThat(times("0 0 */2 * * ?", "2027-10-31T01:30+02:00", BERLIN, 2))
                .containsExactly("2027-10-31T02:00+02:00", "2027-10-31T04:00+01:00");
        // Every ten minutes within the two o'clock hour only: the hour's times, once.
        assertThat(times("0 */10 2 * * ?", "2027-10-31T02:45+02:00", BERLIN, 2))
                .containsExactly("2027-10-31T02:50+02:00", "2027-11-01T02:00+01:00");
    }

    @Test
    void fixedTimesSkippedByTheGapCollapseIntoOneFire() {
        assertThat(times("0 0,15,30,45 2 * * ?", "2027-03-28T01:00+01:00", BERLIN, 2))
                .containsExactly("2027-03-28T03:00+02:00", "2027-03-29T02:00+02:00");
        assertThat(times("0 */10 2 * * ?", "2026-10-04T01:55+10:30", LORD_HOWE, 3))
                .containsExactly("2026-10-04T02:30+11:00", "2026-10-04T02:40+11:00", "2026-10-04T02:50+11:00");
    }

    // Interval schedules

    @Test
    void everyTenSecondsFiresStraightThroughTheRepeatedHour() {
        // The first pass ends at 01:00:00Z and the second pass starts there; it ends at 02:00:00Z.
        assertThat(utc("*/10 * * * * ?", "2027-10-31T00:59:30Z", BERLIN, 5, CronDialect.QUARTZ)).containsExactly(
                "2027-10-31T00:59:40Z", "2027-10-31T00:59:50Z", "2027-10-31T01:00:00Z", "2027-10-31T01:00:10Z",
                "2027-10-31T01:00:20Z");
        assertThat(utc("*/10 * * * * *", "2027-10-31T01:59:30Z", BERLIN, 5, CronDialect.SPRING)).containsExactly(
                "2027-10-31T01:59:40Z", "2027-10-31T01:59:50Z", "2027-10-31T02:00:00Z", "2027-10-31T02:00:10Z",
                "2027-10-31T02:00:20Z");
        assertThat(times("*/10 * * * * ?", "2027-10-31T02:59:40+02:00", BERLIN, 3)).containsExactly(
                "2027-10-31T02:59:50+02:00", "2027-10-31T02:00+01:00", "2027-10-31T02:00:10+01:00");
    }

    @Test
    void everyMinuteFiresThroughTheRepeatedHourInEveryDialect() {
        List<String> acrossFirstPassEnd = List.of("2027-10-31T02:59+02:00", "2027-10-31T02:00+01:00",
                "2027-10-31T02:01+01:00");
        assertThat(times("0 * * * * ?", "2027-10-31T02:58+02:00", BERLIN, 3)).isEqualTo(acrossFirstPassEnd);
        assertThat(times("* * * * *", "2027-10-31T02:58+02:00", BERLIN, 3, CronDialect.UNIX))
                .isEqualTo(acrossFirstPassEnd);
        assertThat(times("0 * * * * *", "2027-10-31T02:58+02:00", BERLIN, 3, CronDialect.SPRING))
                .isEqualTo(acrossFirstPassEnd);
        assertThat(times("*/5 * * * *", "2027-11-07T01:50-04:00", NEW_YORK, 4, CronDialect.UNIX)).containsExactly(
                "2027-11-07T01:55-04:00", "2027-11-07T01:00-05:00", "2027-11-07T01:05-05:00", "2027-11-07T01:10-05:00");
    }

    @Test
    void everyFifteenMinutesFiresInBothPasses() {
        assertThat(times("0 */15 * * * ?", "2026-10-25T01:50+02:00", BERLIN, 10)).containsExactly(
                "2026-10-25T02:00+02:00", "2026-10-25T02:15+02:00", "2026-10-25T02:30+02:00",
                "2026-10-25T02:45+02:00", "2026-10-25T02:00+01:00", "2026-10-25T02:15+01:00",
                "2026-10-25T02:30+01:00", "2026-10-25T02:45+01:00", "2026-10-25T03:00+01:00", "2026-10-25T03:15+01:00");
    }

    @Test
    void intervalSchedulesFireNothingExtraAtTheEndOfAGap() {
        assertThat(times("0 * * * * ?", "2026-03-29T01:58+01:00", BERLIN, 3))
                .containsExactly("2026-03-29T01:59+01:00", "2026-03-29T03:00+02:00", "2026-03-29T03:01+02:00");
        assertThat(times("* * * * *", "2026-03-08T01:59-05:00", NEW_YORK, 2, CronDialect.UNIX))
                .containsExactly("2026-03-08T03:00-04:00", "2026-03-08T03:01-04:00");
        // Ten minutes of real time pass between 01:55 and 03:05: that is the schedule's interval.
        assertThat(times("0 5-55/10 * * * ?", "2027-03-28T01:50+01:00", BERLIN, 3))
                .containsExactly("2027-03-28T01:55+01:00", "2027-03-28T03:05+02:00", "2027-03-28T03:15+02:00");
        assertThat(times("5-55/10 * * * *", "2027-03-28T01:50+01:00", BERLIN, 2, CronDialect.UNIX))
                .containsExactly("2027-03-28T01:55+01:00", "2027-03-28T03:05+02:00");
    }

    @Test
    void lordHoweHalfHourShiftKeepsTheInterval() {
        // Clocks go back from 02:00 (+11:00) to 01:30 (+10:30): 01:30-01:59 happens twice.
        assertThat(times("0 */10 * * * ?", "2027-04-04T01:35+11:00", LORD_HOWE, 6)).containsExactly(
                "2027-04-04T01:40+11:00", "2027-04-04T01:50+11:00", "2027-04-04T01:30+10:30",
                "2027-04-04T01:40+10:30", "2027-04-04T01:50+10:30", "2027-04-04T02:00+10:30");
        // Clocks go forward from 02:00 (+10:30) to 02:30 (+11:00).
        assertThat(times("*/10 * * * *", "2027-10-03T01:45+10:30", LORD_HOWE, 3, CronDialect.UNIX)).containsExactly(
                "2027-10-03T01:50+10:30", "2027-10-03T02:30+11:00", "2027-10-03T02:40+11:00");
        assertThat(times("0 */20 * * * *", "2027-10-03T01:30+10:30", LORD_HOWE, 2, CronDialect.SPRING))
                .containsExactly("2027-10-03T01:40+10:30", "2027-10-03T02:40+11:00");
    }

    @Test
    void fixedTimesInLordHowesHalfHour() {
        assertThat(times("0 15 2 * * ?", "2026-10-03T12:00+10:30", LORD_HOWE, 2))
                .containsExactly("2026-10-04T02:30+11:00", "2026-10-05T02:15+11:00");
        assertThat(times("0 45 1 * * ?", "2026-04-04T12:00+11:00", LORD_HOWE, 2))
                .containsExactly("2026-04-05T01:45+11:00", "2026-04-06T01:45+10:30");
    }

    // Against the rules stated independently of the search, around every change of 2026 and 2027

    @Test
    void intervalSchedulesFireAtEveryInstantWhoseWallClockTimeMatches() {
        List<Case> cases = List.of(new Case("*/10 * * * * ?", CronDialect.QUARTZ),
                new Case("0 */7 * * * ?", CronDialect.QUARTZ), new Case("15,45 */20 1-3 * * ?", CronDialect.QUARTZ),
                new Case("*/5 22-23,0-3 * * *", CronDialect.UNIX), new Case("* * * * *", CronDialect.UNIX),
                new Case("0 * * * *", CronDialect.UNIX), new Case("0 0 * * * ?", CronDialect.QUARTZ),
                new Case("0 */15 * * * *", CronDialect.SPRING), new Case("*/30 0,30 * * * *", CronDialect.SPRING));
        for (ZoneId zone : ZONES) {
            for (ZoneOffsetTransition change : changes(zone)) {
                Instant from = change.getInstant().minus(Duration.ofHours(2));
                Instant to = change.getInstant().plus(Duration.ofHours(2));
                for (Case c : cases) {
                    CronSchedule schedule = c.schedule();
                    assertThat(schedule.dstRule()).isEqualTo(DstRule.INTERVAL);
                    assertThat(fires(schedule, zone, from, to)).as("%s in %s around %s", c, zone, change)
                            .isEqualTo(everyInstantMatching(schedule, zone, from, to));
                }
            }
        }
    }

    @Test
    void fixedTimeSchedulesFireEachWallClockTimeOnce() {
        List<Case> cases = List.of(new Case("0 30 2 * * ?", CronDialect.QUARTZ),
                new Case("0 0,15,30,45 2 * * ?", CronDialect.QUARTZ), new Case("0 */10 2 * * ?", CronDialect.QUARTZ),
                new Case("0 */2 * * *", CronDialect.UNIX), new Case("30 0,1,23 * * *", CronDialect.UNIX),
                new Case("0 0 */2 * * *", CronDialect.SPRING), new Case("0 15,45 1 * * *", CronDialect.SPRING));
        for (ZoneId zone : ZONES) {
            for (ZoneOffsetTransition change : changes(zone)) {
                Instant from = change.getInstant().minus(Duration.ofHours(2));
                Instant to = change.getInstant().plus(Duration.ofHours(2));
                for (Case c : cases) {
                    CronSchedule schedule = c.schedule();
                    assertThat(schedule.dstRule()).isEqualTo(DstRule.FIXED_TIME);
                    assertThat(fires(schedule, zone, from, to)).as("%s in %s around %s", c, zone, change)
                            .isEqualTo(eachWallClockTimeOnce(schedule, zone, from, to));
                }
            }
        }
    }

    @Test
    void regularIntervalsStayRegularInRealTimeAcrossEveryChange() {
        List<Case> cases = List.of(new Case("*/10 * * * * ?", CronDialect.QUARTZ),
                new Case("0 * * * * ?", CronDialect.QUARTZ), new Case("*/5 * * * *", CronDialect.UNIX),
                new Case("0 */30 * * * *", CronDialect.SPRING));
        List<Duration> intervals = List.of(Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofMinutes(5),
                Duration.ofMinutes(30));
        for (ZoneId zone : ZONES) {
            for (ZoneOffsetTransition change : changes(zone)) {
                for (int i = 0; i < cases.size(); i++) {
                    List<Instant> fires = fires(cases.get(i).schedule(), zone,
                            change.getInstant().minus(Duration.ofHours(2)), change.getInstant().plus(Duration.ofHours(2)));
                    for (int f = 1; f < fires.size(); f++) {
                        assertThat(Duration.between(fires.get(f - 1), fires.get(f)))
                                .as("%s in %s after %s", cases.get(i), zone, fires.get(f - 1))
                                .isEqualTo(intervals.get(i));
                    }
                }
            }
        }
    }

    @Test
    void previousBeforeMirrorsTheSameRules() {
        CronSchedule quarterHours = CronSchedule.parse("0 */15 * * * ?", CronDialect.QUARTZ);
        assertThat(quarterHours.previousBefore(instant("2026-10-25T02:30+01:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-10-25T02:15+01:00");
        assertThat(quarterHours.previousBefore(instant("2026-10-25T02:00+01:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-10-25T02:45+02:00");
        assertThat(quarterHours.previousBefore(instant("2026-03-29T03:00+02:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-03-29T01:45+01:00");
        CronSchedule halfPastTwo = CronSchedule.parse("0 30 2 * * ?", CronDialect.QUARTZ);
        assertThat(halfPastTwo.previousBefore(instant("2026-10-25T02:50+01:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-10-25T02:30+02:00");
        assertThat(halfPastTwo.previousBefore(instant("2026-03-29T03:00:01+02:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-03-29T03:00+02:00");
        assertThat(halfPastTwo.previousBefore(instant("2026-03-29T03:00+02:00"), BERLIN))
                .map(CronScheduleDstTest::iso).contains("2026-03-28T02:30+01:00");
    }

    @Test
    void previousOfNextLandsAtOrBeforeTheStartAcrossTransitions() {
        List<String> expressions = List.of("0 */15 * * * ?", "0 30 2 * * ?", "*/20 * 1-3 * * ?", "0 0,30 * * * ?",
                "0 0 * * * ?", "0 */10 2 * * ?");
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

    @Test
    void repeatedHourTellsTheSecondPassApart() {
        ZonedDateTime first = ZonedDateTime.ofInstant(instant("2027-10-31T02:30+02:00"), BERLIN);
        ZonedDateTime second = ZonedDateTime.ofInstant(instant("2027-10-31T02:30+01:00"), BERLIN);
        assertThat(RepeatedHour.secondPassOf(first)).isEmpty();
        assertThat(RepeatedHour.secondPassOf(second)).map(ZoneOffsetTransition::getOffsetBefore)
                .contains(ZoneOffset.ofHours(2));
        assertThat(RepeatedHour.secondPassOf(ZonedDateTime.ofInstant(instant("2027-10-31T03:00+01:00"), BERLIN)))
                .isEmpty();
        assertThat(RepeatedHour.secondPassOf(ZonedDateTime.ofInstant(instant("2027-04-04T01:45+10:30"), LORD_HOWE)))
                .isPresent();
    }

    private static void checkPreviousOfNext(CronSchedule schedule, Instant t, ZoneId zone) {
        ZonedDateTime next = schedule.nextAfter(t, zone).orElseThrow();
        ZonedDateTime previous = schedule.previousBefore(next.toInstant(), zone).orElseThrow();
        assertThat(previous.toInstant()).as("%s at %s in %s", schedule, t, zone).isBeforeOrEqualTo(t);
        assertThat(schedule.nextAfter(previous.toInstant(), zone)).as("%s at %s", schedule, t).contains(next);
    }

    private record Case(String expression, CronDialect dialect) {
        CronSchedule schedule() {
            return CronSchedule.parse(expression, dialect);
        }
    }

    /** Every fire in (from, to], walked forwards; each one's predecessor must be the fire before it. */
    private static List<Instant> fires(CronSchedule schedule, ZoneId zone, Instant from, Instant to) {
        List<Instant> fires = new ArrayList<>();
        Optional<ZonedDateTime> next = schedule.nextAfter(from, zone);
        while (next.isPresent() && !next.get().toInstant().isAfter(to)) {
            Instant fire = next.get().toInstant();
            Optional<Instant> previous = schedule.previousBefore(fire, zone).map(ZonedDateTime::toInstant);
            if (!fires.isEmpty()) {
                assertThat(previous).as("%s before %s in %s", schedule, fire, zone).contains(fires.get(fires.size() - 1));
            }
            fires.add(fire);
            next = schedule.nextAfter(fire, zone);
        }
        return fires;
    }

    /** The rule for interval schedules: each valid offset of each matching wall-clock time is a fire. */
    private static List<Instant> everyInstantMatching(CronSchedule schedule, ZoneId zone, Instant from, Instant to) {
        TreeSet<Instant> fires = new TreeSet<>();
        for (LocalDateTime local : wallClockMatches(schedule, zone, from, to)) {
            for (ZoneOffset offset : zone.getRules().getValidOffsets(local)) {
                fires.add(local.toInstant(offset));
            }
        }
        return within(fires, from, to);
    }

    /** The rule for fixed-time schedules: the earliest occurrence of each matching time, or the end of its gap. */
    private static List<Instant> eachWallClockTimeOnce(CronSchedule schedule, ZoneId zone, Instant from, Instant to) {
        TreeSet<Instant> fires = new TreeSet<>();
        for (LocalDateTime local : wallClockMatches(schedule, zone, from, to)) {
            List<ZoneOffset> offsets = zone.getRules().getValidOffsets(local);
            fires.add(offsets.isEmpty() ? zone.getRules().getTransition(local).getInstant()
                    : offsets.stream().map(local::toInstant).min(Instant::compareTo).orElseThrow());
        }
        return within(fires, from, to);
    }

    /** In UTC nothing repeats or is skipped, so its fire times are exactly the matching wall-clock times. */
    private static List<LocalDateTime> wallClockMatches(CronSchedule schedule, ZoneId zone, Instant from, Instant to) {
        LocalDateTime start = LocalDateTime.ofInstant(from, zone).minusHours(2);
        LocalDateTime end = LocalDateTime.ofInstant(to, zone).plusHours(2);
        List<LocalDateTime> matches = new ArrayList<>();
        Optional<ZonedDateTime> next = schedule.nextAfter(start.toInstant(ZoneOffset.UTC), ZoneOffset.UTC);
        while (next.isPresent() && !next.get().toLocalDateTime().isAfter(end)) {
            matches.add(next.get().toLocalDateTime());
            next = schedule.nextAfter(next.get().toInstant(), ZoneOffset.UTC);
        }
        return matches;
    }

    private static List<Instant> within(TreeSet<Instant> fires, Instant from, Instant to) {
        return List.copyOf(fires.subSet(from, false, to, true));
    }

    private static List<ZoneOffsetTransition> changes(ZoneId zone) {
        List<ZoneOffsetTransition> changes = new ArrayList<>();
        ZoneOffsetTransition next = zone.getRules().nextTransition(instant("2026-01-01T00:00Z"));
        while (next != null && next.getInstant().isBefore(instant("2028-01-01T00:00Z"))) {
            changes.add(next);
            next = zone.getRules().nextTransition(next.getInstant());
        }
        assertThat(changes).as("changes in %s", zone).hasSizeGreaterThanOrEqualTo(4);
        return changes;
    }

    private static List<String> times(String expression, String start, ZoneId zone, int count) {
        return times(expression, start, zone, count, CronDialect.QUARTZ);
    }

    private static List<String> times(String expression, String start, ZoneId zone, int count, CronDialect dialect) {
        return CronSchedule.parse(expression, dialect).next(instant(start), zone, count).stream()
                .map(CronScheduleDstTest::iso).toList();
    }

    private static List<String> utc(String expression, String start, ZoneId zone, int count, CronDialect dialect) {
        return CronSchedule.parse(expression, dialect).next(instant(start), zone, count).stream()
                .map(time -> time.toInstant().toString()).toList();
    }

    private static Instant instant(String text) {
        return OffsetDateTime.parse(text).toInstant();
    }

    private static String iso(ZonedDateTime time) {
        return time.toOffsetDateTime().toString();
    }
}
