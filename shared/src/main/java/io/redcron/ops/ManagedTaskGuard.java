package io.redcron.ops;

import io.redcron.domain.EditPolicy;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.port.ManagedTaskStore;
import io.redcron.port.TaskStore;

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
public final class ManagedTaskGuard extends ForwardingTaskStore {
    private final ManagedTaskStore managed;

    public ManagedTaskGuard(TaskStore tasks, ManagedTaskStore managed) {
        super(tasks);
        this.managed = managed;
    }

    /** The application's refusal of an edit of this task, as the front ends word it. */
    public static OperationException refusal(Task task, ManagedTask by, String edit) {
        return new OperationException(OperationException.Kind.MANAGED, "task '" + task.name() + "' is managed by"
                + " application " + by.managedBy() + ", which refuses edits made outside its code; " + edit
                + " it in the application's code (pausing and resuming are allowed)");
    }

    @Override
    public Task update(Task task, String actor) {
        refuseIfManaged(task.id(), "change");
        return super.update(task, actor);
    }

    @Override
    public boolean delete(long id, String actor) {
        refuseIfManaged(id, "delete");
        return super.delete(id, actor);
    }

    private void refuseIfManaged(Long id, String edit) {
        if (id == null) {
            return;
        }
        Optional<ManagedTask> by = managed.find(id).filter(row -> row.edits() == EditPolicy.REFUSE);
        if (by.isPresent()) {
            Task task = get(id).orElse(null);
            if (task != null) {
                throw refusal(task, by.get(), edit);
            }
        }
    }

}
