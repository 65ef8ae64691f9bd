package io.redcron.ops;

import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.TaskStore;

import java.util.function.Supplier;

/**
 * A task store for the operators' tools (CLI, desktop) that tells the nodes of every change made
 * through it: the scheduler re-plans the task at once and workers drop their cached copy. Best
 * effort: without the event the scheduler still finds the change at its next look at changed
 * tasks, and workers within {@code worker.task-cache-ttl}, so an unreachable event bus only
 * delays it. The bus is asked for only when there is a change to announce: a tool that only
 * reads needs none.
 */
public final class AnnouncingTaskStore extends ForwardingTaskStore {
    private final Supplier<EventBus> events;

    public AnnouncingTaskStore(TaskStore tasks, Supplier<EventBus> events) {
        super(tasks);
        this.events = events;
    }

    @Override
    public Task create(Task task, String actor) {
        return announced(super.create(task, actor));
    }

    @Override
    public Task update(Task task, String actor) {
        return announced(super.update(task, actor));
    }

    @Override
    public Task setEnabled(long id, boolean enabled, String actor) {
        return announced(super.setEnabled(id, enabled, actor));
    }

    @Override
    public boolean delete(long id, String actor) {
        boolean deleted = super.delete(id, actor);
        if (deleted) {
            announce(id);
        }
        return deleted;
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
