package io.redcron.format;

import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.InvalidCalendarException;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dated entries read from one file, one per date: a file that names a date twice with the
 * same kind keeps the first name; with a holiday and a workday on one date it is refused, since
 * nothing says which one holds.
 */
final class CalendarEntries {
    private final Map<LocalDate, CalendarDay> days = new LinkedHashMap<>();
    private final Map<LocalDate, String> sources = new LinkedHashMap<>();

    void add(CalendarDay day, String source) {
        CalendarDay earlier = days.get(day.date());
        if (earlier == null) {
            days.put(day.date(), day);
            sources.put(day.date(), source);
        } else if (earlier.kind() != day.kind()) {
            throw new InvalidCalendarException(source, day.date() + " is a " + day.kind().id() + " here but a "
                    + earlier.kind().id() + " in " + sources.get(day.date()));
        }
    }

    List<CalendarDay> days() {
        return new ArrayList<>(days.values());
    }
}
