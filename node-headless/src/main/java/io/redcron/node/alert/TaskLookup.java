package io.redcron.node.alert;

import io.redcron.domain.Task;

import java.util.Optional;

/**
 * Reads a task, for alerts raised where its definition was not at hand (the leader's recovery of
 * dead runs): its owner, group and own targets. Called on a delivery thread, never on the raiser's.
 */
@FunctionalInterface
public interface TaskLookup {
    TaskLookup NONE = taskId -> Optional.empty();

    Optional<Task> of(long taskId);
}
