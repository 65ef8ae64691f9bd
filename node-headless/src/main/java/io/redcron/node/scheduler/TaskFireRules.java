package io.redcron.node.scheduler;

import io.redcron.domain.Task;
import io.redcron.schedule.FireRules;

import java.time.Instant;

/**
 * What decides a due task's fires besides its schedule and misfire policy: its business calendar
 * and the maintenance windows over its namespace and group. Sources keep what they read from the
 * stores for a short while; the fire pass asks them to look again at the start of each pass.
 */
public interface TaskFireRules {
    /** Every fire follows the schedule and the misfire policy alone. */
    TaskFireRules NONE = task -> FireRules.NONE;

    FireRules of(Task task);

    /** Called at the start of every fire pass: a source may read the stores again if its copy is old. */
    default void refresh(Instant now) {
    }

    /** Whether the maintenance window with this id still holds fires at {@code now}, as last read. */
    default boolean holds(long windowId, Instant now) {
        return false;
    }
}
