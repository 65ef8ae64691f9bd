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
import redis.clients.jedis.params.XPendingParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.resps.StreamPendingEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Runs on Redis streams, one per routing group, read by the consumer group {@code workers}.
 * Entries are acknowledged and deleted as soon as the run store has decided a run's fate (claimed
 * or dropped), so a stream holds only runs waiting for a worker.
 *
 * <p>Every stream is capped (approximately, which lets Redis trim whole nodes cheaply). A run
 * trimmed away is still waiting in the run store: the reconciler queues it again once the backlog
 * in front of it is short enough to prove it missing. An entry that carries no run id (written by
 * hand, or by another program) is acknowledged and removed where it is met, never passed on.
 */
public final class RedisRunQueue implements RunQueue {
    /** Far beyond any backlog a cluster clears in a queue deadline; it only keeps memory bounded. */
    public static final long STREAM_MAX_LENGTH = 1_000_000;
    private static final Logger LOG = LoggerFactory.getLogger(RedisRunQueue.class);
    private static final String RUN = "run";
    /** As written by this class (and matched the same way by promote_delayed.lua): no sign, no leading zero. */
    private static final Pattern RUN_ID = Pattern.compile("[1-9][0-9]{0,18}");

    private final UnifiedJedis redis;
    private final RedisKeys keys;
    private final long streamMaxLength;

    public RedisRunQueue(UnifiedJedis redis, RedisKeys keys) {
        this(redis, keys, STREAM_MAX_LENGTH);
    }

    public RedisRunQueue(UnifiedJedis redis, RedisKeys keys, long streamMaxLength) {
        if (streamMaxLength < 1) {
            throw new IllegalArgumentException("streamMaxLength: must be at least 1, got " + streamMaxLength);
        }
        this.redis = redis;
        this.keys = keys;
        this.streamMaxLength = streamMaxLength;
    }

