package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.SafeEncoder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Looks at the two Redis settings that decide whether Redcron's keys survive: the eviction policy
 * and persistence. Read with {@code CONFIG GET}; where an ACL denies CONFIG or it is renamed, from
 * {@code INFO} (which shows the policy and AOF, but not RDB save points); where both are denied,
 * the finding says the check could not be made.
 */
public final class RedisServerCheck {

    public enum Risk {
        /** Keys could be evicted under memory pressure. */
        EVICTION,
        /** Nothing is written to disk: a restart comes back empty. */
        NO_PERSISTENCE,
        /** The settings could not be read. */
        UNCHECKED
    }

    public record Finding(Risk risk, String message) {
    }

    /** What could be read; a null field was not readable. */
    record ServerSettings(String source, String maxmemoryPolicy, Boolean appendOnly, String savePoints) {
    }

    private RedisServerCheck() {
    }

    public static List<Finding> inspect(UnifiedJedis redis, RedisConfig config) {
        return evaluate("Redis at " + config.displayUri(), read(redis));
    }

    static ServerSettings read(UnifiedJedis redis) {
        try {
            return new ServerSettings("CONFIG GET", configGet(redis, "maxmemory-policy"),
                    "yes".equalsIgnoreCase(configGet(redis, "appendonly")), configGet(redis, "save"));
        } catch (JedisDataException configDenied) {
            // NOPERM from an ACL, or "unknown command" when CONFIG is renamed.
            try {
                String memory = info(redis, "memory");
                String persistence = info(redis, "persistence");
                String aof = field(persistence, "aof_enabled").orElse(null);
                return new ServerSettings("INFO", field(memory, "maxmemory_policy").orElse(null),
                        aof == null ? null : aof.equals("1"), null);
            } catch (JedisDataException infoDenied) {
                return new ServerSettings("none", null, null, null);
            }
        }
    }

    static List<Finding> evaluate(String where, ServerSettings settings) {
        List<Finding> findings = new ArrayList<>();
        String policy = settings.maxmemoryPolicy();
        if (policy == null) {
            findings.add(new Finding(Risk.UNCHECKED, where + ": could not read maxmemory-policy (CONFIG and INFO are"
                    + " denied or renamed); make sure it is noeviction, or Redis may evict Redcron's keys"));
        } else if (!policy.equalsIgnoreCase("noeviction")) {
            String what = policy.toLowerCase(Locale.ROOT).startsWith("volatile")
                    ? "keys with an expiry: leader lease, node heartbeats and live output, so a healthy leader or node can look dead"
                    : "any key: queued runs, the schedule index and the leader lease";
            findings.add(new Finding(Risk.EVICTION, where + " has maxmemory-policy " + policy
                    + ": when it reaches maxmemory it may evict " + what + ". Set maxmemory-policy noeviction"
                    + " on that Redis"));
        }
        Boolean appendOnly = settings.appendOnly();
        String savePoints = settings.savePoints();
        if (Boolean.TRUE.equals(appendOnly) || savePoints != null && !savePoints.isBlank()) {
            return findings;
        }
        if (appendOnly == null) {
            findings.add(new Finding(Risk.UNCHECKED, where + ": could not read its persistence settings (CONFIG and"
                    + " INFO are denied or renamed); make sure appendonly yes or save points are set"));
        } else if (savePoints == null) {
            findings.add(new Finding(Risk.UNCHECKED, where + " has appendonly no, and its RDB save points cannot be"
                    + " read (CONFIG is denied or renamed); make sure it persists (appendonly yes or save points)"));
        } else {
            findings.add(new Finding(Risk.NO_PERSISTENCE, where + " persists nothing (appendonly no, no save points):"
                    + " a restart brings it back empty. The reconciler rebuilds queues and the schedule from MySQL, so"
                    + " no run is lost, but recovery takes longer and leases, heartbeats and live output are gone."
                    + " Set appendonly yes (or save points) on that Redis"));
        }
        return findings;
    }

    private static String configGet(UnifiedJedis redis, String parameter) {
        Object reply = redis.sendCommand(Protocol.Command.CONFIG, "GET", parameter);
        if (reply instanceof List<?> pair && pair.size() >= 2) {
            return SafeEncoder.encode((byte[]) pair.get(1));
        }
        // An empty reply: the parameter is unknown to this server (a fork or proxy).
        throw new JedisDataException("CONFIG GET " + parameter + " gave no value");
    }

    private static String info(UnifiedJedis redis, String section) {
        Object reply = redis.sendCommand(Protocol.Command.INFO, section);
        return reply == null ? "" : SafeEncoder.encode((byte[]) reply);
    }

    private static Optional<String> field(String info, String name) {
        return info.lines().filter(line -> line.startsWith(name + ":")).map(line -> line.substring(name.length() + 1).trim())
                .findFirst();
    }
}
