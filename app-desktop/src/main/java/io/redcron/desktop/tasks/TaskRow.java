package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.domain.Task;
import io.redcron.port.RecentResults;

import java.time.Instant;

/**
 * One line of the tasks table, computed off the JavaFX thread.
 *
 * @param recent the task's latest ended runs; null if it never ended one
 */
public record TaskRow(Task task, String schedule, String nextFire, RecentResults recent,
                      io.redcron.domain.ManagedTask managed, java.util.List<io.redcron.format.ManagedDrift.Difference> drift)
        implements TaskLine {
    /** @param nextFire when it fires next in the zone the app shows, with its offset and how soon */
    static TaskRow of(Task task, Instant now, Messages messages, RecentResults recent) {
        return of(task, now, messages, recent, null);
    }

    /** @param managed the application declaring the task in its code, or null */
    static TaskRow of(Task task, Instant now, Messages messages, RecentResults recent,
                      io.redcron.domain.ManagedTask managed) {
        String next = task.nextFire(now).map(at -> messages.time().format(at, task.zone()) + " \u00b7 "
                + TimeDisplay.relative(messages, at, now)).orElse("—");
        return new TaskRow(task, task.schedule().describe(messages.locale()), next, recent, managed,
                managed == null ? java.util.List.of() : io.redcron.format.ManagedDrift.of(managed, task));
    }

    public long id() {
        return task.id();
    }

    @Override
    public Object key() {
        return task.id();
    }

    public String name() {
        return task.name();
    }

    public String group() {
        return task.group();
    }

    public String owner() {
        return task.owner();
    }

    public String cron() {
        return task.cron();
    }

    public String zone() {
        return task.zone().getId();
    }

    public String type() {
        return task.type().id();
    }

    public boolean enabled() {
        return task.enabled();
    }

    /** The final status of the newest ended run, or null. */
    public io.redcron.domain.RunStatus lastResult() {
        return recent == null ? null : recent.lastStatus();
    }
}
