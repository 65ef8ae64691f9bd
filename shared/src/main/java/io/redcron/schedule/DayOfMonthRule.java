package io.redcron.schedule;

/**
 * Which days of a month the day-of-month field picks: plain days, {@code L-n} (last day minus n) and
 * nearest weekdays ({@code 15W}, {@code LW}, {@code L-nW}). A nearest weekday never leaves its month:
 * Saturday the 1st moves to Monday the 3rd and Sunday the last to Friday, as in Quartz.
 *
 * <p>Bit sets: {@code days} and {@code nearestWeekdays} by day 1-31, the offsets by n 0-30.
 */
record DayOfMonthRule(long days, long lastDayOffsets, long nearestWeekdays, long nearestWeekdayLastOffsets) {

    static final long ALL_DAYS = 0xFFFF_FFFEL;
    static final DayOfMonthRule EVERY_DAY = new DayOfMonthRule(ALL_DAYS, 0, 0, 0);

    boolean isEveryDay() {
        return days == ALL_DAYS;
    }

    boolean isPlain() {
        return lastDayOffsets == 0 && nearestWeekdays == 0 && nearestWeekdayLastOffsets == 0;
    }

    /** Matching days as bits 1..length of a month whose first day has ISO day-of-week {@code firstDow}. */
    long daysIn(int length, int firstDow) {
        long monthDays = (1L << (length + 1)) - 2;
        long result = days & monthDays;
        for (long offsets = lastDayOffsets; offsets != 0; offsets &= offsets - 1) {
            int day = length - Long.numberOfTrailingZeros(offsets);
            if (day >= 1) {
                result |= 1L << day;
            }
        }
        for (long targets = nearestWeekdays & monthDays; targets != 0; targets &= targets - 1) {
            result |= 1L << nearestWeekday(Long.numberOfTrailingZeros(targets), length, firstDow);
        }
        for (long offsets = nearestWeekdayLastOffsets; offsets != 0; offsets &= offsets - 1) {
            int target = length - Long.numberOfTrailingZeros(offsets);
            if (target >= 1) {
                result |= 1L << nearestWeekday(target, length, firstDow);
            }
        }
        return result;
    }

    static int nearestWeekday(int target, int length, int firstDow) {
        int dow = isoDayOfWeek(target, firstDow);
        if (dow == 6) {
            return target == 1 ? 3 : target - 1;
        }
        if (dow == 7) {
            return target == length ? target - 2 : target + 1;
        }
        return target;
    }

    static int isoDayOfWeek(int day, int firstDow) {
        return (firstDow - 1 + day - 1) % 7 + 1;
    }
}
