package io.redcron.testkit;

import io.redcron.domain.ManagedTask;
import io.redcron.port.ManagedTaskStore;
import io.redcron.port.TaskStore;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Managed-task rows in memory. A row whose task is gone is not seen, as the database's cascade
 * deletes it with its task.
 */
public final class InMemoryManagedTaskStore implements ManagedTaskStore {
    private final Map<Long, ManagedTask> rows = new ConcurrentHashMap<>();
    private final TaskStore tasks;

    public InMemoryManagedTaskStore(TaskStore tasks) {
        this.tasks = tasks;
    }

    @Override
    public Optional<ManagedTask> find(long taskId) {
        return Optional.ofNullable(rows.get(taskId)).filter(this::taskExists);
    }

    @Override
    public Map<Long, ManagedTask> findAll(Collection<Long> taskIds) {
        Map<Long, ManagedTask> found = new LinkedHashMap<>();
        taskIds.forEach(id -> find(id).ifPresent(managed -> found.put(id, managed)));
        return found;
    }

    @Override
    public List<ManagedTask> ofApplication(String namespace, String application) {
        return rows.values().stream().filter(this::taskExists)
                .filter(managed -> managed.namespace().equals(namespace) && managed.application().equals(application))
                .sorted(Comparator.comparingLong(ManagedTask::taskId)).toList();
    }

    @Override
    public void save(ManagedTask managed) {
        rows.put(managed.taskId(), managed);
    }

    @Override
    public void release(long taskId) {
        rows.remove(taskId);
    }

    private boolean taskExists(ManagedTask managed) {
        boolean exists = tasks.get(managed.taskId()).isPresent();
        if (!exists) {
            rows.remove(managed.taskId());
        }
        return exists;
    }
}
