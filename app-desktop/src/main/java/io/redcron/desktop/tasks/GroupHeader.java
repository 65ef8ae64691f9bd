package io.redcron.desktop.tasks;

import io.redcron.port.TaskGrouping;

/**
 * The line above a group of tasks: its key and counts.
 *
 * @param tasks         tasks in the group over every page (filters applied)
 * @param disabled      of those, how many are disabled
 * @param failingOnPage tasks of the group on this page whose newest ended run failed or timed out:
 *                      only the page's results are loaded, so the count says so
 */
public record GroupHeader(TaskGrouping by, String value, long tasks, long disabled, long failingOnPage)
        implements TaskLine {
    @Override
    public Object key() {
        return by + ":" + value;
    }
}
