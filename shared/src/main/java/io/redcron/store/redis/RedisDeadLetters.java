package io.redcron.store.redis;

import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.resps.StreamEntry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The dead list as a capped stream ({@code dead}): one entry per run that failed for good, with
 * fields {@code run}, {@code group}, {@code reason} and {@code at} (epoch milliseconds). Taking an
 * entry is an {@code XDEL}, which removes it for exactly one caller.
 */
public final class RedisDeadLetters implements DeadLetters {
    /** Far more than operators read; it only keeps memory bounded when nobody looks. */
    private static final long MAX_LENGTH = 100_000;

    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisDeadLetters(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** Adds an entry; the writer behind {@link io.redcron.port.RunQueue#dead} too. */
    void add(long runId, String group, String reason, Instant at) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("run", Long.toString(runId));
        fields.put("group", group);
        fields.put("reason", reason == null ? "" : reason);
        fields.put("at", Long.toString(at.toEpochMilli()));
        redis.xadd(keys.dead(), XAddParams.xAddParams().maxLen(MAX_LENGTH).approximateTrimming(), fields);
    }

    @Override
    public List<DeadRun> recent(int limit) {
        List<DeadRun> runs = new ArrayList<>();
        for (StreamEntry entry : redis.xrevrange(keys.dead(), StreamEntryID.MAXIMUM_ID, StreamEntryID.MINIMUM_ID,
                limit)) {
            runs.add(deadRun(entry));
        }
        return runs;
    }

    @Override
    public Optional<DeadRun> get(String entryId) {
        StreamEntryID id = entryId(entryId);
        if (id == null) {
            return Optional.empty();
        }
        return redis.xrange(keys.dead(), id, id, 1).stream().findFirst().map(RedisDeadLetters::deadRun);
    }

    @Override
    public long count() {
        return redis.xlen(keys.dead());
    }

    @Override
    public boolean take(String entryId) {
        StreamEntryID id = entryId(entryId);
        return id != null && redis.xdel(keys.dead(), id) == 1;
    }

    @Override
    public void putBack(DeadRun entry) {
        add(entry.runId(), entry.group(), entry.reason(), entry.at());
    }

    @Override
    public long remove(Collection<String> entryIds) {
        StreamEntryID[] ids = entryIds.stream().map(RedisDeadLetters::entryId).filter(id -> id != null)
                .toArray(StreamEntryID[]::new);
        return ids.length == 0 ? 0 : redis.xdel(keys.dead(), ids);
    }

    @Override
    public long removeAll() {
        Object purged = LuaScripts.PURGE_STREAM.eval(redis, List.of(keys.dead()), List.of());
        return purged instanceof Long length ? length : 0;
    }

    static DeadRun deadRun(StreamEntry entry) {
        Map<String, String> fields = entry.getFields();
        return new DeadRun(entry.getID().toString(), number(fields.get("run")), fields.getOrDefault("group", ""),
                fields.getOrDefault("reason", ""), Instant.ofEpochMilli(number(fields.get("at"))));
    }

    /** An id as Redis writes them ({@code ms-seq}); null for anything else, which names no entry. */
    private static StreamEntryID entryId(String text) {
        if (text == null || !text.matches("\\d{1,19}-\\d{1,19}")) {
            return null;
        }
        try {
            return new StreamEntryID(text);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static long number(String text) {
        try {
            return text == null ? 0 : Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
