package io.redcron.testkit;

import io.redcron.domain.NodeInfo;
import io.redcron.port.QueueInspector;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The hot state the in-memory queue, schedule index, lease and registry share, as one Redis
 * server holds it for a namespace. Everything works under this object's monitor, so what a Lua
 * script does atomically (a dispatch, a promotion) is atomic here too.
 */
final class Keyspace {
    final Clock clock;
    /** Group → its stream, entries in the order they were added. */
    final Map<String, Stream> streams = new TreeMap<>();
    /** {@code group|runId} → when it is due. */
    final Map<String, Instant> delayed = new HashMap<>();
    final List<QueueInspector.DeadRun> dead = new ArrayList<>();
    final Map<Long, Instant> schedule = new HashMap<>();
    /** Task id → its latest fire that failed for good (FailingTasks). */
    final Map<Long, io.redcron.port.FailingTasks.Failure> failing = new HashMap<>();
    String leader;
    Instant leaderUntil;
    final Map<String, NodeInfo> nodes = new TreeMap<>();
    final Map<String, Instant> nodesUntil = new HashMap<>();
    /** Each node's last heartbeat and until when it is kept (NodeRegistry.lost). */
    final Map<String, NodeInfo> nodesSeen = new TreeMap<>();
    final Map<String, Instant> nodesSeenUntil = new HashMap<>();
    private long lastEntryMillis;
    private long entrySequence;

    Keyspace(Clock clock) {
        this.clock = clock;
    }

    Instant now() {
        return clock.instant();
    }

    /** A new entry id, {@code millis-sequence}, always after the last one (as Redis makes them). */
    String nextEntryId() {
        long millis = Math.max(clock.millis(), lastEntryMillis);
        entrySequence = millis == lastEntryMillis ? entrySequence + 1 : 0;
        lastEntryMillis = millis;
        return millis + "-" + entrySequence;
    }

    Stream stream(String group) {
        return streams.computeIfAbsent(group, g -> new Stream());
    }

    /** One group's stream with its consumer group: entries by id, and who holds which since when. */
    static final class Stream {
        final LinkedHashMap<String, Long> entries = new LinkedHashMap<>();
        /** Entries delivered and not acknowledged: entry id → consumer and delivery time. */
        final Map<String, Delivery> pending = new HashMap<>();
        /** The last entry handed to any consumer; null: none yet. */
        String lastDelivered;
        boolean hasGroup;
    }

    record Delivery(String consumer, Instant at) {
    }

    static int compareIds(String a, String b) {
        int dashA = a.indexOf('-');
        int dashB = b.indexOf('-');
        int byMillis = Long.compare(Long.parseLong(a.substring(0, dashA)), Long.parseLong(b.substring(0, dashB)));
        return byMillis != 0 ? byMillis : Long.compare(Long.parseLong(a.substring(dashA + 1)),
                Long.parseLong(b.substring(dashB + 1)));
    }
}
