package io.redcron.node.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Liveness and readiness of a node. Live: the process answers. Ready: Redis and MySQL both answer
 * now. Whether the node leads is reported, not required.
 */
public final class Health {
    private final Check redis;
    private final Check mysql;
    private final BooleanSupplier leading;

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

    public record Report(boolean ready, Map<String, String> details) {
    }

    public Report check() {
        Map<String, String> details = new LinkedHashMap<>();
        boolean redisUp = probe("redis", redis, details);
        boolean mysqlUp = probe("mysql", mysql, details);
        details.put("leader", Boolean.toString(leading.getAsBoolean()));
        return new Report(redisUp && mysqlUp, details);
    }

    private static boolean probe(String name, Check check, Map<String, String> details) {
        try {
            check.run();
            details.put(name, "UP");
            return true;
        } catch (Exception e) {
            details.put(name, "DOWN: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            return false;
        }
    }
}
