package io.redcron.port;

import io.redcron.domain.Task;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Task definitions, the source of truth. Every change is audited in the same transaction, under
 * the name of the {@code actor} (an operator or a node), with credentials masked. A task that
 * still holds the mask {@code ******} where a credential goes is refused with an
 * {@link io.redcron.domain.InvalidTaskException}: editors restore what they were shown masked
 * ({@link io.redcron.domain.MaskedCredentials}) before they store.
 */
public interface TaskStore {

    /** Stores a new task and returns it with its id and version 1. */
    Task create(Task task, String actor);

    Optional<Task> get(long id);

    /** The tasks of those ids that exist, by id (one read for many, as workers need them). */
    Map<Long, Task> getAll(Collection<Long> ids);

    Optional<Task> findByName(String namespace, String name);

    Page<Task> list(TaskFilter filter, PageRequest page);

    /**
     * How many tasks of a listing each value of {@code by} holds, and how many of those are
     * disabled: one read over every page, for the headers of a grouped listing. The filter's
     * order and grouping do not matter here.
     */
    Map<String, GroupCount> groupCounts(TaskFilter filter, TaskGrouping by);

    /**
     * The values of {@code facet} in use in a namespace that contain {@code containing}
     * (case-insensitive; blank: all), in order, at most {@code limit}: what a filter or an editor
     * offers as the user types.
     */
    List<String> values(String namespace, TaskFacet facet, String containing, int limit);

    /**
     * Replaces a task's definition if {@code task.version()} is still the stored version.
     *
     * @throws StaleTaskException when it is not
     */
    Task update(Task task, String actor);

    /** Enables or disables a task; a no-op (same version) when it already is. */
    Task setEnabled(long id, boolean enabled, String actor);

    /** Deletes a task; its run history stays. Returns false if there was no such task. */
    boolean delete(long id, String actor);
}
