package io.redcron.node.scheduler;

import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarExclusion;
import io.redcron.domain.Task;
import io.redcron.port.CalendarStore;
import io.redcron.schedule.FireRules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Each task's business calendar, from a copy of the namespace's calendars and bindings read again
 * once it is {@link #REFRESH} old: a change reaches the scheduler within that, at the start of
 * its next fire pass. Should a read fail, the last copy stays in force (a database blip must not
 * lift every calendar) and the next pass tries again.
 */
public final class CalendarRules implements TaskFireRules {
    /** How old the copy may get; docs/CALENDARS.md says so to operators. */
    public static final Duration REFRESH = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(CalendarRules.class);

    private final String namespace;
    private final CalendarStore store;
    private final Duration refresh;
    private volatile Map<Long, FireRules> byTask = Map.of();
    private Instant readAt;

    public CalendarRules(String namespace, CalendarStore store) {
        this(namespace, store, REFRESH);
    }

    CalendarRules(String namespace, CalendarStore store, Duration refresh) {
        this.namespace = namespace;
        this.store = store;
        this.refresh = refresh;
    }

    @Override
    public FireRules of(Task task) {
        return byTask.getOrDefault(task.id(), FireRules.NONE);
    }

    @Override
    public void refresh(Instant now) {
        if (readAt != null && now.isBefore(readAt.plus(refresh)) && !now.isBefore(readAt)) {
            return;
        }
        try {
            Map<String, BusinessCalendar> calendars = new HashMap<>();
            store.calendars(namespace).forEach(calendar -> calendars.put(calendar.name(), calendar));
            Map<Long, FireRules> rules = new HashMap<>();
            for (CalendarBinding binding : store.bindings(namespace).values()) {
                BusinessCalendar calendar = calendars.get(binding.calendar());
                if (calendar != null) {
                    rules.put(binding.taskId(), FireRules.NONE.withExclusion(
                            new CalendarExclusion(calendar, binding.mode())));
                }
            }
            byTask = rules;
            readAt = now;
        } catch (RuntimeException e) {
            LOG.warn("Could not read the calendars of namespace {}; the last ones read stay in force: {}", namespace,
                    e.getMessage());
        }
    }
}
