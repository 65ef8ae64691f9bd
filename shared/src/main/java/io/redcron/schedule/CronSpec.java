package io.redcron.schedule;

import java.util.BitSet;
import java.util.List;

/**
 * A parsed expression in dialect-free form. Seconds, minutes, hours and months are bit sets by
 * value; {@code years} is null when any year matches.
 *
 * @param daysEither unix's rule: with both day fields restricted, a day matches if either does
 * @param texts the seven field texts (second … year) as written, with implied fields filled in
 */
record CronSpec(long seconds, long minutes, long hours, DayOfMonthRule daysOfMonth, long months,
        DayOfWeekRule daysOfWeek, BitSet years, boolean daysEither, List<String> texts) {

    static final long ALL_MONTHS = 0x1FFEL;

    String text(CronField field) {
        return texts.get(field.ordinal());
    }

    boolean yearAllowed(int year) {
        return years == null || years.get(year);
    }

    /** The last year that can match, or Integer.MAX_VALUE when any year can. */
    int lastYear() {
        return years == null ? Integer.MAX_VALUE : years.length() - 1;
    }

    int firstYear() {
        return years == null ? Integer.MIN_VALUE : years.nextSetBit(0);
    }

    long daysIn(int length, int firstDow) {
        long dom = daysOfMonth.daysIn(length, firstDow);
        long dow = daysOfWeek.daysIn(length, firstDow);
        return daysEither ? dom | dow : dom & dow;
    }
}
