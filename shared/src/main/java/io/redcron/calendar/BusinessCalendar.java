package io.redcron.calendar;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A named calendar of a namespace: which days of the week are the weekend, the dated holidays and
 * make-up working days, and the blackouts. A day is a business day unless it is a holiday, or a
 * weekend day that no make-up workday entry turns into a working day.
 *
 * @param zone where the calendar's blackouts are read unless they name their own zone; a task's
 *             fires are judged by their local date in the task's own zone
 */
public record BusinessCalendar(String name, String description, ZoneId zone, Set<DayOfWeek> weekend,
                               Map<LocalDate, CalendarDay> days, List<Blackout> blackouts) {
    public static final Set<DayOfWeek> SATURDAY_SUNDAY = Collections.unmodifiableSet(
            EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY));
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final int MAX_DESCRIPTION = 500;

    public BusinessCalendar {
        name = checkName("name", name);
        description = description == null ? "" : description.strip();
        if (description.length() > MAX_DESCRIPTION) {
            throw new InvalidCalendarException("description", "is longer than " + MAX_DESCRIPTION + " characters");
        }
        Objects.requireNonNull(zone, "zone");
        weekend = weekend.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(weekend));
        days = Collections.unmodifiableMap(new TreeMap<>(days));
        blackouts = List.copyOf(blackouts);
    }

    /** A calendar without entries or blackouts, weekend Saturday and Sunday. */
    public static BusinessCalendar empty(String name, String description, ZoneId zone) {
        return new BusinessCalendar(name, description, zone, SATURDAY_SUNDAY, Map.of(), List.of());
    }

    /** A calendar's name: letters, digits, '.', '_' and '-', at most 64, as it is typed on a command line. */
    public static String checkName(String field, String name) {
        String kept = name == null ? "" : name.strip();
        if (!NAME.matcher(kept).matches()) {
            throw new InvalidCalendarException(field, "'" + kept + "' is not a calendar name (letters, digits, '.', '_'"
                    + " and '-', starting with a letter or digit, at most 64)");
        }
        return kept;
    }

    /** Weekend days as written: "saturday,sunday", "friday,saturday", or "none". */
    public static Set<DayOfWeek> parseWeekend(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidCalendarException(field, "name the weekend days (saturday,sunday) or none");
        }
        if (text.strip().equalsIgnoreCase("none")) {
            return Set.of();
        }
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String part : text.split(",")) {
            String day = part.strip().toUpperCase(Locale.ROOT);
            DayOfWeek found = null;
            for (DayOfWeek candidate : DayOfWeek.values()) {
                if (candidate.name().equals(day) || candidate.name().substring(0, 3).equals(day)) {
                    found = candidate;
                }
            }
            if (found == null) {
                throw new InvalidCalendarException(field, "'" + part.strip() + "' is not a day of the week");
            }
            days.add(found);
        }
        return days;
    }

    /** The weekend days as {@link #parseWeekend} reads them. */
    public static String weekendText(Set<DayOfWeek> weekend) {
        if (weekend.isEmpty()) {
            return "none";
        }
        List<String> names = new ArrayList<>();
        EnumSet.copyOf(weekend).forEach(day -> names.add(day.name().toLowerCase(Locale.ROOT)));
        return String.join(",", names);
    }

    public BusinessCalendar withDays(Collection<CalendarDay> entries) {
        Map<LocalDate, CalendarDay> byDate = new TreeMap<>();
        entries.forEach(day -> byDate.put(day.date(), day));
        return new BusinessCalendar(name, description, zone, weekend, byDate, blackouts);
    }

    public BusinessCalendar withBlackouts(List<Blackout> more) {
        return new BusinessCalendar(name, description, zone, weekend, days, more);
    }

    public BusinessCalendar withWeekend(Set<DayOfWeek> days) {
        return new BusinessCalendar(name, description, zone, days, this.days, blackouts);
    }

    public Optional<CalendarDay> entry(LocalDate date) {
        return Optional.ofNullable(days.get(date));
    }

    public boolean isHoliday(LocalDate date) {
        CalendarDay day = days.get(date);
        return day != null && day.kind() == DayKind.HOLIDAY;
    }

    public boolean isBusinessDay(LocalDate date) {
        CalendarDay day = days.get(date);
        if (day != null) {
            return day.kind() == DayKind.WORKDAY;
        }
        return !weekend.contains(date.getDayOfWeek());
    }

    /** The dated entries of one year, in date order. */
    public List<CalendarDay> year(int year) {
        return days.values().stream().filter(day -> day.date().getYear() == year).toList();
    }

    /** Why a day is not a business day, for reasons: "2026-10-01 National Day (holiday)", "Saturday is not a business day". */
    static String dayName(DayOfWeek day) {
        return day.getDisplayName(TextStyle.FULL, Locale.ENGLISH);
    }
}
