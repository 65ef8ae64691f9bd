package io.redcron.store.redis;

import io.redcron.port.ScheduleIndex;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.resps.Tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The schedule index as a sorted set: member = task id, score = next fire in epoch ms. */
public final class RedisScheduleIndex implements ScheduleIndex {
    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisScheduleIndex(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public List<Entry> due(Instant now, int limit) {
        List<Tuple> tuples = redis.zrangeByScoreWithScores(keys.schedule(), Double.NEGATIVE_INFINITY,
                now.toEpochMilli(), 0, limit);
        List<Entry> due = new ArrayList<>(tuples.size());
        for (Tuple tuple : tuples) {
            due.add(new Entry(Long.parseLong(tuple.getElement()), Instant.ofEpochMilli((long) tuple.getScore())));
        }
        return due;
    }

    @Override
    public Optional<Instant> earliest() {
        List<Tuple> first = redis.zrangeWithScores(keys.schedule(), 0, 0);
        return first.isEmpty() ? Optional.empty() : Optional.of(Instant.ofEpochMilli((long) first.get(0).getScore()));
    }

    @Override
    public void put(Map<Long, Instant> nextFires) {
        if (nextFires.isEmpty()) {
            return;
        }
        Map<String, Double> scores = new HashMap<>();
        nextFires.forEach((task, at) -> scores.put(Long.toString(task), (double) at.toEpochMilli()));
        redis.zadd(keys.schedule(), scores);
    }

    @Override
    public void remove(Collection<Long> taskIds) {
        if (taskIds.isEmpty()) {
            return;
        }
        redis.zrem(keys.schedule(), taskIds.stream().map(String::valueOf).toArray(String[]::new));
    }

    @Override
    public long size() {
        return redis.zcard(keys.schedule());
    }

    @Override
    public boolean exists() {
        return redis.exists(keys.schedule());
    }
}
