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
}
