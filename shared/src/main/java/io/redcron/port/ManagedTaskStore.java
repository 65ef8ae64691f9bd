package io.redcron.port;

import io.redcron.domain.ManagedTask;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which tasks applications declare in their code ({@code managed_task}). A row goes with its task
 * when the task is deleted.
 */
public interface ManagedTaskStore {

    Optional<ManagedTask> find(long taskId);

    /** The managed ones among these tasks, by task id. */
    Map<Long, ManagedTask> findAll(Collection<Long> taskIds);

    /** Every task an application manages in a namespace, by task id. */
    List<ManagedTask> ofApplication(String namespace, String application);

    /** Marks a task as managed, or records a new reconciliation of it. */
    void save(ManagedTask managed);

    /** The task is no longer managed by any application. */
    void release(long taskId);
}