    @Override
    public void dispatch(Dispatch dispatch) {
        List<String> keyList = new ArrayList<>();
        keyList.add(keys.schedule());
        Map<String, Integer> streamIndex = new LinkedHashMap<>();
        List<String> args = new ArrayList<>();
        args.add(Long.toString(streamMaxLength));
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
                pipeline.xadd(keys.stream(run.group()), capped(), Map.of(RUN, Long.toString(run.runId())));
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
        Map<String, List<StreamEntryID>> malformed = new LinkedHashMap<>();
        read.forEach((stream, entries) -> {
            for (StreamEntry entry : entries) {
                Long runId = runIdOf(entry);
                if (runId == null) {
                    malformed.computeIfAbsent(stream, s -> new ArrayList<>()).add(entry.getID());
                } else {
                    runs.add(new QueuedRun(groupOfStream.get(stream), runId, entry.getID().toString()));
                }
            }
        });
        removeMalformed(malformed);
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
        boolean malformed = false;
        for (String member : redis.zrangeByScore(keys.delayed(), "-inf", due, 0, limit)) {
            if (runIdOf(member) == null) {
                malformed = true;
            } else {
                groups.add(member.substring(0, member.indexOf('|')));
            }
        }
        if (groups.isEmpty() && !malformed) {
            return 0;
        }
        List<String> keyList = new ArrayList<>();
        List<String> args = new ArrayList<>();
        keyList.add(keys.delayed());
        args.add(due);
        args.add(Integer.toString(limit));
        args.add(Long.toString(streamMaxLength));
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
        String stream = keys.stream(group);
        try {
            Map.Entry<StreamEntryID, List<StreamEntry>> claimed = redis.xautoclaim(stream,
                    keys.consumerGroup(), consumer, idle.toMillis(), new StreamEntryID(0, 0),
                    XAutoClaimParams.xAutoClaimParams().count(count));
            List<StreamEntryID> malformed = new ArrayList<>();
            for (StreamEntry entry : claimed.getValue()) {
                // Redis 6.2 answers an entry deleted while pending with an empty one: nothing to hand over.
                if (entry == null || entry.getFields() == null) {
                    continue;
                }
                Long runId = runIdOf(entry);
                if (runId == null) {
                    malformed.add(entry.getID());
                } else {
                    runs.add(new QueuedRun(group, runId, entry.getID().toString()));
                }
            }
            removeMalformed(Map.of(stream, malformed));
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("NOGROUP")) {
                throw e;
            }
        }
        return runs;
    }

    @Override
    public void dead(QueuedRun run, String reason, Instant at) {
        new RedisDeadLetters(redis, keys).add(run.runId(), run.group(), reason, at);
    }

    @Override
    public Set<Long> waiting(String group, int limit) {
        Set<Long> ids = new LinkedHashSet<>();
        for (StreamEntry entry : redis.xrange(keys.stream(group), StreamEntryID.MINIMUM_ID, StreamEntryID.MAXIMUM_ID, limit)) {
            Long runId = runIdOf(entry);
            if (runId != null) {
                ids.add(runId);
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
            Long runId = runIdOf(member);
            if (runId != null) {
                ids.add(runId);
            }
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

    @Override
    public long length(String group) {
        return redis.xlen(keys.stream(group));
    }

    @Override
    public Page entries(String group, String after, int count) {
        String stream = keys.stream(group);
        String start = after == null ? "-" : "(" + after;
        List<StreamEntry> read = redis.xrange(stream, start, "+", count);
        if (read.isEmpty()) {
            return new Page(List.of(), null);
        }
        Map<String, Duration> pending = pendingFor(stream, read.get(0).getID(), read.get(read.size() - 1).getID(), count);
        List<Entry> entries = new ArrayList<>(read.size());
        List<StreamEntryID> malformed = new ArrayList<>();
        for (StreamEntry entry : read) {
            Long runId = runIdOf(entry);
            String id = entry.getID().toString();
            if (runId == null) {
                malformed.add(entry.getID());
            } else {
                entries.add(new Entry(new QueuedRun(group, runId, id), pending.get(id)));
            }
        }
        removeMalformed(Map.of(stream, malformed));
        return new Page(entries, read.size() < count ? null : read.get(read.size() - 1).getID().toString());
    }

    /** Entry id → how long since its delivery, for the delivered and unacknowledged entries from first to last. */
    private Map<String, Duration> pendingFor(String stream, StreamEntryID first, StreamEntryID last, int count) {
        Map<String, Duration> pending = new HashMap<>();
        try {
            for (StreamPendingEntry entry : redis.xpending(stream, keys.consumerGroup(),
                    XPendingParams.xPendingParams(first, last, count))) {
                pending.put(entry.getID().toString(), Duration.ofMillis(entry.getIdleTime()));
            }
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("NOGROUP")) {
                throw e;
            }
            // No worker ever read this stream: nothing is pending.
        }
        return pending;
    }

    /**
     * Acknowledges and deletes entries that carry no run id. A failure here is only logged: they
     * stay pending, and the reaper meets them again when it takes back idle entries.
     */
    private void removeMalformed(Map<String, List<StreamEntryID>> malformed) {
        if (malformed.values().stream().allMatch(List::isEmpty)) {
            return;
        }
        try (AbstractPipeline pipeline = redis.pipelined()) {
            malformed.forEach((stream, ids) -> {
                if (!ids.isEmpty()) {
                    StreamEntryID[] entries = ids.toArray(new StreamEntryID[0]);
                    pipeline.xack(stream, keys.consumerGroup(), entries);
                    pipeline.xdel(stream, entries);
                }
            });
            pipeline.sync();
            malformed.forEach((stream, ids) -> ids.forEach(id -> LOG.warn(
                    "Removed entry {} of stream {}: its 'run' field is missing or not a run id", id, stream)));
        } catch (RuntimeException e) {
            LOG.warn("Could not remove malformed entries of streams {}: {}", malformed.keySet(), e.getMessage());
        }
    }

    private XAddParams capped() {
        return XAddParams.xAddParams().maxLen(streamMaxLength).approximateTrimming();
    }

    private static String member(QueuedRun run) {
        return run.group() + "|" + run.runId();
    }

    /** The run id an entry carries, or null if its {@code run} field is missing or not a run id. */
    private static Long runIdOf(StreamEntry entry) {
        return entry.getFields() == null ? null : parseRunId(entry.getFields().get(RUN));
    }

    /** The run id of a delayed member {@code group|runId}, or null if it names no group or no run id. */
    private static Long runIdOf(String member) {
        int bar = member.indexOf('|');
        return bar > 0 ? parseRunId(member.substring(bar + 1)) : null;
    }

    private static Long parseRunId(String text) {
        if (text == null || !RUN_ID.matcher(text).matches()) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
