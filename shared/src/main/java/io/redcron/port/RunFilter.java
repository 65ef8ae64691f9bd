package io.redcron.port;

import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;

import java.time.Instant;
import java.util.Set;

/**
 * Which runs a listing returns, newest scheduled first; null fields and empty sets do not filter.
 *
 * @param taskIds         the runs of these tasks only; empty: of every task
 * @param excludedTaskIds never the runs of these tasks (an operator hides a noisy task)
 * @param from            inclusive lower bound on {@code scheduledAt}
 * @param to              exclusive upper bound on {@code scheduledAt}
 */
public record RunFilter(String namespace, Set<Long> taskIds, Set<Long> excludedTaskIds, Set<RunStatus> statuses,
                        TriggerType trigger, Instant from, Instant to) {

    public RunFilter {
        taskIds = taskIds == null ? Set.of() : Set.copyOf(taskIds);
        excludedTaskIds = excludedTaskIds == null ? Set.of() : Set.copyOf(excludedTaskIds);
        statuses = statuses == null ? Set.of() : Set.copyOf(statuses);
    }

    public static RunFilter all(String namespace) {
        return new RunFilter(namespace, Set.of(), Set.of(), Set.of(), null, null, null);
    }

    /** The runs of one task. */
    public RunFilter forTask(long id) {
        return forTasks(Set.of(id));
    }

    /** The runs of these tasks; empty: of every task. */
    public RunFilter forTasks(Set<Long> ids) {
        return new RunFilter(namespace, ids, excludedTaskIds, statuses, trigger, from, to);
    }

    public RunFilter excludingTasks(Set<Long> ids) {
        return new RunFilter(namespace, taskIds, ids, statuses, trigger, from, to);
    }

    public RunFilter withStatuses(Set<RunStatus> value) {
        return new RunFilter(namespace, taskIds, excludedTaskIds, value, trigger, from, to);
    }

    public RunFilter withTrigger(TriggerType value) {
        return new RunFilter(namespace, taskIds, excludedTaskIds, statuses, value, from, to);
    }

    public RunFilter between(Instant fromInclusive, Instant toExclusive) {
        return new RunFilter(namespace, taskIds, excludedTaskIds, statuses, trigger, fromInclusive, toExclusive);
    }

    /** Whether a run of this task passes the task conditions. */
    public boolean admitsTask(long taskId) {
        return (taskIds.isEmpty() || taskIds.contains(taskId)) && !excludedTaskIds.contains(taskId);
    }
}
