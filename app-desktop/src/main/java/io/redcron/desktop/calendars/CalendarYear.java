package io.redcron.desktop.calendars;

import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.DayKind;
import io.redcron.desktop.ui.Messages;

import java.time.format.TextStyle;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One calendar's year as the window shows it: its dated entries in date order, each with the day
 * of the week and the kind in the operator's language, and a line with the zone, the weekend days
 * and the counts. Pure, so it is tested without a window.
 */
final class CalendarYear {
    /** One dated entry, formatted. */
    record Day(String date, String dayOfWeek, String kind, String name, boolean holiday) {
    }

    private final Messages messages;

    CalendarYear(Messages messages) {
        this.messages = messages;
    }

    List<Day> days(BusinessCalendar calendar, int year) {
        return calendar.year(year).stream().map(this::day).toList();
    }

    private Day day(CalendarDay entry) {
        return new Day(entry.date().toString(), entry.date().getDayOfWeek().getDisplayName(TextStyle.SHORT,
                messages.locale()), messages.get("calendars.kind." + entry.kind().id()), entry.name(),
                entry.kind() == DayKind.HOLIDAY);
    }

    String summary(BusinessCalendar calendar, int year) {
        List<CalendarDay> entries = calendar.year(year);
        long holidays = entries.stream().filter(day -> day.kind() == DayKind.HOLIDAY).count();
        return messages.get("calendars.summary", calendar.zone().getId(), weekend(calendar), holidays,
                entries.size() - holidays, String.valueOf(year));
    }

    private String weekend(BusinessCalendar calendar) {
        if (calendar.weekend().isEmpty()) {
            return messages.get("calendars.weekend.none");
        }
        return EnumSet.copyOf(calendar.weekend()).stream()
                .map(day -> day.getDisplayName(TextStyle.FULL, messages.locale()))
                .collect(Collectors.joining(", "));
    }

    /** How many holidays a calendar has in all, for the list of calendars. */
    static long holidays(BusinessCalendar calendar) {
        return calendar.days().values().stream().filter(day -> day.kind() == DayKind.HOLIDAY).count();
    }
}
