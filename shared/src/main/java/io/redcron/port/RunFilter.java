package io.redcron.port;

import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;

import java.time.Instant;
import java.util.Set;

/**
 * Which runs a listing returns, newest scheduled first; null fields do not filter.
 *
 * @param from inclusive lower bound on {@code scheduledAt}
 * @param to   exclusive upper bound on {@code scheduledAt}
 */
public record RunFilter(String namespace, Long taskId, Set<RunStatus> statuses, TriggerType trigger, Instant from,
                        Instant to) {

    public RunFilter {
        statuses = statuses == null ? Set.of() : Set.copyOf(statuses);
    }

    public static RunFilter all(String namespace) {
        return new RunFilter(namespace, null, Set.of(), null, null, null);
    }

    public RunFilter forTask(long id) {
        return new RunFilter(namespace, id, statuses, trigger, from, to);
    }

    public RunFilter withStatuses(Set<RunStatus> value) {
        return new RunFilter(namespace, taskId, value, trigger, from, to);
    }

    public RunFilter withTrigger(TriggerType value) {
        return new RunFilter(namespace, taskId, statuses, value, from, to);
    }

    public RunFilter between(Instant fromInclusive, Instant toExclusive) {
        return new RunFilter(namespace, taskId, statuses, trigger, fromInclusive, toExclusive);
    }
}
