package io.redcron.testkit;

import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.CalendarInUseException;
import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.DayKind;
import io.redcron.calendar.UnknownCalendarException;
import io.redcron.domain.Task;
import io.redcron.port.CalendarStore;
import io.redcron.port.TaskNotFoundException;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Calendars and bindings in memory, audited as the MySQL store audits them. */
final class InMemoryCalendarStore implements CalendarStore {
    private final Tables tables;

    InMemoryCalendarStore(Tables tables) {
        this.tables = tables;
    }

    @Override
    public List<BusinessCalendar> calendars(String namespace) {
        synchronized (tables) {
            return new ArrayList<>(new TreeMap<>(of(namespace)).values());
        }
    }

    @Override
    public Optional<BusinessCalendar> calendar(String namespace, String name) {
        synchronized (tables) {
            return Optional.ofNullable(of(namespace).get(name));
        }
    }

    @Override
    public BusinessCalendar change(String namespace, CalendarChange change, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            return changeHeader(namespace, change, who);
        }
    }

    @Override
    public ImportResult importDays(String namespace, CalendarChange change, List<CalendarDay> days, boolean replaceAll,
                                   String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            BusinessCalendar calendar = changeHeader(namespace, change, who);
            Set<Integer> years = new TreeSet<>();
            Map<LocalDate, CalendarDay> kept = new TreeMap<>(calendar.days());
            if (replaceAll) {
                kept.keySet().forEach(date -> years.add(date.getYear()));
                kept.clear();
            } else {
                days.forEach(day -> years.add(day.date().getYear()));
                kept.keySet().removeIf(date -> years.contains(date.getYear()));
            }
            int removed = calendar.days().size() - kept.size();
            days.forEach(day -> {
                kept.put(day.date(), day);
                years.add(day.date().getYear());
            });
            BusinessCalendar stored = calendar.withDays(kept.values());
            of(namespace).put(stored.name(), stored);
            int holidays = (int) days.stream().filter(day -> day.kind() == DayKind.HOLIDAY).count();
            tables.audit(namespace, who, "calendar.import", subject(stored.name()), null,
                    "years " + years + ", " + holidays + " holidays, " + (days.size() - holidays) + " workdays");
            return new ImportResult(stored, holidays, days.size() - holidays, years, removed);
        }
    }

    @Override
    public void delete(String namespace, String name, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            BusinessCalendar calendar = existing(namespace, name);
            List<String> followers = new ArrayList<>();
            tables.calendarBindings.values().forEach(binding -> {
                Task task = tables.tasks.get(binding.taskId());
                if (task != null && task.namespace().equals(namespace) && binding.calendar().equals(name)) {
                    followers.add(task.name());
                }
            });
            if (!followers.isEmpty()) {
                followers.sort(null);
                throw new CalendarInUseException(name, followers);
            }
            tables.calendarBindings.values().removeIf(binding -> binding.calendar().equals(name)
                    && !tables.tasks.containsKey(binding.taskId()));
            of(namespace).remove(name);
            tables.audit(namespace, who, "calendar.delete", subject(name), calendar.description(), null);
        }
    }

    @Override
    public Blackout addBlackout(String namespace, String calendar, Blackout blackout, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            BusinessCalendar current = existing(namespace, calendar);
            Blackout stored = blackout.withId(tables.nextBlackoutId++);
            List<Blackout> blackouts = new ArrayList<>(current.blackouts());
            blackouts.add(stored);
            of(namespace).put(calendar, current.withBlackouts(blackouts));
            tables.audit(namespace, who, "calendar.blackout.add", subject(calendar), null, stored.toString());
            return stored;
        }
    }

    @Override
    public boolean removeBlackout(String namespace, String calendar, long blackoutId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            BusinessCalendar current = existing(namespace, calendar);
            List<Blackout> blackouts = new ArrayList<>(current.blackouts());
            Optional<Blackout> gone = blackouts.stream().filter(b -> b.id() == blackoutId).findFirst();
            if (gone.isEmpty()) {
                return false;
            }
            blackouts.remove(gone.get());
            of(namespace).put(calendar, current.withBlackouts(blackouts));
            tables.audit(namespace, who, "calendar.blackout.remove", subject(calendar), gone.get().toString(), null);
            return true;
        }
    }

    @Override
    public CalendarBinding bind(String namespace, long taskId, String calendar, CalendarMode mode, String actor) {
        String who = Texts.actor(actor);
        CalendarBinding binding = new CalendarBinding(taskId, calendar, mode);
        synchronized (tables) {
            Task task = tables.tasks.get(taskId);
            if (task == null || !task.namespace().equals(namespace)) {
                throw new TaskNotFoundException("with id " + taskId + " in namespace '" + namespace + "'");
            }
            existing(namespace, binding.calendar());
            CalendarBinding before = tables.calendarBindings.put(taskId, binding);
            tables.audit(namespace, who, "task.calendar.bind", "task:" + taskId,
                    before == null ? null : before.toString(), binding.toString());
            return binding;
        }
    }

    @Override
    public boolean unbind(String namespace, long taskId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Optional<CalendarBinding> before = binding(namespace, taskId);
            if (before.isEmpty()) {
                return false;
            }
            tables.calendarBindings.remove(taskId);
            tables.audit(namespace, who, "task.calendar.unbind", "task:" + taskId, before.get().toString(), null);
            return true;
        }
    }

    @Override
    public Optional<CalendarBinding> binding(String namespace, long taskId) {
        synchronized (tables) {
            return Optional.ofNullable(bindings(namespace).get(taskId));
        }
    }

    @Override
    public Map<Long, CalendarBinding> bindings(String namespace) {
        synchronized (tables) {
            Map<Long, CalendarBinding> found = new HashMap<>();
            tables.calendarBindings.forEach((taskId, binding) -> {
                Task task = tables.tasks.get(taskId);
                if (task != null && task.namespace().equals(namespace) && of(namespace).containsKey(binding.calendar())) {
                    found.put(taskId, binding);
                }
            });
            return found;
        }
    }

    private BusinessCalendar changeHeader(String namespace, CalendarChange change, String who) {
        BusinessCalendar before = of(namespace).get(change.name());
        BusinessCalendar after = change.applyTo(before);
        of(namespace).put(after.name(), after);
        if (before == null) {
            tables.audit(namespace, who, "calendar.create", subject(after.name()), null, after.description());
        } else if (!before.description().equals(after.description()) || !before.zone().equals(after.zone())
                || !before.weekend().equals(after.weekend())) {
            tables.audit(namespace, who, "calendar.change", subject(after.name()), before.description(),
                    after.description());
        }
        return after;
    }

    private BusinessCalendar existing(String namespace, String name) {
        BusinessCalendar calendar = of(namespace).get(name);
        if (calendar == null) {
            throw UnknownCalendarException.named(namespace, name);
        }
        return calendar;
    }

    private Map<String, BusinessCalendar> of(String namespace) {
        return tables.calendars.computeIfAbsent(namespace, ns -> new HashMap<>());
    }

    private static String subject(String calendar) {
        return "calendar:" + calendar;
    }
}
