package io.redcron.desktop.tasks;

/**
 * A line of the tasks table: a task, or the header of the group the tasks below it are in.
 * Actions take the selected {@link TaskRow}s only; a header is never acted on.
 */
public sealed interface TaskLine permits TaskRow, GroupHeader {
    /** What keeps a line in place, and selected, through a live refresh; a task's and a header's never collide. */
    Object key();
}
