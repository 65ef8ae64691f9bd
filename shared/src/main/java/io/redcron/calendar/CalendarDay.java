package io.redcron.calendar;

import java.time.LocalDate;
import java.util.Objects;

/** One dated entry of a calendar: a holiday or a make-up working day, with the name people know it by. */
public record CalendarDay(LocalDate date, DayKind kind, String name) {
    static final int MAX_NAME = 200;

    public CalendarDay {
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(kind, "kind");
        name = name == null ? "" : name.strip();
        if (name.length() > MAX_NAME) {
            throw new InvalidCalendarException("name", "of " + date + " is longer than " + MAX_NAME + " characters");
        }
    }

    public static CalendarDay holiday(LocalDate date, String name) {
        return new CalendarDay(date, DayKind.HOLIDAY, name);
    }

    public static CalendarDay workday(LocalDate date, String name) {
        return new CalendarDay(date, DayKind.WORKDAY, name);
    }
}
