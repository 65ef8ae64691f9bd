package io.redcron.ops;

import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.GroupCount;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFacet;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskGrouping;
import io.redcron.port.TaskStore;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A task store for the operators' tools (CLI, desktop) that tells the nodes of every change made
 * through it: the scheduler re-plans the task at once and workers drop their cached copy. Best
 * effort: without the event the scheduler still finds the change at its next look at changed
 * tasks, and workers within {@code worker.task-cache-ttl}, so an unreachable event bus only
 * delays it. The bus is asked for only when there is a change to announce: a tool that only
 * reads needs none.
 */
public final class AnnouncingTaskStore implements TaskStore {
    private final TaskStore tasks;
    private final Supplier<EventBus> events;

    public AnnouncingTaskStore(TaskStore tasks, Supplier<EventBus> events) {
        this.tasks = tasks;
        this.events = events;
    }

    @Override
    public Task create(Task task, String actor) {
        return announced(tasks.create(task, actor));
    }

    @Override
    public Task update(Task task, String actor) {
        return announced(tasks.update(task, actor));
    }

    @Override
    public Task setEnabled(long id, boolean enabled, String actor) {
        return announced(tasks.setEnabled(id, enabled, actor));
    }

    @Override
    public boolean delete(long id, String actor) {
        boolean deleted = tasks.delete(id, actor);
        if (deleted) {
            announce(id);
        }
        return deleted;
    }

    @Override
    public Optional<Task> get(long id) {
        return tasks.get(id);
    }

    @Override
    public Map<Long, Task> getAll(Collection<Long> ids) {
        return tasks.getAll(ids);
    }

    @Override
    public Optional<Task> findByName(String namespace, String name) {
        return tasks.findByName(namespace, name);
    }

    @Override
    public Page<Task> list(TaskFilter filter, PageRequest page) {
        return tasks.list(filter, page);
    }

    @Override
    public Map<String, GroupCount> groupCounts(TaskFilter filter, TaskGrouping by) {
        return tasks.groupCounts(filter, by);
    }

    @Override
    public List<String> values(String namespace, TaskFacet facet, String containing, int limit) {
        return tasks.values(namespace, facet, containing, limit);
    }

    private Task announced(Task task) {
        announce(task.id());
        return task;
    }

    private void announce(long taskId) {
        try {
            events.get().publish(new EventBus.Event(EventBus.Event.Kind.TASK_CHANGED, taskId));
        } catch (RuntimeException e) {
            // Found by the scheduler's next look at changed tasks; see the class comment.
        }
    }
}
