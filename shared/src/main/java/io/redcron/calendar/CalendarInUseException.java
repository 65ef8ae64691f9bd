package io.redcron.calendar;

import java.util.List;

/** A calendar cannot be deleted while tasks follow it; the message names them. */
public final class CalendarInUseException extends RuntimeException {
    private final List<String> tasks;

    public CalendarInUseException(String calendar, List<String> tasks) {
        super("calendar: '" + calendar + "' is followed by " + (tasks.size() == 1 ? "task " : "tasks ")
                + String.join(", ", tasks) + "; unbind " + (tasks.size() == 1 ? "it" : "them") + " first");
        this.tasks = List.copyOf(tasks);
    }

    public List<String> tasks() {
        return tasks;
    }
}
