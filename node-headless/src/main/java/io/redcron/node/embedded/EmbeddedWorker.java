package io.redcron.node.embedded;

import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.config.Setting;
import io.redcron.domain.TaskType;
import io.redcron.handler.TaskHandler;
import io.redcron.node.Node;
import io.redcron.node.worker.execution.GivenHandlers;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A worker an application runs in its own JVM, for one routing group, whose {@code java} task
 * handlers are the application's own objects. Started, it is a Redcron node with the worker role
 * alone: it joins the cluster, sends its heartbeat, claims the runs of its group, renews their
 * leases and records their results as any worker node does. Closed, it drains as a node does on
 * SIGTERM: it takes no more runs, hands the runs it holds for their time back at once, lets the
 * runs in flight finish within the drain timeout, hands back what is still running then (another
 * worker of the group, or the leader's reaper, takes them), and leaves the node list.
 *
 * <p><b>What it runs.</b> By default only {@code java} tasks: the handlers given here, and those
 * found on the class path with {@link java.util.ServiceLoader} as on any node. A given handler
 * takes the place of a found one of the same name; two given handlers may not share a name. The
 * setting {@code worker.types} widens what it runs (say {@code java,http}); the node's other
 * limits ({@code worker.allow-commands}, {@code worker.allow-urls}, …) apply as on any node.
 *
 * <p><b>Settings</b> are a node's, by key, as in its configuration file
 * ({@code redis.uri}, {@code mysql.url}, {@code mysql.user}, {@code mysql.tls.mode},
 * {@code node.namespace}, {@code node.id}, …); anything not given has the node's default. Only
 * what is given here counts: the process environment and its {@code REDCRON_*} variables are not
 * read. Passwords may be given as {@code mysql.password} and {@code redis.password} (and the other
 * {@code …password} settings), or read from a file with {@code mysql.password-file} and the like.
 * The roles ({@code worker}) and the group ({@link Builder#group}) are the embedded worker's own
 * and may not be set.
 *
 * <pre>{@code
 * try (EmbeddedWorker worker = EmbeddedWorker.builder()
 *         .group("billing")
 *         .settings(Map.of("redis.uri", "redis://redis:6379", "mysql.url", "jdbc:mysql://db:3306/redcron",
 *                 "mysql.user", "redcron_node", "mysql.password", password))
 *         .handler(new InvoiceHandler(invoices))
 *         .build()
 *         .start()) {
 *     ...
 * }
 * }</pre>
 */
public final class EmbeddedWorker implements AutoCloseable {
    private final RedcronConfig config;
    private final List<TaskHandler> handlers;
    private final Clock clock;
    private Node node;
    private boolean closed;

    private EmbeddedWorker(RedcronConfig config, List<TaskHandler> handlers, Clock clock) {
        this.config = config;
        this.handlers = handlers;
        this.clock = clock;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Connects to the stores (applying the schema's migrations, as every node does) and joins the
     * cluster; returns once the worker runs.
     *
     * @throws IllegalStateException when it was started or closed before
     * @throws RuntimeException      when a store cannot be reached; nothing is left open then
     */
    public synchronized EmbeddedWorker start() {
        if (node != null || closed) {
            throw new IllegalStateException("Embedded worker " + nodeId() + " was " + (closed ? "closed" : "started")
                    + " already; build another");
        }
        Node joined = new Node(config, clock, handlers);
        try {
            joined.start();
        } catch (RuntimeException e) {
            joined.close();
            throw e;
        }
        node = joined;
        return this;
    }

    /** Whether it has started and not been closed. */
    public synchronized boolean isRunning() {
        return node != null && !closed;
    }

    /**
     * Drains and leaves: see the class comment. Returns once the runs it had have ended or been
     * handed back (the drain timeout, and a little more for handlers that ignore their stop).
     * Does nothing the second time, or when it never started.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (node != null) {
            node.close();
        }
    }

    /** Its name in the node list, in run leases and in the runs it records. */
    public String nodeId() {
        return config.node().nodeId();
    }

    /** The routing group whose runs it executes. */
    public String group() {
        return config.node().groups().iterator().next();
    }

    /** The namespaces it serves (usually one). */
    public List<String> namespaces() {
        return config.node().namespaces();
    }

    /** The task types it executes ({@code worker.types}). */
    public Set<TaskType> types() {
        return config.worker().types();
    }

    /** The names of the handlers given to it, sorted (those found on the class path are not listed). */
    public Set<String> handlerNames() {
        return GivenHandlers.byName(handlers).keySet();
    }

    /** How long {@link #close()} lets runs in flight finish before it hands them back ({@code node.drain-grace}). */
    public Duration drainTimeout() {
        return config.node().drainGrace();
    }

    /** What goes into an embedded worker; {@link #build()} checks it all, without connecting to anything. */
    public static final class Builder {
        private final Map<String, String> settings = new LinkedHashMap<>();
        private final List<TaskHandler> handlers = new ArrayList<>();
        private String group;
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        /** The routing group it serves, required: runs of tasks routed to this group come here. */
        public Builder group(String group) {
            this.group = Objects.requireNonNull(group, "group");
            return this;
        }

        /** Node settings by key, added to those given before; a key given again replaces its value. */
        public Builder settings(Map<String, String> settings) {
            settings.forEach(this::setting);
            return this;
        }

        public Builder setting(String key, String value) {
            settings.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, () -> key + ": no value"));
            return this;
        }

        /** Runs it executes at once ({@code node.slots}, 8 unless set). */
        public Builder slots(int slots) {
            return setting(Setting.NODE_SLOTS.key(), Integer.toString(slots));
        }

        /** How long closing lets runs in flight finish ({@code node.drain-grace}, 30 s unless set). */
        public Builder drainTimeout(Duration timeout) {
            return setting(Setting.NODE_DRAIN_GRACE.key(), timeout.toMillis() + "ms");
        }

        /**
         * A handler for the {@code java} tasks that name it by {@link TaskHandler#name()}. It may
         * run several runs at once, on the worker's threads.
         *
         * @throws IllegalArgumentException when a handler given before has the same name, or its name is unusable
         */
        public Builder handler(TaskHandler handler) {
            List<TaskHandler> with = new ArrayList<>(handlers);
            with.add(Objects.requireNonNull(handler, "handler"));
            GivenHandlers.byName(with);
            handlers.add(handler);
            return this;
        }

        public Builder handlers(Collection<? extends TaskHandler> handlers) {
            handlers.forEach(this::handler);
            return this;
        }

        /** The clock of this machine (the worker times everything by the database's, read through it); for tests. */
        Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * @throws IllegalArgumentException naming the setting, for a bad or missing value; a
         *                                  {@link io.redcron.config.ConfigException} for those the node checks
         */
        public EmbeddedWorker build() {
            if (group == null) {
                throw new IllegalArgumentException("An embedded worker needs its routing group: call group(...)");
            }
            Map<String, String> flags = new HashMap<>();
            Map<String, String> secrets = new HashMap<>();
            settings.forEach((key, value) -> {
                if (key.equals(Setting.NODE_ROLES.key()) || key.equals(Setting.NODE_GROUPS.key())) {
                    throw new IllegalArgumentException(key + ": an embedded worker has the worker role alone and the"
                            + " one group given with group(...); leave " + key + " out of its settings");
                }
                String secretEnv = "REDCRON_" + key.toUpperCase(Locale.ROOT).replaceAll("[.-]", "_");
                if (Setting.SECRET_ENV.contains(secretEnv)) {
                    secrets.put(secretEnv, value);
                } else {
                    flags.put(key, value);
                }
            });
            flags.put(Setting.NODE_ROLES.key(), "worker");
            flags.put(Setting.NODE_GROUPS.key(), group);
            flags.putIfAbsent(Setting.WORKER_TYPES.key(), TaskType.JAVA.id());
            RedcronConfig config = ConfigLoader.load(null, secrets, flags);
            if (config.node().groups().size() != 1) {
                throw new IllegalArgumentException(Setting.NODE_GROUPS.key() + ": an embedded worker serves one group,"
                        + " not '" + group + "'");
            }
            if (!handlers.isEmpty() && !config.worker().types().contains(TaskType.JAVA)) {
                throw new IllegalArgumentException(Setting.WORKER_TYPES.key() + ": handlers were given, but the"
                        + " worker does not run java tasks (" + flags.get(Setting.WORKER_TYPES.key()) + ")");
            }
            return new EmbeddedWorker(config, List.copyOf(handlers), clock);
        }
    }
}
