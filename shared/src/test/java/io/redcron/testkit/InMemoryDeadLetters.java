package io.redcron.testkit;

import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The dead list in memory: the same list {@link InMemoryRunQueue#dead} writes when the two come
 * from one {@link InMemoryStores}, as both are one stream in Redis.
 */
public final class InMemoryDeadLetters implements DeadLetters {
    private final Keyspace keyspace;

    /** A dead list of its own. */
    public InMemoryDeadLetters() {
        this(new Keyspace(Clock.systemUTC()));
    }

    InMemoryDeadLetters(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public List<DeadRun> recent(int limit) {
        synchronized (keyspace) {
            List<DeadRun> newestFirst = new ArrayList<>();
            for (int i = keyspace.dead.size() - 1; i >= 0 && newestFirst.size() < limit; i--) {
                newestFirst.add(keyspace.dead.get(i));
            }
            return newestFirst;
        }
    }

    @Override
    public Optional<DeadRun> get(String entryId) {
        synchronized (keyspace) {
            return keyspace.dead.stream().filter(entry -> entry.entryId().equals(entryId)).findFirst();
        }
    }

    @Override
    public long count() {
        synchronized (keyspace) {
            return keyspace.dead.size();
        }
    }

    @Override
    public boolean take(String entryId) {
        synchronized (keyspace) {
            return keyspace.dead.removeIf(entry -> entry.entryId().equals(entryId));
        }
    }

    @Override
    public void putBack(DeadRun entry) {
        synchronized (keyspace) {
            keyspace.dead.add(new DeadRun(keyspace.nextEntryId(), entry.runId(), entry.group(), entry.reason(),
                    entry.at()));
        }
    }

    @Override
    public long remove(Collection<String> entryIds) {
        Set<String> ids = new HashSet<>(entryIds);
        synchronized (keyspace) {
            int before = keyspace.dead.size();
            keyspace.dead.removeIf(entry -> ids.contains(entry.entryId()));
            return before - keyspace.dead.size();
        }
    }

    @Override
    public long removeAll() {
        synchronized (keyspace) {
            long count = keyspace.dead.size();
            keyspace.dead.clear();
            return count;
        }
    }
}
