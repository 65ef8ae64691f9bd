package io.redcron.calendar;

import java.time.DayOfWeek;
import java.time.ZoneId;
import java.util.Set;

/**
 * What an operator sets on a calendar besides its entries and blackouts; null fields stay as they
 * are (or, for a new calendar, take the defaults: no description, UTC, Saturday and Sunday).
 */
public record CalendarChange(String name, String description, ZoneId zone, Set<DayOfWeek> weekend) {
    public CalendarChange {
        name = BusinessCalendar.checkName("name", name);
        weekend = weekend == null ? null : Set.copyOf(weekend);
    }

    public static CalendarChange named(String name) {
        return new CalendarChange(name, null, null, null);
    }

    /** The calendar as this change leaves it. */
    public BusinessCalendar applyTo(BusinessCalendar current) {
        BusinessCalendar base = current == null ? BusinessCalendar.empty(name, "", java.time.ZoneOffset.UTC) : current;
        return new BusinessCalendar(name, description == null ? base.description() : description,
                zone == null ? base.zone() : zone, weekend == null ? base.weekend() : weekend, base.days(),
                base.blackouts());
    }
}
