package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.time.ZoneId;

/**
 * What the cron builder hands back: a valid expression, its dialect, the task's time zone, and the
 * business calendar the preview was judged by ({@link CalendarChoice#NONE} for none).
 */
public record CronBuilderResult(String expression, CronDialect dialect, ZoneId zone, CalendarChoice calendar) {
    public CronBuilderResult {
        calendar = calendar == null ? CalendarChoice.NONE : calendar;
    }

    public CronBuilderResult(String expression, CronDialect dialect, ZoneId zone) {
        this(expression, dialect, zone, CalendarChoice.NONE);
    }
}
