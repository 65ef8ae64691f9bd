package io.redcron.testkit;

import io.redcron.port.ScheduleIndex;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The schedule index in memory: task id → next fire, earliest first, ties by task id (as a sorted set orders them). */
public final class InMemoryScheduleIndex implements ScheduleIndex {
    private static final Comparator<Entry> EARLIEST_FIRST = Comparator.comparing(Entry::due)
            .thenComparing(entry -> Long.toString(entry.taskId()));

    private final Keyspace keyspace;

    InMemoryScheduleIndex(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public List<Entry> due(Instant now, int limit) {
        synchronized (keyspace) {
            return keyspace.schedule.entrySet().stream().map(e -> new Entry(e.getKey(), e.getValue()))
                    .filter(entry -> !entry.due().isAfter(now)).sorted(EARLIEST_FIRST).limit(limit).toList();
        }
    }

    @Override
    public Optional<Instant> earliest() {
        synchronized (keyspace) {
            return keyspace.schedule.values().stream().min(Comparator.naturalOrder());
        }
    }

    @Override
    public void put(Map<Long, Instant> nextFires) {
        synchronized (keyspace) {
            // Scores are milliseconds, as in the sorted set.
            nextFires.forEach((task, due) -> keyspace.schedule.put(task, Instant.ofEpochMilli(due.toEpochMilli())));
        }
    }

    @Override
    public void remove(Collection<Long> taskIds) {
        synchronized (keyspace) {
            taskIds.forEach(keyspace.schedule::remove);
        }
    }

    @Override
    public long size() {
        synchronized (keyspace) {
            return keyspace.schedule.size();
        }
    }

    @Override
    public boolean exists() {
        synchronized (keyspace) {
            return !keyspace.schedule.isEmpty();
        }
    }

    /** Loses the whole index, as a Redis that restarted empty does. */
    public void lose() {
        synchronized (keyspace) {
            keyspace.schedule.clear();
        }
    }
}
