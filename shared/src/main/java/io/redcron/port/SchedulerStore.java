package io.redcron.port;

import io.redcron.domain.Run;
import io.redcron.domain.Task;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The leader's view of MySQL. Every write here is fenced: it runs in a transaction that first
 * reads the namespace's epoch under a shared lock and rolls back with {@link FencedOutException}
 * unless the caller's epoch is still current, so a paused or partitioned old leader writes nothing.
 */
public interface SchedulerStore {

    /** A fire to record: queued for workers, or skipped by the misfire policy (with the reason). */
    record Fire(Instant scheduledAt, boolean skipped, String reason) {
    }

    /**
     * The fires of one task in one pass, and where its schedule goes next.
     *
     * @param next the task's next fire after these, or null if it fires no more
     */
    record TaskFires(Task task, List<Fire> fires, Instant next) {
        public TaskFires {
            fires = List.copyOf(fires);
        }
    }

    /** A task's scheduling state, enough to keep the schedule index in step with MySQL. */
    record ScheduleState(long taskId, boolean enabled, Instant nextFireAt, Instant updatedAt, long version) {
    }

    /**
     * Records the fires of a batch of tasks in one fenced transaction: one run per fire (a fire
     * recorded before is found, not doubled), and each task's {@code next_fire_at} moved on unless
     * the task was changed meanwhile. Returns the runs, queued ones first by schedule.
     */
    List<Run> recordFires(String namespace, long epoch, List<TaskFires> batch);

    /**
     * Tasks of the namespace changed at or after {@code since}, oldest change first, then by id:
     * those changed at {@code since} itself only with an id above {@code afterId}. Paged by the
     * last task read (its change time and id), a page never ends among tasks it then cannot reach:
     * one change may stamp thousands of tasks with the same time.
     */
    List<ScheduleState> changedSince(String namespace, Instant since, long afterId, int limit);

    /** Enabled tasks with a planned next fire, by id after {@code afterId}, for rebuilding the index. */
    List<ScheduleState> planned(String namespace, long afterId, int limit);

    Map<Long, Task> tasks(Collection<Long> ids);

    /** The routing groups of the namespace's tasks. */
    java.util.Set<String> groups(String namespace);
}
