package io.redcron.calendar;

import io.redcron.schedule.FireExclusion;

import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;

/**
 * A calendar applied to a task's fires: a fire is left out on a holiday, on a weekend day that is
 * not a make-up workday (in {@link CalendarMode#BUSINESS_DAYS} only), and inside a blackout. Days
 * are judged by the fire's local date in the task's zone; the reason names the calendar and the
 * cause, as it is recorded on the skipped run.
 */
public final class CalendarExclusion implements FireExclusion {
    private final BusinessCalendar calendar;
    private final CalendarMode mode;

    public CalendarExclusion(BusinessCalendar calendar, CalendarMode mode) {
        this.calendar = Objects.requireNonNull(calendar, "calendar");
        this.mode = Objects.requireNonNull(mode, "mode");
    }

    @Override
    public Optional<String> reason(ZonedDateTime fire) {
        LocalDate date = fire.toLocalDate();
        Optional<CalendarDay> entry = calendar.entry(date);
        if (entry.isPresent() && entry.get().kind() == DayKind.HOLIDAY) {
            String name = entry.get().name().isEmpty() ? "" : " " + entry.get().name();
            return because(date + name + " (holiday)");
        }
        if (mode == CalendarMode.BUSINESS_DAYS && !calendar.isBusinessDay(date)) {
            return because(BusinessCalendar.dayName(date.getDayOfWeek()) + " is not a business day");
        }
        for (Blackout blackout : calendar.blackouts()) {
            Optional<String> inside = blackout.covering(fire.toInstant());
            if (inside.isPresent()) {
                return because(inside.get());
            }
        }
        return Optional.empty();
    }

    public BusinessCalendar calendar() {
        return calendar;
    }

    public CalendarMode mode() {
        return mode;
    }

    private Optional<String> because(String cause) {
        return Optional.of("calendar " + calendar.name() + ": " + cause);
    }
}
