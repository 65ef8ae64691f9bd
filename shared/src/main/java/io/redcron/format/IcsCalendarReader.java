package io.redcron.format;

import biweekly.Biweekly;
import biweekly.ICalendar;
import biweekly.component.VEvent;
import biweekly.util.DateTimeComponents;
import biweekly.util.ICalDate;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.DayKind;
import io.redcron.calendar.InvalidCalendarException;

import java.time.LocalDate;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the all-day events of an iCalendar (RFC 5545) file as dated entries: each day from DTSTART
 * up to DTEND (not included, as RFC 5545 says) or for its DURATION, or the one day when it has
 * neither. An event whose summary marks a working day ({@link #DEFAULT_WORKDAYS} unless told
 * otherwise) gives make-up workdays, every other one holidays. Events with a time of day are not
 * days off and are left out (counted); repeating events (RRULE) are refused, since their days
 * would be endless: export the dates.
 */
public final class IcsCalendarReader {
    /** Summaries that mark a make-up working day in Chinese holiday feeds: 补班 (make-up shift), 上班 (at work). */
    public static final Pattern DEFAULT_WORKDAYS = Pattern.compile("补班|上班");
    private static final int MAX_DAYS_PER_EVENT = 366;

    private final Pattern workdays;

    public IcsCalendarReader(Pattern workdays) {
        this.workdays = workdays == null ? DEFAULT_WORKDAYS : workdays;
    }

    /** What a file gave: its dated entries, and how many timed events it left out. */
    public record Result(List<CalendarDay> days, int timedEventsLeftOut) {
        public Result {
            days = List.copyOf(days);
        }
    }

    public Result read(String text) {
        List<ICalendar> calendars;
        try {
            calendars = Biweekly.parse(text).all();
        } catch (RuntimeException e) {
            throw new InvalidCalendarException("ics", "not an iCalendar file: " + e.getMessage());
        }
        if (calendars.isEmpty()) {
            throw new InvalidCalendarException("ics", "no VCALENDAR in the file");
        }
        CalendarEntries entries = new CalendarEntries();
        int timed = 0;
        int number = 0;
        for (ICalendar calendar : calendars) {
            for (VEvent event : calendar.getEvents()) {
                number++;
                String summary = event.getSummary() == null || event.getSummary().getValue() == null ? ""
                        : event.getSummary().getValue().strip();
                String where = "event " + number + (summary.isEmpty() ? "" : " '" + summary + "'");
                if (event.getDateStart() == null || event.getDateStart().getValue() == null) {
                    throw new InvalidCalendarException(where, "has no DTSTART");
                }
                if (event.getRecurrenceRule() != null || !event.getRecurrenceDates().isEmpty()) {
                    throw new InvalidCalendarException(where, "repeats (RRULE/RDATE); export its dates one by one");
                }
                ICalDate start = event.getDateStart().getValue();
                if (start.hasTime()) {
                    timed++;
                    continue;
                }
                LocalDate first = date(start);
                long days = days(event, first, where);
                DayKind kind = workdays.matcher(summary).find() ? DayKind.WORKDAY : DayKind.HOLIDAY;
                for (long i = 0; i < days; i++) {
                    entries.add(new CalendarDay(first.plusDays(i), kind, summary), where);
                }
            }
        }
        return new Result(entries.days(), timed);
    }

    /** How many days the event covers: DTEND is the first day after it. */
    private static long days(VEvent event, LocalDate first, String where) {
        long days = 1;
        if (event.getDateEnd() != null && event.getDateEnd().getValue() != null) {
            days = first.until(date(event.getDateEnd().getValue()), java.time.temporal.ChronoUnit.DAYS);
            if (days < 1) {
                throw new InvalidCalendarException(where, "ends (DTEND) on or before it starts");
            }
        } else if (event.getDuration() != null && event.getDuration().getValue() != null) {
            days = event.getDuration().getValue().toMillis() / 86_400_000L;
            if (days < 1) {
                throw new InvalidCalendarException(where, "an all-day event must last whole days (DURATION)");
            }
        }
        if (days > MAX_DAYS_PER_EVENT) {
            throw new InvalidCalendarException(where, "lasts " + days + " days, more than a year");
        }
        return days;
    }

    /** The date as written in the file; an all-day date has no zone. */
    private static LocalDate date(ICalDate value) {
        DateTimeComponents raw = value.getRawComponents();
        if (raw == null) {
            raw = new DateTimeComponents(value);
        }
        return LocalDate.of(raw.getYear(), raw.getMonth(), raw.getDate());
    }
}
