package io.redcron.node.scheduler;

import io.redcron.domain.Task;
import io.redcron.schedule.FireRules;

import java.time.Instant;

/** A task's calendar rules with the maintenance windows over it. */
public final class CombinedFireRules implements TaskFireRules {
    private final TaskFireRules calendars;
    private final TaskFireRules windows;

    public CombinedFireRules(TaskFireRules calendars, TaskFireRules windows) {
        this.calendars = calendars;
        this.windows = windows;
    }

    @Override
    public FireRules of(Task task) {
        FireRules paused = windows.of(task);
        FireRules calendar = calendars.of(task);
        return paused.windows().isEmpty() ? calendar : calendar.withWindows(paused.windows());
    }

    @Override
    public void refresh(Instant now) {
        calendars.refresh(now);
        windows.refresh(now);
    }

    @Override
    public boolean holds(long windowId, Instant now) {
        return windows.holds(windowId, now);
    }
}
