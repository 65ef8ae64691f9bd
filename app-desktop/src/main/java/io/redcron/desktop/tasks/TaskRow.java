package io.redcron.desktop.tasks;

import io.redcron.domain.Task;
import io.redcron.port.RecentResults;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * One line of the tasks table, computed off the JavaFX thread.
 *
 * @param recent the task's latest ended runs; null if it never ended one
 */
public record TaskRow(Task task, String schedule, String nextFire, RecentResults recent) {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx");

    static TaskRow of(Task task, Instant now, Locale locale, RecentResults recent) {
        String next = task.nextFire(now).map(at -> TIME.format(at.atZone(task.zone()))).orElse("—");
        return new TaskRow(task, task.schedule().describe(locale), next, recent);
    }

    public long id() {
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
