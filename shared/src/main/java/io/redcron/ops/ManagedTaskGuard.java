package io.redcron.ops;

import io.redcron.domain.EditPolicy;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.port.GroupCount;
import io.redcron.port.ManagedTaskStore;
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
 * The task store of the operators' tools, refusing to change or delete a task that an application
 * declares in its code with edits {@link EditPolicy#REFUSE refused}: such a task changes only with
 * that code, at the application's next start. Pausing and resuming stay allowed, as in an incident
 * an operator must be able to stop any task. Edits of a task whose application only
 * {@link EditPolicy#WARN warns} go through; the front ends say first that the next start puts the
 * declaration back.
 *
 * <p>The check and the change are two statements: an application that starts reconciling in
 * between wins at its next start anyway, when it puts its declaration back.
 */
public final class ManagedTaskGuard implements TaskStore {
    private final TaskStore tasks;
    private final ManagedTaskStore managed;

    public ManagedTaskGuard(TaskStore tasks, ManagedTaskStore managed) {
        this.tasks = tasks;
        this.managed = managed;
    }

    /** The application's refusal of an edit of this task, as the front ends word it. */
    public static OperationException refusal(Task task, ManagedTask by, String edit) {
        return new OperationException(OperationException.Kind.MANAGED, "task '" + task.name() + "' is managed by"
                + " application " + by.managedBy() + ", which refuses edits made outside its code; " + edit
                + " it in the application's code (pausing and resuming are allowed)");
    }

    @Override
    public Task create(Task task, String actor) {
        return tasks.create(task, actor);
    }

    @Override
    public Task update(Task task, String actor) {
        refuseIfManaged(task.id(), "change");
        return tasks.update(task, actor);
    }

    @Override
    public Task setEnabled(long id, boolean enabled, String actor) {
        return tasks.setEnabled(id, enabled, actor);
    }

    @Override
    public boolean delete(long id, String actor) {
        refuseIfManaged(id, "delete");
        return tasks.delete(id, actor);
    }

    private void refuseIfManaged(Long id, String edit) {
        if (id == null) {
            return;
        }
        Optional<ManagedTask> by = managed.find(id).filter(row -> row.edits() == EditPolicy.REFUSE);
        if (by.isPresent()) {
            Task task = tasks.get(id).orElse(null);
            if (task != null) {
                throw refusal(task, by.get(), edit);
            }
        }
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
