package io.redcron.port;

import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.CalendarMode;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The business calendars of each namespace and the calendar each task follows. Every change is
 * audited with the change. Unknown calendars are reported with
 * {@link io.redcron.calendar.UnknownCalendarException}.
 */
public interface CalendarStore {

    /** Every calendar of the namespace with its entries and blackouts, by name. */
    List<BusinessCalendar> calendars(String namespace);

    Optional<BusinessCalendar> calendar(String namespace, String name);

    /** Creates the calendar, or changes what {@code change} sets on it. */
    BusinessCalendar change(String namespace, CalendarChange change, String actor);

    /**
     * Stores the dated entries of a file, creating the calendar first when there is none. They
     * replace the calendar's entries of the years the file covers, or all of them with {@code
     * replaceAll}; entries of other years stay.
     */
    ImportResult importDays(String namespace, CalendarChange change, List<CalendarDay> days, boolean replaceAll,
                            String actor);

    /**
     * Deletes a calendar with its entries and blackouts.
     *
     * @throws io.redcron.calendar.CalendarInUseException naming the tasks that follow it
     */
    void delete(String namespace, String name, String actor);

    /** Adds a blackout; returns it with its id. */
    Blackout addBlackout(String namespace, String calendar, Blackout blackout, String actor);

    /** False if the calendar has no blackout with that id. */
    boolean removeBlackout(String namespace, String calendar, long blackoutId, String actor);

    /** Makes a task follow a calendar (in place of any it followed). */
    CalendarBinding bind(String namespace, long taskId, String calendar, CalendarMode mode, String actor);

    /** False if the task followed no calendar. */
    boolean unbind(String namespace, long taskId, String actor);

    Optional<CalendarBinding> binding(String namespace, long taskId);

    /** Each task of the namespace that follows a calendar, by task id. */
    Map<Long, CalendarBinding> bindings(String namespace);

    /**
     * @param years   the years whose entries the import replaced (all the calendar had, with replace-all)
     * @param removed entries that were there before and are gone
     */
    record ImportResult(BusinessCalendar calendar, int holidays, int workdays, Set<Integer> years, int removed) {
        public ImportResult {
            years = Set.copyOf(years);
        }
    }
}
