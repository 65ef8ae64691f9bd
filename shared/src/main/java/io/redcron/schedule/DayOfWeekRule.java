package io.redcron.schedule;

/**
 * Which days of a month the day-of-week field picks: plain weekdays, the last given weekday of the
 * month ({@code 5L}) and the n-th given weekday ({@code 5#3}). Weekdays are ISO, 1 = Monday.
 *
 * <p>{@code nth} has bit {@code dow * 8 + n} for "the n-th dow".
 */
record DayOfWeekRule(int days, int lastInMonth, long nth) {

    static final int ALL_DAYS = 0b1111_1110;
    static final DayOfWeekRule EVERY_DAY = new DayOfWeekRule(ALL_DAYS, 0, 0);

    boolean isEveryDay() {
        return days == ALL_DAYS;
    }

    boolean isPlain() {
        return lastInMonth == 0 && nth == 0;
    }

    long daysIn(int length, int firstDow) {
        long result = 0;
        for (int day = 1; day <= 7; day++) {
            if ((days & (1 << DayOfMonthRule.isoDayOfWeek(day, firstDow))) != 0) {
                for (int d = day; d <= length; d += 7) {
                    result |= 1L << d;
                }
            }
        }
        for (int dow = 1; dow <= 7; dow++) {
            int first = 1 + Math.floorMod(dow - firstDow, 7);
            if ((lastInMonth & (1 << dow)) != 0) {
                result |= 1L << (first + (length - first) / 7 * 7);
            }
            for (int n = 1; n <= 5; n++) {
                int day = first + 7 * (n - 1);
                if ((nth & (1L << (dow * 8 + n))) != 0 && day <= length) {
                    result |= 1L << day;
                }
            }
        }
        return result;
    }
}
