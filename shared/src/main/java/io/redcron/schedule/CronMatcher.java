package io.redcron.schedule;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Year;
import java.util.Optional;

/**
 * Finds matching wall-clock times. It jumps over whole years, months and days that cannot match
 * and computes each month's matching days at once, so a search costs a few steps per month visited.
 */
final class CronMatcher {

    private static final int LAST_SECOND_OF_DAY = 86_399;

    private final CronSpec spec;

    CronMatcher(CronSpec spec) {
        this.spec = spec;
    }

    /** The first matching local time at or after {@code from}, searching no later than {@code lastYear}. */
    Optional<LocalDateTime> firstAtOrAfter(LocalDateTime from, int lastYear) {
        int year = from.getYear();
        int month = from.getMonthValue();
        int day = from.getDayOfMonth();
        int time = from.toLocalTime().toSecondOfDay();
        int limit = Math.min(lastYear, spec.lastYear());
        while (year <= limit) {
            if (!spec.yearAllowed(year)) {
                int next = spec.years().nextSetBit(year + 1);
                if (next < 0) {
                    return Optional.empty();
                }
                year = next;
                month = 1;
                day = 1;
                time = 0;
                continue;
            }
            int nextMonth = Bits.next(spec.months(), month);
            if (nextMonth != month) {
                if (nextMonth < 0) {
                    year++;
                    month = 1;
                } else {
                    month = nextMonth;
                }
                day = 1;
                time = 0;
                continue;
            }
            long days = daysIn(year, month);
            for (int d = Bits.next(days, day); d >= 0; d = Bits.next(days, d + 1)) {
                int t = nextTimeOfDay(d == day ? time : 0);
                if (t >= 0) {
                    return Optional.of(LocalDateTime.of(LocalDate.of(year, month, d), LocalTime.ofSecondOfDay(t)));
                }
            }
            if (++month > 12) {
                month = 1;
                year++;
            }
            day = 1;
            time = 0;
        }
        return Optional.empty();
    }

    /** The last matching local time at or before {@code from}, searching no earlier than {@code firstYear}. */
    Optional<LocalDateTime> lastAtOrBefore(LocalDateTime from, int firstYear) {
        int year = from.getYear();
        int month = from.getMonthValue();
        int day = from.getDayOfMonth();
        int time = from.toLocalTime().toSecondOfDay();
        int limit = Math.max(firstYear, spec.firstYear());
        while (year >= limit) {
            if (!spec.yearAllowed(year)) {
                int previous = spec.years().previousSetBit(year - 1);
                if (previous < 0) {
                    return Optional.empty();
                }
                year = previous;
                month = 12;
                day = 31;
                time = LAST_SECOND_OF_DAY;
                continue;
            }
            int previousMonth = Bits.previous(spec.months(), month);
            if (previousMonth != month) {
                if (previousMonth < 0) {
                    year--;
                    month = 12;
                } else {
                    month = previousMonth;
                }
                day = 31;
                time = LAST_SECOND_OF_DAY;
                continue;
            }
            long days = daysIn(year, month);
            for (int d = Bits.previous(days, day); d >= 1; d = Bits.previous(days, d - 1)) {
                int t = previousTimeOfDay(d == day ? time : LAST_SECOND_OF_DAY);
                if (t >= 0) {
                    return Optional.of(LocalDateTime.of(LocalDate.of(year, month, d), LocalTime.ofSecondOfDay(t)));
                }
            }
            if (--month < 1) {
                month = 12;
                year--;
            }
            day = 31;
            time = LAST_SECOND_OF_DAY;
        }
        return Optional.empty();
    }

    /** Matching days of a month as bits 1..31. */
    long daysIn(int year, int month) {
        int length = java.time.Month.of(month).length(Year.isLeap(year));
        int firstDow = LocalDate.of(year, month, 1).getDayOfWeek().getValue();
        return spec.daysIn(length, firstDow);
    }

    private int nextTimeOfDay(int from) {
        int hour = from / 3600;
        int minute = from / 60 % 60;
        int second = from % 60;
        if (Bits.has(spec.hours(), hour)) {
            if (Bits.has(spec.minutes(), minute)) {
                int s = Bits.next(spec.seconds(), second);
                if (s >= 0) {
                    return hour * 3600 + minute * 60 + s;
                }
            }
            int m = Bits.next(spec.minutes(), minute + 1);
            if (m >= 0) {
                return hour * 3600 + m * 60 + Bits.next(spec.seconds(), 0);
            }
        }
        int h = Bits.next(spec.hours(), hour + 1);
        if (h < 0) {
            return -1;
        }
        return h * 3600 + Bits.next(spec.minutes(), 0) * 60 + Bits.next(spec.seconds(), 0);
    }

    private int previousTimeOfDay(int from) {
        int hour = from / 3600;
        int minute = from / 60 % 60;
        int second = from % 60;
        if (Bits.has(spec.hours(), hour)) {
            if (Bits.has(spec.minutes(), minute)) {
                int s = Bits.previous(spec.seconds(), second);
                if (s >= 0) {
                    return hour * 3600 + minute * 60 + s;
                }
            }
            int m = Bits.previous(spec.minutes(), minute - 1);
            if (m >= 0) {
                return hour * 3600 + m * 60 + Bits.previous(spec.seconds(), 59);
            }
        }
        int h = Bits.previous(spec.hours(), hour - 1);
        if (h < 0) {
            return -1;
        }
        return h * 3600 + Bits.previous(spec.minutes(), 59) * 60 + Bits.previous(spec.seconds(), 59);
    }
}
