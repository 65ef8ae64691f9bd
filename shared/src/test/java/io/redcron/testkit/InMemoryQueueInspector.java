package io.redcron.testkit;

import io.redcron.port.QueueInspector;
import io.redcron.testkit.Keyspace.Delivery;
import io.redcron.testkit.Keyspace.Stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The operators' look at the in-memory queue: every stream with its pending entries per consumer. */
public final class InMemoryQueueInspector implements QueueInspector {
    private static final int RECENT_DEAD = 20;

    private final Keyspace keyspace;

    InMemoryQueueInspector(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public QueueStats stats() {
        synchronized (keyspace) {
            List<StreamStats> streams = new ArrayList<>();
            for (Map.Entry<String, Stream> entry : keyspace.streams.entrySet()) {
                Stream stream = entry.getValue();
                Map<String, Long> pending = new TreeMap<>();
                for (Delivery delivery : stream.pending.values()) {
                    pending.merge(delivery.consumer(), 1L, Long::sum);
                }
                streams.add(new StreamStats(entry.getKey(), stream.entries.size(), stream.pending.size(), pending));
            }
            List<DeadRun> recent = new ArrayList<>(keyspace.dead.subList(Math.max(0, keyspace.dead.size() - RECENT_DEAD),
                    keyspace.dead.size()));
            java.util.Collections.reverse(recent);
            return new QueueStats(streams, keyspace.delayed.size(), keyspace.dead.size(), recent);
        }
    }

    @Override
    public List<PendingEntry> pending(String group, int limit) {
        synchronized (keyspace) {
            Stream stream = keyspace.streams.get(group);
            if (stream == null) {
                return List.of();
            }
            return stream.pending.entrySet().stream()
                    .sorted((a, b) -> Keyspace.compareIds(a.getKey(), b.getKey()))
                    .limit(limit)
                    .map(e -> new PendingEntry(group, e.getValue().consumer(), e.getKey(),
                            stream.entries.getOrDefault(e.getKey(), 0L),
                            java.time.Duration.between(e.getValue().at(), keyspace.now()), 1))
                    .toList();
        }
    }

    @Override
    public List<DelayedRun> delayed(int limit) {
        synchronized (keyspace) {
            return keyspace.delayed.entrySet().stream()
                    .sorted(Map.Entry.comparingByValue())
                    .limit(limit)
                    .map(e -> {
                        int bar = e.getKey().lastIndexOf('|');
                        return new DelayedRun(e.getKey().substring(0, bar), Long.parseLong(e.getKey().substring(bar + 1)),
                                e.getValue());
                    })
                    .toList();
        }
    }
}
