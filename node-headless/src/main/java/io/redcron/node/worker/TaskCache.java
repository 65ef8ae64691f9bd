package io.redcron.node.worker;

import io.redcron.domain.Task;
import io.redcron.port.StoreException;
import io.redcron.port.TaskStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The definitions of the tasks a worker runs, so that a run does not cost a read of its task.
 * A definition is used for at most {@code ttl} after it was read, and dropped at once when the
 * task-changed event names it; an edit thus reaches the worker within {@code ttl} even when the
 * event is lost.
 */
final class TaskCache {
    /** Beyond this many entries the cache starts over rather than grow with the number of tasks. */
    private static final int MAX_ENTRIES = 100_000;

    private final TaskStore tasks;
    private final Clock clock;
    private final Duration ttl;
    private final Map<Long, Entry> entries = new ConcurrentHashMap<>();

    private record Entry(Task task, Instant readAt) {
    }

    TaskCache(TaskStore tasks, Clock clock, Duration ttl) {
        this.tasks = tasks;
        this.clock = clock;
        this.ttl = ttl;
    }

    /** The tasks of those ids that exist; those not cached or too old are read in one go. */
    Map<Long, Task> get(Collection<Long> ids) {
        Instant now = clock.instant();
        Map<Long, Task> found = new HashMap<>();
        List<Long> missing = new ArrayList<>();
        for (Long id : ids) {
            Entry entry = entries.get(id);
            if (entry != null && now.isBefore(entry.readAt.plus(ttl))) {
                found.put(id, entry.task);
            } else if (!found.containsKey(id)) {
                missing.add(id);
            }
        }
        if (!missing.isEmpty()) {
            Map<Long, Task> read = tasks.getAll(missing);
            if (entries.size() + read.size() > MAX_ENTRIES) {
                entries.clear();
            }
            for (Long id : missing) {
                Task task = read.get(id);
                if (task == null) {
                    entries.remove(id);
                } else {
                    entries.put(id, new Entry(task, now));
                    found.put(id, task);
                }
            }
        }
        return found;
    }

    /** The task as the store holds it now (empty if gone); the cache keeps what was read. */
    java.util.Optional<Task> fresh(long id) {
        Instant now = clock.instant();
        Task task = tasks.getAll(List.of(id)).get(id);
        if (task == null) {
            entries.remove(id);
        } else {
            entries.put(id, new Entry(task, now));
        }
        return java.util.Optional.ofNullable(task);
    }

    /**
     * Why a run's task could not be had: it was deleted, or its row holds no valid task (written
     * straight into the table, for example with a variable every node refuses). Read once more,
     * on its own, only on this rare path, so the run's error can say which.
     */
    String whyMissing(long id, String name) {
        try {
            return tasks.get(id).isPresent() ? "task " + name + " could not be read before this run started"
                    : "task " + name + " was deleted before this run started";
        } catch (StoreException e) {
            return e.getMessage();
        }
    }

    /** The task changed (or is gone): read it again next time. */
    void invalidate(long taskId) {
        entries.remove(taskId);
    }
}
