package io.redcron.testkit;

import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The dead list in memory, entry ids {@code 1-N} in the order written. */
public final class InMemoryDeadLetters implements DeadLetters {
    private final Map<String, DeadRun> entries = new LinkedHashMap<>();
    private long written;

    /** Adds a run that failed for good, as {@code RunQueue.dead} does; returns the entry. */
    public synchronized DeadRun add(DeadRun run) {
        DeadRun entry = new DeadRun("1-" + ++written, run.runId(), run.group(), run.reason(), run.at());
        entries.put(entry.entryId(), entry);
        return entry;
    }

    @Override
    public synchronized List<DeadRun> recent(int limit) {
        List<DeadRun> newestFirst = new ArrayList<>(entries.values());
        java.util.Collections.reverse(newestFirst);
        return List.copyOf(newestFirst.subList(0, Math.min(limit, newestFirst.size())));
    }

    @Override
    public synchronized Optional<DeadRun> get(String entryId) {
        return Optional.ofNullable(entries.get(entryId));
    }

    @Override
    public synchronized long count() {
        return entries.size();
    }

    @Override
    public synchronized boolean take(String entryId) {
        return entries.remove(entryId) != null;
    }

    @Override
    public void putBack(DeadRun entry) {
        add(entry);
    }

    @Override
    public synchronized long remove(Collection<String> entryIds) {
        return entryIds.stream().distinct().filter(id -> entries.remove(id) != null).count();
    }

    @Override
    public synchronized long removeAll() {
        long count = entries.size();
        entries.clear();
        return count;
    }
}
