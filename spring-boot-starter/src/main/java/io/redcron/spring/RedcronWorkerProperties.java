package io.redcron.spring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code redcron.worker.*} properties: the application's embedded worker, a Redcron worker node
 * inside the application that runs its handler beans. It connects to Redis and to Redcron's
 * database as a node does, with the node's own accounts given in {@link #getSettings() settings},
 * not the application's {@code DataSource}.
 */
@ConfigurationProperties("redcron.worker")
public class RedcronWorkerProperties {
    /** Whether the application runs an embedded worker (it needs redcron-node on the class path). */
    private boolean enabled;
    /**
     * The routing group whose runs it executes; unset, the application's name
     * ({@code spring.application.name}), else {@code application}. Read through {@link WorkerGroup}.
     */
    private String group;
    /** How long stopping lets runs in flight finish before it hands them back; unset, the node's default (30 s). */
    private Duration drainTimeout;
    /** Runs it executes at once; unset, the node's default (8). */
    private Integer slots;
    /**
     * Node settings by key, as in a node's configuration file: {@code redis.uri}, {@code mysql.url},
     * {@code mysql.user}, {@code mysql.password}, {@code mysql.tls.mode}, {@code node.id},
     * {@code worker.types}, … ({@code node.namespace} defaults to {@code redcron.namespace}).
     */
    private Map<String, String> settings = new LinkedHashMap<>();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getGroup() {
        return group;
    }

    public void setGroup(String group) {
        this.group = group;
    }

    public Duration getDrainTimeout() {
        return drainTimeout;
    }

    public void setDrainTimeout(Duration drainTimeout) {
        this.drainTimeout = drainTimeout;
    }

    public Integer getSlots() {
        return slots;
    }

    public void setSlots(Integer slots) {
        this.slots = slots;
    }

    public Map<String, String> getSettings() {
        return settings;
    }

    public void setSettings(Map<String, String> settings) {
        this.settings = settings;
    }
}
