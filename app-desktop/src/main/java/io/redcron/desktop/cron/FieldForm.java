package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.util.ArrayList;
import java.util.List;

/** The shapes a field picker can show; anything else in a field is {@link #CUSTOM} text. */
public enum FieldForm {
    /** {@code *} */
    EVERY,
    /** {@code ?}: no restriction on this day field (quartz, spring) */
    ANY,
    /** {@code from-to} */
    RANGE,
    /** {@code *}/step, or from/step */
    STEP,
    /** one value or a comma list of values */
    LIST,
    /** {@code L} or {@code L-n}: the last day of the month, or n days before it */
    LAST_DAY,
    /** {@code LW}: the last weekday of the month */
    LAST_WEEKDAY,
    /** {@code 15W}: the weekday nearest a day of the month */
    NEAREST_WEEKDAY,
    /** {@code 6#3}: the n-th such weekday of the month */
    NTH,
    /** {@code 6L}: the last such weekday of the month */
    LAST_OF,
    /** text the pickers cannot show, kept as written */
    CUSTOM;

    /** What a user can pick for a field in a dialect; {@link #CUSTOM} only ever comes from typed text. */
    static List<FieldForm> choices(CronPart part, CronDialect dialect) {
        List<FieldForm> forms = new ArrayList<>(List.of(EVERY, RANGE, STEP, LIST));
        if (dialect == CronDialect.UNIX) {
            return forms;
        }
        if (part == CronPart.DAY_OF_MONTH) {
            forms.addAll(List.of(ANY, LAST_DAY, LAST_WEEKDAY, NEAREST_WEEKDAY));
        } else if (part == CronPart.DAY_OF_WEEK) {
            forms.addAll(List.of(ANY, NTH, LAST_OF));
        }
        return forms;
    }

    String labelKey() {
        return "cron.form." + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
