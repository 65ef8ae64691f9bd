package io.redcron.ops;

import io.redcron.domain.Task;
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

/**
 * A task store that hands every call to another: the base of the decorators the operators' tools
 * stack on the store ({@link AnnouncingTaskStore}, {@link ManagedTaskGuard}), each overriding only
 * the calls it changes.
 */
abstract class ForwardingTaskStore implements TaskStore {
    private final TaskStore tasks;

    ForwardingTaskStore(TaskStore tasks) {
        this.tasks = tasks;
    }

    @Override
    public Task create(Task task, String actor) {
        return tasks.create(task, actor);
    }

    @Override
    public Task update(Task task, String actor) {
        return tasks.update(task, actor);
    }

    @Override
    public Task setEnabled(long id, boolean enabled, String actor) {
        return tasks.setEnabled(id, enabled, actor);
    }

    @Override
    public boolean delete(long id, String actor) {
        return tasks.delete(id, actor);
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
}
