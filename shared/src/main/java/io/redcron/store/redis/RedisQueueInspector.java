package io.redcron.store.redis;

import io.redcron.port.QueueInspector;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.XPendingParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.resps.StreamPendingEntry;
import redis.clients.jedis.resps.StreamPendingSummary;
import redis.clients.jedis.resps.Tuple;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Queue statistics and details from the namespace's streams, delayed set and dead stream. */
public final class RedisQueueInspector implements QueueInspector {
    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisQueueInspector(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public QueueStats stats() {
        List<StreamStats> streams = new ArrayList<>();
        for (String group : groups()) {
            String stream = keys.stream(group);
            long length = redis.xlen(stream);
            long pendingTotal = 0;
            Map<String, Long> pending = Map.of();
            try {
                StreamPendingSummary summary = redis.xpending(stream, keys.consumerGroup());
                pendingTotal = summary.getTotal();
                pending = summary.getConsumerMessageCount() == null ? Map.of() : summary.getConsumerMessageCount();
            } catch (JedisDataException e) {
                // No consumer group yet: no worker has read this stream.
            }
            streams.add(new StreamStats(group, length, pendingTotal, pending));
        }
        RedisDeadLetters dead = new RedisDeadLetters(redis, keys);
        return new QueueStats(streams, redis.zcard(keys.delayed()), dead.count(), dead.recent(20));
    }

    @Override
    public List<PendingEntry> pending(String group, int limit) {
        String stream = keys.stream(group);
        List<StreamPendingEntry> entries;
        try {
            entries = redis.xpending(stream, keys.consumerGroup(), XPendingParams.xPendingParams().count(limit));
        } catch (JedisDataException e) {
            // No consumer group: no worker has read this stream (or Redis lost it), so nothing is pending.
            return List.of();
        }
        // Pending entries carry only stream ids; the run ids are in the entries themselves.
        List<Response<List<StreamEntry>>> bodies = new ArrayList<>();
        try (AbstractPipeline pipeline = redis.pipelined()) {
            for (StreamPendingEntry entry : entries) {
                bodies.add(pipeline.xrange(stream, entry.getID(), entry.getID(), 1));
            }
            pipeline.sync();
        }
        List<PendingEntry> rows = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            StreamPendingEntry entry = entries.get(i);
            List<StreamEntry> body = bodies.get(i).get();
            long runId = body == null || body.isEmpty() || body.get(0).getFields() == null ? 0
                    : parse(body.get(0).getFields().get("run"));
            rows.add(new PendingEntry(group, entry.getConsumerName(), entry.getID().toString(), runId,
                    Duration.ofMillis(entry.getIdleTime()), entry.getDeliveredTimes()));
        }
        return rows;
    }

    @Override
    public List<DelayedRun> delayed(int limit) {
        List<DelayedRun> runs = new ArrayList<>();
        for (Tuple member : redis.zrangeWithScores(keys.delayed(), 0, limit - 1L)) {
            // Members are "group|runId", as RedisRunQueue writes them.
            String text = member.getElement();
            int bar = text.indexOf('|');
            runs.add(new DelayedRun(bar < 0 ? "" : text.substring(0, bar), parse(text.substring(bar + 1)),
                    Instant.ofEpochMilli((long) member.getScore())));
        }
        return runs;
    }

    private TreeSet<String> groups() {
        TreeSet<String> groups = new TreeSet<>();
        String prefix = keys.stream("");
        String cursor = ScanParams.SCAN_POINTER_START;
        ScanParams params = new ScanParams().match(prefix + "*").count(500);
        do {
            ScanResult<String> page = redis.scan(cursor, params);
            for (String key : page.getResult()) {
                groups.add(key.substring(prefix.length()));
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return groups;
    }

    private static long parse(String text) {
        try {
            return text == null ? 0 : Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
