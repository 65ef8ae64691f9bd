package io.redcron.desktop.tasks;

import io.redcron.port.TaskGrouping;

import java.util.prefs.Preferences;

/** How the tasks table groups its rows; the choice is kept for the next start, as the time zone shown is. */
public enum GroupBy {
    NONE(null), GROUP(TaskGrouping.GROUP), OWNER(TaskGrouping.OWNER);

    /** Where the app keeps the choice. */
    public static final Preferences PREFERENCES = Preferences.userRoot().node("io/redcron/desktop/tasks");
    private static final String KEY = "groupBy";

    private final TaskGrouping grouping;

    GroupBy(TaskGrouping grouping) {
        this.grouping = grouping;
    }

    /** What the store orders and counts by; null for no grouping. */
    public TaskGrouping grouping() {
        return grouping;
    }

    /** The choice kept in {@code node}, else none. */
    public static GroupBy remembered(Preferences node) {
        try {
            return valueOf(node.get(KEY, NONE.name()));
        } catch (IllegalArgumentException unknown) {
            return NONE;
        }
    }

    public void rememberIn(Preferences node) {
        node.put(KEY, name());
    }
}
