package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.time.DayOfWeek;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Optional;

/** Common schedules, written out in each dialect; day names keep them the same across dialects. */
public enum CronPreset {
    EVERY_N_SECONDS,
    EVERY_N_MINUTES,
    /** Every N minutes from 09:00 to 17:59, Monday to Friday. */
    BUSINESS_HOURS,
    HOURLY,
    DAILY,
    WEEKDAYS,
    WEEKLY,
    MONTHLY_ON_DAY,
    MONTHLY_ON_LAST_DAY,
    MONTHLY_ON_LAST_WEEKDAY,
    MONTHLY_ON_NTH_WEEKDAY,
    YEARLY;

    /**
     * What a preset is filled in with; each preset reads only the parameters it needs.
     *
     * @param interval   seconds or minutes between fires
     * @param occurrence the n-th weekday of the month, 1-5
     */
    public record Parameters(int interval, int hour, int minute, DayOfWeek dayOfWeek, int dayOfMonth,
                             int occurrence, int month) {
    }

    public boolean availableIn(CronDialect dialect) {
        return unavailableReason(dialect).isEmpty();
    }

    /**
     * The message key saying why the dialect cannot express this preset; empty when it can. Unix cron
     * has no seconds and no {@code L}, {@code W} or {@code #}; its day fields OR together, so
     * "the first Monday" cannot be built from {@code 1-7} and {@code MON} either.
     */
    public Optional<String> unavailableReason(CronDialect dialect) {
        if (dialect != CronDialect.UNIX) {
            return Optional.empty();
        }
        return switch (this) {
            case EVERY_N_SECONDS -> Optional.of("cron.preset.unavailable.seconds");
            case MONTHLY_ON_LAST_DAY -> Optional.of("cron.preset.unavailable.last-day");
            case MONTHLY_ON_LAST_WEEKDAY -> Optional.of("cron.preset.unavailable.last-weekday");
            case MONTHLY_ON_NTH_WEEKDAY -> Optional.of("cron.preset.unavailable.nth-weekday");
            default -> Optional.empty();
        };
    }

    /** Which parameters the preset reads: interval, time of day, weekday, day of month, occurrence, month. */
    public boolean uses(Parameter parameter) {
        return switch (parameter) {
            case INTERVAL -> isInterval();
            case MINUTE -> !isInterval();
            case HOUR -> !isInterval() && this != HOURLY;
            case DAY_OF_WEEK -> this == WEEKLY || this == MONTHLY_ON_NTH_WEEKDAY;
            case DAY_OF_MONTH -> this == MONTHLY_ON_DAY || this == YEARLY;
            case OCCURRENCE -> this == MONTHLY_ON_NTH_WEEKDAY;
            case MONTH -> this == YEARLY;
        };
    }

    private boolean isInterval() {
        return this == EVERY_N_SECONDS || this == EVERY_N_MINUTES || this == BUSINESS_HOURS;
    }

    public enum Parameter { INTERVAL, HOUR, MINUTE, DAY_OF_WEEK, DAY_OF_MONTH, OCCURRENCE, MONTH }

    /** @throws IllegalArgumentException when the dialect cannot say this preset */
    public String expression(CronDialect dialect, Parameters p) {
        if (!availableIn(dialect)) {
            throw new IllegalArgumentException(name() + " cannot be written in " + dialect.id() + " cron");
        }
        String m = String.valueOf(p.minute());
        String h = String.valueOf(p.hour());
        String day = p.dayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ROOT).toUpperCase(Locale.ROOT);
        // Fields: minute, hour, day-of-month, month, day-of-week; dialect() adds seconds and quartz's '?'.
        return switch (this) {
            case EVERY_N_SECONDS -> withSeconds(dialect, "*/" + p.interval(), "*", "*", "*", "*", "*");
            case EVERY_N_MINUTES -> write(dialect, "*/" + p.interval(), "*", "*", "*", "*");
            case BUSINESS_HOURS -> write(dialect, "*/" + p.interval(), "9-17", "*", "*", "MON-FRI");
            case HOURLY -> write(dialect, m, "*", "*", "*", "*");
            case DAILY -> write(dialect, m, h, "*", "*", "*");
            case WEEKDAYS -> write(dialect, m, h, "*", "*", "MON-FRI");
            case WEEKLY -> write(dialect, m, h, "*", "*", day);
            case MONTHLY_ON_DAY -> write(dialect, m, h, String.valueOf(p.dayOfMonth()), "*", "*");
            case MONTHLY_ON_LAST_DAY -> write(dialect, m, h, "L", "*", "*");
            case MONTHLY_ON_LAST_WEEKDAY -> write(dialect, m, h, "LW", "*", "*");
            case MONTHLY_ON_NTH_WEEKDAY -> write(dialect, m, h, "*", "*", day + "#" + p.occurrence());
            case YEARLY -> write(dialect, m, h, String.valueOf(p.dayOfMonth()), String.valueOf(p.month()), "*");
        };
    }

    private static String write(CronDialect dialect, String minute, String hour, String dom, String month,
                                String dow) {
        return withSeconds(dialect, "0", minute, hour, dom, month, dow);
    }

    private static String withSeconds(CronDialect dialect, String second, String minute, String hour, String dom,
                                      String month, String dow) {
        if (dialect == CronDialect.QUARTZ) {
            // Quartz wants '?' in exactly one day field: the one left unrestricted.
            if (dow.equals("*")) {
                dow = "?";
            } else {
                dom = "?";
            }
        }
        String fields = minute + " " + hour + " " + dom + " " + month + " " + dow;
        return dialect == CronDialect.UNIX ? fields : second + " " + fields;
    }

    String labelKey() {
        return "cron.preset." + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
