package io.redcron.store.redis;

import io.redcron.domain.RunStatus;
import io.redcron.port.FailingTasks;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The failing tasks of a namespace in one small hash, settled by one Lua script per batch. */
public final class RedisFailingTasks implements FailingTasks {
    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisFailingTasks(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public List<Recovery> settle(Collection<Failure> failures, Collection<Fire> successes) {
        if (failures.isEmpty() && successes.isEmpty()) {
            return List.of();
        }
        List<String> args = new ArrayList<>();
        args.add(Integer.toString(failures.size()));
        for (Failure failure : failures) {
            Fire fire = failure.fire();
            args.add(Long.toString(fire.taskId()));
            args.add(Long.toString(fire.scheduledAt().toEpochMilli()));
            args.add(Long.toString(fire.runId()));
            args.add(failure.status().name());
        }
        List<Fire> ordered = List.copyOf(successes);
        args.add(Integer.toString(ordered.size()));
        for (Fire fire : ordered) {
            args.add(Long.toString(fire.taskId()));
            args.add(Long.toString(fire.scheduledAt().toEpochMilli()));
            args.add(Long.toString(fire.runId()));
        }
        List<?> reply = (List<?>) LuaScripts.SETTLE_FAILING.eval(redis, List.of(keys.failing()), args);
        List<Recovery> recovered = new ArrayList<>();
        for (int i = 0; i + 1 < reply.size(); i += 2) {
            Fire success = ordered.get(((Number) reply.get(i)).intValue() - 1);
            recovered.add(new Recovery(success, failure(success.taskId(), text(reply.get(i + 1)))));
        }
        return recovered;
    }

    private static String text(Object reply) {
        return reply instanceof byte[] bytes ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8) : reply.toString();
    }

    /** A failure as the script keeps it: {@code scheduledMillis:runId:STATUS}. */
    private static Failure failure(long taskId, String kept) {
        String[] parts = kept.split(":", 3);
        return new Failure(new Fire(taskId, Instant.ofEpochMilli(Long.parseLong(parts[0])), Long.parseLong(parts[1])),
                RunStatus.valueOf(parts[2]));
    }
}
