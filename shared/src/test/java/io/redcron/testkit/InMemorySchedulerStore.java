package io.redcron.testkit;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.SchedulerStore;
import io.redcron.testkit.Tables.RunRow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The leader's view of the in-memory tables, fenced by the in-memory epochs as MySQL's is: a batch
 * records one run per fire (a fire recorded before is found), and moves each task's next fire on
 * only if the task still holds the version and the fire it was planned from.
 */
public final class InMemorySchedulerStore implements SchedulerStore {
    private final Tables tables;
    private final InMemoryFencingEpochs epochs;

    InMemorySchedulerStore(Tables tables, InMemoryFencingEpochs epochs) {
        this.tables = tables;
        this.epochs = epochs;
    }

    @Override
    public List<Run> recordFires(String namespace, long epoch, List<TaskFires> batch) {
        if (batch.isEmpty()) {
            return List.of();
        }
        for (TaskFires taskFires : batch) {
            Task task = taskFires.task();
            if (!task.namespace().equals(namespace)) {
                throw new IllegalArgumentException("task " + task.id() + " is in namespace '" + task.namespace()
                        + "', not in '" + namespace + "' whose fires are recorded");
            }
            for (Fire fire : taskFires.fires()) {
                if (fire.scheduledAt().getNano() != 0) {
                    throw new IllegalArgumentException("fire of task " + task.id()
                            + ": a cron fire is a whole second, got " + fire.scheduledAt());
                }
            }
        }
        synchronized (tables) {
            epochs.check(namespace, epoch);
            Instant now = tables.now();
            List<Run> runs = new ArrayList<>();
            for (TaskFires taskFires : batch) {
                Task planned = taskFires.task();
                Task stored = tables.tasks.get(planned.id());
                // A task changed since it was read has its change's own plan; the same batch again finds its rows.
                boolean current = stored != null && stored.version() == planned.version()
                        && (Objects.equals(stored.nextFireAt(), planned.nextFireAt())
                        || Objects.equals(stored.nextFireAt(), taskFires.next()));
                if (!current) {
                    continue;
                }
                for (Fire fire : taskFires.fires()) {
                    RunRow row = tables.recordFire(stored, fire.scheduledAt(), fire.skipped(), fire.reason(), now);
                    runs.add(row.toRun());
                }
                if (Objects.equals(stored.nextFireAt(), planned.nextFireAt())) {
                    tables.tasks.put(stored.id(), stored.toBuilder().nextFireAt(taskFires.next()).build());
                }
            }
            runs.sort(Comparator.comparing((Run run) -> run.status() != RunStatus.QUEUED)
                    .thenComparing(Run::scheduledAt).thenComparing(Run::id));
            return runs;
        }
    }

    @Override
    public List<ScheduleState> changedSince(String namespace, Instant since, long afterId, int limit) {
        synchronized (tables) {
            return tables.tasks.values().stream()
                    .filter(task -> task.namespace().equals(namespace) && (task.updatedAt().isAfter(since)
                            || task.updatedAt().equals(since) && task.id() > afterId))
                    .sorted(Comparator.comparing(Task::updatedAt).thenComparing(Task::id))
                    .limit(limit).map(InMemorySchedulerStore::state).toList();
        }
    }

    @Override
    public List<ScheduleState> planned(String namespace, long afterId, int limit) {
        synchronized (tables) {
            return tables.tasks.tailMap(afterId, false).values().stream()
                    .filter(task -> task.namespace().equals(namespace) && task.enabled() && task.nextFireAt() != null)
                    .limit(limit).map(InMemorySchedulerStore::state).toList();
        }
    }

    @Override
    public Map<Long, Task> tasks(Collection<Long> ids) {
        synchronized (tables) {
            Map<Long, Task> found = new HashMap<>();
            for (Long id : ids) {
                Task task = tables.tasks.get(id);
                if (task != null) {
                    found.put(id, task);
                }
            }
            return found;
        }
    }

    @Override
    public Set<String> groups(String namespace) {
        synchronized (tables) {
            Set<String> groups = new HashSet<>();
            tables.tasks.values().stream().filter(task -> task.namespace().equals(namespace))
                    .forEach(task -> groups.add(task.group()));
            return groups;
        }
    }

    private static ScheduleState state(Task task) {
        return new ScheduleState(task.id(), task.enabled(), task.nextFireAt(), task.updatedAt(), task.version());
    }
}
