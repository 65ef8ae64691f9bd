package io.redcron.store.redis;

import io.redcron.port.Dispatch;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XAutoClaimParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs on Redis streams, one per routing group, read by the consumer group {@code workers}.
 * Entries are acknowledged and deleted as soon as the run store has decided a run's fate (claimed
 * or dropped), so a stream holds only runs waiting for a worker.
 */
public final class RedisRunQueue implements RunQueue {
    private static final String RUN = "run";
    private static final long DEAD_MAX_LENGTH = 100_000;

    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisRunQueue(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public void dispatch(Dispatch dispatch) {
        List<String> keyList = new ArrayList<>();
        keyList.add(keys.schedule());
        Map<String, Integer> streamIndex = new LinkedHashMap<>();
        List<String> args = new ArrayList<>();
        args.add(Integer.toString(dispatch.enqueue().size()));
        for (QueuedRun run : dispatch.enqueue()) {
            String stream = keys.stream(run.group());
            Integer index = streamIndex.get(stream);
            if (index == null) {
                keyList.add(stream);
                index = keyList.size();
                streamIndex.put(stream, index);
            }
            args.add(Integer.toString(index));
            args.add(Long.toString(run.runId()));
        }
        args.add(Integer.toString(dispatch.advance().size()));
        for (Dispatch.Advance advance : dispatch.advance()) {
            args.add(Long.toString(advance.taskId()));
            args.add(Long.toString(advance.due().toEpochMilli()));
            args.add(advance.next() == null ? "" : Long.toString(advance.next().toEpochMilli()));
        }
        LuaScripts.DISPATCH.eval(redis, keyList, args);
    }

    @Override
    public void enqueue(Collection<QueuedRun> runs) {
        if (runs.isEmpty()) {
            return;
        }
        try (AbstractPipeline pipeline = redis.pipelined()) {
            for (QueuedRun run : runs) {
                pipeline.xadd(keys.stream(run.group()), XAddParams.xAddParams(), Map.of(RUN, Long.toString(run.runId())));
            }
            pipeline.sync();
        }
    }

    @Override
    public List<QueuedRun> read(String consumer, Set<String> groups, int count, Duration block) {
        Map<String, StreamEntryID> streams = new LinkedHashMap<>();
        Map<String, String> groupOfStream = new LinkedHashMap<>();
        for (String group : groups) {
            streams.put(keys.stream(group), StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY);
            groupOfStream.put(keys.stream(group), group);
        }
        XReadGroupParams params = XReadGroupParams.xReadGroupParams().count(count);
        if (!block.isNegative() && !block.isZero()) {
            // To Redis BLOCK 0 means "forever": no wait is no BLOCK, and under a millisecond rounds up.
            params.block((int) Math.min(Integer.MAX_VALUE, Math.max(1, block.toMillis())));
        }
        Map<String, List<StreamEntry>> read;
        try {
            read = redis.xreadGroupAsMap(keys.consumerGroup(), consumer, params, streams);
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("NOGROUP")) {
                throw e;
            }
            // The stream or its group is gone (new namespace, or Redis lost its data): recreate.
            ensureGroups(groups);
            read = redis.xreadGroupAsMap(keys.consumerGroup(), consumer, params, streams);
        }
        List<QueuedRun> runs = new ArrayList<>();
        if (read == null) {
            return runs;
        }
        read.forEach((stream, entries) -> {
            for (StreamEntry entry : entries) {
                runs.add(toRun(groupOfStream.get(stream), entry));
            }
        });
        return runs;
    }

    @Override
    public void ack(Collection<QueuedRun> runs) {
        if (runs.isEmpty()) {
            return;
        }
        // One XACK and one XDEL per stream, each naming all its entries: a command per entry
        // made acknowledging cost Redis as much as the rest of a run's trip.
        Map<String, List<StreamEntryID>> byStream = new LinkedHashMap<>();
        for (QueuedRun run : runs) {
            if (run.entryId() != null) {
                byStream.computeIfAbsent(keys.stream(run.group()), stream -> new ArrayList<>())
                        .add(new StreamEntryID(run.entryId()));
            }
        }
        if (byStream.isEmpty()) {
            return;
        }
        try (AbstractPipeline pipeline = redis.pipelined()) {
            byStream.forEach((stream, ids) -> {
                StreamEntryID[] entries = ids.toArray(new StreamEntryID[0]);
                pipeline.xack(stream, keys.consumerGroup(), entries);
                pipeline.xdel(stream, entries);
            });
            pipeline.sync();
        }
    }

