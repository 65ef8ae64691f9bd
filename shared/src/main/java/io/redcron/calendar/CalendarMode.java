package io.redcron.calendar;

import java.util.Locale;

/** How a task follows its calendar. Blackouts apply in both modes. */
public enum CalendarMode {
    /** Fire only on business days: not a weekend day unless a make-up workday, and never a holiday. */
    BUSINESS_DAYS,
    /** Fire on any day but a holiday. */
    SKIP_HOLIDAYS;

    /** The name used on the command line, in task files and in the database. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static CalendarMode parse(String field, String text) {
        if (text != null) {
            for (CalendarMode mode : values()) {
                if (mode.id().equalsIgnoreCase(text.strip())) {
                    return mode;
                }
            }
        }
        throw new InvalidCalendarException(field, "must be business-days or skip-holidays, got '" + text + "'");
    }
}
