package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The fields of a cron expression as the builder shows them, with the ids the cron engine uses in
 * its problems ({@code minute}, {@code day-of-week}, …) and each dialect's numbering.
 */
public enum CronPart {
    SECOND("second", 0, 59),
    MINUTE("minute", 0, 59),
    HOUR("hour", 0, 23),
    DAY_OF_MONTH("day-of-month", 1, 31),
    MONTH("month", 1, 12),
    DAY_OF_WEEK("day-of-week", 0, 7),
    YEAR("year", 1970, 2099);

    private static final List<String> MONTHS =
            List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC");
    private static final List<String> DAYS_FROM_SUNDAY = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");

    private final String id;
    private final int min;
    private final int max;

    CronPart(String id, int min, int max) {
        this.id = id;
        this.min = min;
        this.max = max;
    }

    /** The name the cron engine gives this field in a {@code CronProblem}. */
    public String id() {
        return id;
    }

    public static Optional<CronPart> ofId(String id) {
        for (CronPart part : values()) {
            if (part.id.equals(id)) {
                return Optional.of(part);
            }
        }
        return Optional.empty();
    }

    /** Whether expressions of the dialect have this field (unix has no seconds, only quartz has years). */
    public boolean existsIn(CronDialect dialect) {
        return switch (this) {
            case SECOND -> dialect != CronDialect.UNIX;
            case YEAR -> dialect == CronDialect.QUARTZ;
            default -> true;
        };
    }

    /** Quartz counts days of the week 1 (Sunday) to 7; unix and spring 0 (Sunday) to 7 (Sunday again). */
    public int low(CronDialect dialect) {
        return this == DAY_OF_WEEK && dialect == CronDialect.QUARTZ ? 1 : min;
    }

    public int high(CronDialect dialect) {
        return max;
    }

    /**
     * Where a range the user starts from scratch begins and ends, in the dialect's numbering: the
     * first half of the minute or hour, business hours, the first week, the first quarter, Monday to
     * Friday, the next five years. A leftover single value with the field's maximum is rarely meant.
     */
    Range defaultRange(CronDialect dialect, int thisYear) {
        return switch (this) {
            case SECOND, MINUTE -> new Range(0, 29, false);
            case HOUR -> new Range(9, 17, false);
            case DAY_OF_MONTH -> new Range(1, 7, false);
            case MONTH -> new Range(1, 3, true);
            case DAY_OF_WEEK -> new Range(nameValue("MON", dialect), nameValue("FRI", dialect), true);
            case YEAR -> new Range(thisYear, thisYear + 4, false);
        };
    }

    /** A range of a field; {@code names} writes it with month or day names. */
    record Range(int from, int to, boolean names) {
    }

    /** The largest step a picker offers: quartz refuses steps above the field's highest value. */
    int maxStep() {
        return this == YEAR ? 100 : max;
    }

    /** Where {@code *}/n starts counting; spring steps days of the week from Monday. */
    int starLow(CronDialect dialect) {
        if (this == DAY_OF_WEEK) {
            return dialect == CronDialect.UNIX ? 0 : 1;
        }
        return min;
    }

    /** The value of a month or day name in the dialect's numbering, or -1. */
    int nameValue(String text, CronDialect dialect) {
        String upper = text.toUpperCase(Locale.ROOT);
        if (this == MONTH) {
            int index = MONTHS.indexOf(upper);
            return index < 0 ? -1 : index + 1;
        }
        if (this == DAY_OF_WEEK) {
            int index = DAYS_FROM_SUNDAY.indexOf(upper);
            return index < 0 ? -1 : dialect == CronDialect.QUARTZ ? index + 1 : index;
        }
        return -1;
    }

    /** The name of a value in the dialect's numbering; plain digits for fields without names. */
    String name(int value, CronDialect dialect) {
        if (this == MONTH && value >= 1 && value <= 12) {
            return MONTHS.get(value - 1);
        }
        if (this == DAY_OF_WEEK) {
            int fromSunday = dialect == CronDialect.QUARTZ ? value - 1 : value % 7;
            if (fromSunday >= 0 && fromSunday < 7) {
                return DAYS_FROM_SUNDAY.get(fromSunday);
            }
        }
        return String.valueOf(value);
    }

    boolean hasNames() {
        return this == MONTH || this == DAY_OF_WEEK;
    }

    /** The message key of the field's label. */
    String labelKey() {
        return "cron.field." + id;
    }
}
