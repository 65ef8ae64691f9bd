package io.redcron.desktop.queues;

import io.redcron.port.QueueInspector;
import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.Response;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.XPendingParams;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.resps.StreamPendingEntry;
import redis.clients.jedis.resps.Tuple;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Reads the namespace's queues from Redis for the queues screen: the inspector's per-stream
 * counts, then the details it leaves out (each delivered entry, the delayed runs with their due
 * times, the recent dead runs). Every list is capped so that a flooded queue costs a screenful.
 */
final class QueueReader {
    static final int PENDING_LIMIT = 100;
    static final int DELAYED_LIMIT = 200;
    static final int DEAD_LIMIT = 200;

    private final UnifiedJedis redis;
    private final RedisKeys keys;
    private final QueueInspector inspector;
    private final Spans spans;

    QueueReader(UnifiedJedis redis, RedisKeys keys, QueueInspector inspector, Spans spans) {
        this.redis = redis;
        this.keys = keys;
        this.inspector = inspector;
        this.spans = spans;
    }

    QueueSnapshot read(Instant now) {
        QueueInspector.QueueStats stats = inspector.stats();
        List<StreamRow> streams = new ArrayList<>();
        List<PendingRow> pending = new ArrayList<>();
        for (QueueInspector.StreamStats stream : stats.streams()) {
            streams.add(new StreamRow(stream.group(), stream.length(), stream.pendingTotal(),
                    new TreeMap<>(stream.pending()).entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))));
            if (stream.pendingTotal() > 0) {
                pending.addAll(pending(stream.group()));
            }
        }
        return new QueueSnapshot(streams, pending, delayed(now), dead(), stats.delayed(), stats.dead());
    }

    private List<PendingRow> pending(String group) {
        String stream = keys.stream(group);
        List<StreamPendingEntry> entries;
        try {
            entries = redis.xpending(stream, keys.consumerGroup(), XPendingParams.xPendingParams().count(PENDING_LIMIT));
        } catch (JedisDataException e) {
            // The group went away between the count and this read (Redis lost its data): nothing is pending.
            return List.of();
        }
        // The entries carry only stream ids; the run ids are in the entries themselves.
        List<Response<List<StreamEntry>>> bodies = new ArrayList<>();
        try (AbstractPipeline pipeline = redis.pipelined()) {
            for (StreamPendingEntry entry : entries) {
                bodies.add(pipeline.xrange(stream, entry.getID(), entry.getID(), 1));
            }
            pipeline.sync();
        }
        List<PendingRow> rows = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            StreamPendingEntry entry = entries.get(i);
            List<StreamEntry> body = bodies.get(i).get();
            String run = body == null || body.isEmpty() || body.get(0).getFields() == null ? ""
                    : body.get(0).getFields().getOrDefault("run", "");
            Duration idle = Duration.ofMillis(entry.getIdleTime());
            rows.add(new PendingRow(group, entry.getConsumerName(), entry.getID().toString(), run, idle,
                    spans.span(idle), entry.getDeliveredTimes()));
        }
        return rows;
    }

    private List<DelayedRow> delayed(Instant now) {
        List<DelayedRow> rows = new ArrayList<>();
        for (Tuple member : redis.zrangeWithScores(keys.delayed(), 0, DELAYED_LIMIT - 1)) {
            // Members are "group|runId", as RedisRunQueue writes them.
            String text = member.getElement();
            int bar = text.indexOf('|');
            Instant due = Instant.ofEpochMilli((long) member.getScore());
            rows.add(new DelayedRow(bar < 0 ? "" : text.substring(0, bar), number(text.substring(bar + 1)), due,
                    spans.due(due, now)));
        }
        return rows;
    }

    private List<DeadRow> dead() {
        List<DeadRow> rows = new ArrayList<>();
        for (StreamEntry entry : redis.xrevrange(keys.dead(), StreamEntryID.MAXIMUM_ID, StreamEntryID.MINIMUM_ID,
                DEAD_LIMIT)) {
            Map<String, String> fields = entry.getFields();
            Instant at = Instant.ofEpochMilli(number(fields.get("at")));
            rows.add(new DeadRow(entry.getID().toString(), number(fields.get("run")), fields.getOrDefault("group", ""),
                    fields.getOrDefault("reason", ""), at, spans.time(at)));
        }
        return rows;
    }

    private static long number(String text) {
        try {
            return text == null ? 0 : Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
