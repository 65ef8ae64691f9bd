package io.redcron.domain;

import java.util.Locale;

/** What a task runs. A node only executes the types its own configuration enables. */
public enum TaskType {
    EXEC, SHELL, HTTP, JAVA;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TaskType parse(String text) {
        return Enums.parse(TaskType.class, "type", text);
    }
}
