package io.redcron.desktop.tasks;

import io.redcron.domain.Task;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** One line of the tasks table, computed off the JavaFX thread. */
public record TaskRow(Task task, String schedule, String nextFire, io.redcron.domain.RunStatus lastResult) {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx");

    static TaskRow of(Task task, Instant now, Locale locale, io.redcron.domain.RunStatus lastResult) {
        String next = task.nextFire(now).map(at -> TIME.format(at.atZone(task.zone()))).orElse("—");
        return new TaskRow(task, task.schedule().describe(locale), next, lastResult);
    }

    public String name() {
        return task.name();
    }

    public String group() {
        return task.group();
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
}
