package io.redcron.store.redis;

import io.redcron.port.QueueInspector;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.resps.StreamPendingSummary;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Queue statistics from the namespace's streams, delayed set and dead stream. */
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
        List<DeadRun> recent = new ArrayList<>();
        for (StreamEntry entry : redis.xrevrange(keys.dead(), StreamEntryID.MAXIMUM_ID, StreamEntryID.MINIMUM_ID, 20)) {
            Map<String, String> f = entry.getFields();
            recent.add(new DeadRun(entry.getID().toString(), parse(f.get("run")), f.getOrDefault("group", ""),
                    f.getOrDefault("reason", ""), Instant.ofEpochMilli(parse(f.get("at")))));
        }
        return new QueueStats(streams, redis.zcard(keys.delayed()), redis.xlen(keys.dead()), recent);
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
            return text == null ? 0 : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
