package io.redcron.node.metrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Liveness and readiness of a node. Live: the process answers. Ready: Redis and MySQL both answer
 * now. Whether the node leads is reported, not required.
 *
 * <p>The report says which store is down, never why: a store's error names hosts, users and
 * database names, and the endpoint has no authentication. The reason goes to the node's log,
 * once when a store goes down (or fails differently) and once when it is back.
 */
public final class Health {
    private static final Logger LOG = LoggerFactory.getLogger(Health.class);

    private final Check redis;
    private final Check mysql;
    private final BooleanSupplier leading;
    /** The last failure of each store that is down, so a scraper polling a down store does not flood the log. */
    private final Map<String, String> failures = new ConcurrentHashMap<>();

    /** One store check: returns normally when the store answered, throws with the reason otherwise. */
    @FunctionalInterface
    public interface Check {
        void run() throws Exception;
    }

    public Health(Check redis, Check mysql, BooleanSupplier leading) {
        this.redis = redis;
        this.mysql = mysql;
        this.leading = leading;
    }

    /** @param details each store's state ({@code UP} or {@code DOWN}) and whether the node leads */
    public record Report(boolean ready, Map<String, String> details) {
    }

    public Report check() {
        Map<String, String> details = new LinkedHashMap<>();
        boolean redisUp = probe("redis", redis, details);
        boolean mysqlUp = probe("mysql", mysql, details);
        details.put("leader", Boolean.toString(leading.getAsBoolean()));
        return new Report(redisUp && mysqlUp, details);
    }

    private boolean probe(String name, Check check, Map<String, String> details) {
        try {
            check.run();
            details.put(name, "UP");
            if (failures.remove(name) != null) {
                LOG.info("Health: {} answers again", name);
            }
            return true;
        } catch (Exception e) {
            details.put(name, "DOWN");
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (!reason.equals(failures.put(name, reason))) {
                LOG.warn("Health: {} is down: {}", name, reason);
            }
            return false;
        }
    }
}
