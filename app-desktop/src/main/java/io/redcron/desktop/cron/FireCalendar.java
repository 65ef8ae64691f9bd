package io.redcron.desktop.cron;

import io.redcron.schedule.Schedule;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** How many times a schedule fires on each day of a month, in the task's zone. */
final class FireCalendar {
    /**
     * A day's count stops here: a schedule every second would otherwise walk 2.6 million fires per
     * month on the JavaFX thread, and "100+" says all a calendar needs to.
     */
    static final int DAY_CAP = 100;

    private FireCalendar() {
    }

    /** One day of the month; {@code capped} when it has at least {@link #DAY_CAP} fires. */
    record Day(LocalDate date, int fires, boolean capped) {
    }

    static List<Day> month(Schedule schedule, ZoneId zone, YearMonth month) {
        int[] counts = new int[month.lengthOfMonth() + 1];
        Instant end = month.plusMonths(1).atDay(1).atStartOfDay(zone).toInstant();
        // One walk through the month, so a schedule that fires rarely (or never) is searched once, not per day;
        // nextAfter is strict, so the walk starts a second early to count a fire at midnight.
        Instant start = month.atDay(1).atStartOfDay(zone).toInstant();
        Optional<ZonedDateTime> fire = schedule.nextAfter(start.minusSeconds(1), zone);
        while (fire.isPresent() && fire.get().toInstant().isBefore(end)) {
            LocalDate date = fire.get().toLocalDate();
            Instant cursor = fire.get().toInstant();
            if (++counts[date.getDayOfMonth()] >= DAY_CAP) {
                cursor = date.plusDays(1).atStartOfDay(zone).toInstant().minusSeconds(1);
            }
            fire = schedule.nextAfter(cursor, zone);
        }
        List<Day> days = new ArrayList<>(month.lengthOfMonth());
        for (int d = 1; d <= month.lengthOfMonth(); d++) {
            days.add(new Day(month.atDay(d), counts[d], counts[d] >= DAY_CAP));
        }
        return days;
    }

    /** Every day of the month without fires, for an expression that does not parse. */
    static List<Day> empty(YearMonth month) {
        List<Day> days = new ArrayList<>(month.lengthOfMonth());
        for (int d = 1; d <= month.lengthOfMonth(); d++) {
            days.add(new Day(month.atDay(d), 0, false));
        }
        return days;
    }
}