    @Override
    public void delay(QueuedRun run, Instant due) {
        redis.zadd(keys.delayed(), due.toEpochMilli(), member(run));
    }

    @Override
    public int promoteDue(Instant now, int limit) {
        String due = Long.toString(now.toEpochMilli());
        Set<String> groups = new TreeSet<>();
        for (String member : redis.zrangeByScore(keys.delayed(), "-inf", due, 0, limit)) {
            int bar = member.indexOf('|');
            if (bar > 0) {
                groups.add(member.substring(0, bar));
            }
        }
        if (groups.isEmpty()) {
            return 0;
        }
        List<String> keyList = new ArrayList<>();
        List<String> args = new ArrayList<>();
        keyList.add(keys.delayed());
        args.add(due);
        args.add(Integer.toString(limit));
        for (String group : groups) {
            keyList.add(keys.stream(group));
            args.add(group);
        }
        Object moved = LuaScripts.PROMOTE_DELAYED.eval(redis, keyList, args);
        return moved instanceof Long value ? value.intValue() : 0;
    }

    @Override
    public List<QueuedRun> reclaimIdle(String group, String consumer, Duration idle, int count) {
        List<QueuedRun> runs = new ArrayList<>();
        try {
            Map.Entry<StreamEntryID, List<StreamEntry>> claimed = redis.xautoclaim(keys.stream(group),
                    keys.consumerGroup(), consumer, idle.toMillis(), new StreamEntryID(0, 0),
                    XAutoClaimParams.xAutoClaimParams().count(count));
            for (StreamEntry entry : claimed.getValue()) {
                if (entry != null && entry.getFields() != null) {
                    runs.add(toRun(group, entry));
                }
            }
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("NOGROUP")) {
                throw e;
            }
        }
        return runs;
    }

    @Override
    public void dead(QueuedRun run, String reason, Instant at) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(RUN, Long.toString(run.runId()));
        fields.put("group", run.group());
        fields.put("reason", reason == null ? "" : reason);
        fields.put("at", Long.toString(at.toEpochMilli()));
        redis.xadd(keys.dead(), XAddParams.xAddParams().maxLen(DEAD_MAX_LENGTH).approximateTrimming(), fields);
    }

    @Override
    public Set<Long> waiting(String group, int limit) {
        Set<Long> ids = new LinkedHashSet<>();
        for (StreamEntry entry : redis.xrange(keys.stream(group), StreamEntryID.MINIMUM_ID, StreamEntryID.MAXIMUM_ID, limit)) {
            String run = entry.getFields().get(RUN);
            if (run != null) {
                ids.add(Long.parseLong(run));
            }
        }
        return ids;
    }

    @Override
    public Set<Long> delayed(int limit) {
        Set<Long> ids = new LinkedHashSet<>();
        if (limit < 1) {
            return ids;
        }
        for (String member : redis.zrange(keys.delayed(), 0, limit - 1)) {
            ids.add(Long.parseLong(member.substring(member.indexOf('|') + 1)));
        }
        return ids;
    }

    @Override
    public void ensureGroups(Set<String> groups) {
        for (String group : groups) {
            try {
                redis.xgroupCreate(keys.stream(group), keys.consumerGroup(), new StreamEntryID(0, 0), true);
            } catch (JedisDataException e) {
                if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                    throw e;
                }
            }
        }
    }

    private static String member(QueuedRun run) {
        return run.group() + "|" + run.runId();
    }

    private static QueuedRun toRun(String group, StreamEntry entry) {
        return new QueuedRun(group, Long.parseLong(entry.getFields().get(RUN)), entry.getID().toString());
    }
}
