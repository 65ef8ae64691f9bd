package io.redcron.calendar;

import java.util.Locale;

/** What a dated entry of a calendar makes of its day. */
public enum DayKind {
    /** A day off, whatever day of the week it falls on. */
    HOLIDAY,
    /** A working day on what is otherwise a weekend day: a make-up day (调休) that pays back a bridge holiday. */
    WORKDAY;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DayKind parse(String field, String text) {
        if (text != null) {
            for (DayKind kind : values()) {
                if (kind.id().equalsIgnoreCase(text.strip())) {
                    return kind;
                }
            }
        }
        throw new InvalidCalendarException(field, "must be holiday or workday, got '" + text + "'");
    }
}
