package io.redcron.store.redis;

import io.redcron.port.LiveOutput;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XReadParams;
import redis.clients.jedis.resps.StreamEntry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Live output as one capped stream per run ({@code log:{runId}}): entries carry {@code out} (a
 * chunk) or {@code end} (the attempt's end marker). A stream with output expires long after any
 * run could still be writing it, and ten minutes after its end marker.
 */
public final class RedisLiveOutput implements LiveOutput {
    private static final String OUT = "out";
    private static final String END = "end";
    /** Entries kept per run; a follower that falls further behind skips the oldest. */
    static final long MAX_ENTRIES = 256;
    private static final Duration KEEP_AFTER_END = Duration.ofMinutes(10);
    private static final Duration KEEP_WHILE_WRITTEN = Duration.ofDays(8);

    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisLiveOutput(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public Slice read(long runId, String cursor, Duration wait, int max) {
        XReadParams params = XReadParams.xReadParams().count(max);
        if (!wait.isZero()) {
            params.block((int) Math.min(Integer.MAX_VALUE, wait.toMillis()));
        }
        List<Map.Entry<String, List<StreamEntry>>> read = redis.xread(params,
                Map.of(keys.log(runId), new StreamEntryID(cursor)));
        List<Entry> entries = new ArrayList<>();
        String last = cursor;
        if (read != null) {
            for (Map.Entry<String, List<StreamEntry>> stream : read) {
                for (StreamEntry entry : stream.getValue()) {
                    last = entry.getID().toString();
                    Map<String, String> fields = entry.getFields();
                    if (fields.containsKey(OUT)) {
                        entries.add(new Entry(fields.get(OUT)));
                    }
                    if (fields.containsKey(END)) {
                        entries.add(Entry.END);
                    }
                }
            }
        }
        return new Slice(entries, last);
    }

    @Override
    public void write(Collection<Write> writes) {
        if (writes.isEmpty()) {
            return;
        }
        XAddParams capped = XAddParams.xAddParams().maxLen(MAX_ENTRIES).approximateTrimming();
        try (AbstractPipeline pipeline = redis.pipelined()) {
            for (Write write : writes) {
                String key = keys.log(write.runId());
                for (String chunk : write.chunks()) {
                    pipeline.xadd(key, capped, Map.of(OUT, chunk));
                }
                if (write.end()) {
                    pipeline.xadd(key, capped, Map.of(END, "1"));
                    pipeline.pexpire(key, KEEP_AFTER_END.toMillis());
                } else if (!write.chunks().isEmpty()) {
                    pipeline.pexpire(key, KEEP_WHILE_WRITTEN.toMillis());
                }
            }
            pipeline.sync();
        }
    }
}
