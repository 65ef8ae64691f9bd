package io.redcron.calendar;

import java.util.Objects;

/** A task's calendar and how the task follows it. */
public record CalendarBinding(long taskId, String calendar, CalendarMode mode) {
    public CalendarBinding {
        Objects.requireNonNull(mode, "mode");
        calendar = BusinessCalendar.checkName("calendar", calendar);
    }
}
