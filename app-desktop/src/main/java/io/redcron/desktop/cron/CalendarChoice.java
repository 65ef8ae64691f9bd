package io.redcron.desktop.cron;

import io.redcron.calendar.CalendarMode;

import java.util.Objects;

/**
 * The business calendar a schedule is previewed against, and how the task follows it; a blank
 * name is none. Kept as the name rather than the calendar, since the calendars arrive later.
 */
public record CalendarChoice(String calendar, CalendarMode mode) {
    public static final CalendarChoice NONE = new CalendarChoice("", CalendarMode.BUSINESS_DAYS);

    public CalendarChoice {
        calendar = calendar == null ? "" : calendar.strip();
        Objects.requireNonNull(mode, "mode");
    }

    public boolean isNone() {
        return calendar.isEmpty();
    }
}
