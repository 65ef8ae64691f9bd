package io.redcron.node.alert;

import java.util.List;

/**
 * Reads a task's own alert targets, for alerts raised where the task definition was not at hand
 * (the leader's recovery of dead runs). Called on a delivery thread, never on the caller's.
 */
@FunctionalInterface
public interface TaskTargets {
    TaskTargets NONE = taskId -> List.of();

    List<String> of(long taskId);
}
