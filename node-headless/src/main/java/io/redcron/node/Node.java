package io.redcron.node;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.RedcronConfig;
import io.redcron.handler.TaskHandler;
import io.redcron.node.metrics.Health;
import io.redcron.node.metrics.MetricsServer;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.scheduler.Leadership;
import io.redcron.node.worker.execution.GivenHandlers;
import io.redcron.store.mysql.DatabaseClock;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.redis.RedisConnector;
import io.redcron.port.EventBus;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisLiveOutput;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisQueueInspector;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.store.redis.RedisServerCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One Redcron node: its stores, and the scheduler and worker roles its configuration asks for, in
 * each namespace it serves. Built and started by {@code redcron-node run} and by the sandbox;
 * stopped by SIGTERM, which drains the workers and hands leadership over.
 */
public final class Node implements AutoCloseable {
    static final Duration HEARTBEAT = Duration.ofSeconds(5);
    private static final Duration CLOCK_SYNC = Duration.ofMinutes(1);
    /** A difference an operator should hear about: NTP keeps healthy machines far closer. */
    private static final Duration NOTABLE_OFFSET = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(Node.class);

    private final RedcronConfig config;
    private final HikariDataSource dataSource;
    private final UnifiedJedis redis;
    private final DatabaseClock clock;
    private final Housekeeper housekeeper;
    private final Instant startedAt;
    private final NodeMetrics metrics;
    private final List<NamespaceRoles> namespaces = new ArrayList<>();
    private MetricsServer metricsServer;
    private io.redcron.node.api.ApiServer apiServer;
    private volatile long lastHeartbeat = System.nanoTime();

    /** @param local this machine's clock; the node times everything by the database's, read through it */
    public Node(RedcronConfig config, Clock local) {
        this(config, local, List.of());
    }

    /**
     * A node whose worker also runs these handler objects, beside the handlers found on its class
     * path (see {@link io.redcron.node.embedded.EmbeddedWorker}).
     *
     * @throws IllegalArgumentException when two handlers share a name, or one has no usable name
     */
    public Node(RedcronConfig config, Clock local, Collection<? extends TaskHandler> handlers) {
        this.config = config;
        List<TaskHandler> given = List.copyOf(handlers);
        GivenHandlers.byName(given);
        String nodeId = config.node().nodeId();
        this.dataSource = MysqlDataSources.open(config.mysql());
        try {
            Migrations.apply(dataSource);
            this.clock = DatabaseClock.sync(dataSource, local);
            reportOffset(clock.offset());
            // Each namespace's worker may hold one connection per slot, plus its loops' own.
            int connections = (config.node().slots() + 8) * config.node().namespaces().size();
            this.redis = RedisConnector.open(config.redis(), "redcron-" + nodeId, connections);
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        try {
            StoreChecks.enforce(RedisServerCheck.inspect(redis, config.redis()), config.node(), LOG::warn);
        } catch (RuntimeException e) {
            redis.close();
            dataSource.close();
            throw e;
        }
        // Each namespace's election must not wait behind another namespace's slow Redis call, nor
        // behind the history rollup or retention, which may each take up to a second of a thread at a time.
        this.housekeeper = new Housekeeper(nodeId, 3 + config.node().namespaces().size());
        this.startedAt = clock.instant();
        this.metrics = new NodeMetrics(nodeId, config.node().namespace());
        for (String namespace : config.node().namespaces()) {
            // One registry, tagged with the first namespace: every namespace's runs count there.
            namespaces.add(new NamespaceRoles(namespace, config, clock, dataSource, redis, metrics, given));
        }
    }

    public Node start() {
        for (NamespaceRoles roles : namespaces) {
            roles.start(housekeeper);
        }
        housekeeper.every(HEARTBEAT, "heartbeat", this::heartbeat);
        housekeeper.every(CLOCK_SYNC, "clock sync", this::syncClock);
        if (config.metricsPort() > 0) {
            startMetrics(namespaces.get(0));
        }
        if (config.node().roles().contains(io.redcron.domain.NodeRole.API)) {
            startApi();
        }
        LOG.info("Node {} started in namespace(s) {} with roles {} (groups {}, {} slots)", config.node().nodeId(),
                config.node().namespaces(), config.node().roles(), config.node().groups(), config.node().slots());
        return this;
    }

    private void startMetrics(NamespaceRoles first) {
        metrics.leadership(first::isLeader, () -> first.leadership() == null ? 0
                : first.leadership().current().map(Leadership.Term::epoch).orElse(0L));
        metrics.heartbeat(() -> Duration.ofNanos(System.nanoTime() - lastHeartbeat).toSeconds());
        metrics.clockOffset(clock::offset);
        RedisQueueInspector inspector = new RedisQueueInspector(redis, first.keys());
        housekeeper.every(Duration.ofSeconds(10), "queue metrics", () -> metrics.queues(inspector.stats()));
        Health health = new Health(redis::ping, () -> {
            try (Connection connection = dataSource.getConnection()) {
                if (!connection.isValid(2)) {
                    throw new SQLException("the database did not answer within 2 s");
                }
            }
        }, this::isLeader);
        metricsServer = new MetricsServer(config.metricsBind(), config.metricsPort(), metrics, health);
        LOG.info("Metrics and health on http://{}:{}/metrics and /health", config.metricsBind(), metricsServer.port());
    }

    /** The JSON API over the same ports as the CLI's, one set per namespace the node serves. */
    private void startApi() {
        List<io.redcron.node.api.ApiNamespace> served = new ArrayList<>();
        for (String namespace : config.node().namespaces()) {
            RedisKeys keys = new RedisKeys(namespace);
            EventBus events = new RedisEventBus(redis, keys, config.redis());
            io.redcron.port.TaskStore declaring = io.redcron.ops.Operations.announcing(new MysqlTaskStore(dataSource, clock),
                    () -> events);
            io.redcron.port.ManagedTaskStore managed = new io.redcron.store.mysql.MysqlManagedTaskStore(dataSource);
            io.redcron.ops.OperatorPorts ports = new io.redcron.ops.OperatorPorts(
                    new io.redcron.ops.ManagedTaskGuard(declaring, managed),
                    new MysqlRunStore(dataSource, clock), new RedisRunQueue(redis, keys), events,
                    new io.redcron.store.mysql.MysqlAuditLog(dataSource), new io.redcron.store.redis.RedisDeadLetters(redis, keys),
                    new RedisLiveOutput(redis, keys));
            served.add(new io.redcron.node.api.ApiNamespace(namespace, ports, new RedisNodeRegistry(redis, keys),
                    new RedisLeaderLease(redis, keys), new RedisQueueInspector(redis, keys), managed, declaring,
                    new io.redcron.store.mysql.MysqlWorkflowStore(dataSource, clock),
                    new io.redcron.store.mysql.MysqlWorkflowRuns(dataSource), clock));
        }
        apiServer = new io.redcron.node.api.ApiServer(config.api(),
                new io.redcron.store.mysql.MysqlApiTokenStore(dataSource), served, clock).start();
        LOG.info("JSON API on {}://{}:{}{}", config.api().tls() ? "https" : "http", config.api().bind(), apiServer.port(),
                io.redcron.node.api.ApiServer.PREFIX);
    }

    /** The port the JSON API listens on; 0 without the api role. */
    public int apiPort() {
        return apiServer == null ? 0 : apiServer.port();
    }

    private void syncClock() {
        Duration before = clock.offset();
        Duration after = clock.sync();
        if (!after.equals(before)) {
            reportOffset(after);
        }
    }

    private static void reportOffset(Duration offset) {
        if (offset.abs().compareTo(NOTABLE_OFFSET) >= 0) {
            LOG.warn("This machine's clock is {} ms {} the database's; Redcron times leases, fires and retries by the"
                    + " database's clock. Check NTP on this machine.", offset.abs().toMillis(),
                    offset.isNegative() ? "ahead of" : "behind");
        } else {
            LOG.debug("Clock offset to the database: {} ms", offset.toMillis());
        }
    }

    /** The clock the node times everything by: the database's. */
    public Clock clock() {
        return clock;
    }

    public NodeMetrics metrics() {
        return metrics;
    }

    private void heartbeat() {
        String host = host();
        for (NamespaceRoles roles : namespaces) {
            roles.heartbeat(host, startedAt, clock.offset().negated());
        }
        lastHeartbeat = System.nanoTime();
    }

    /** Whether this node leads the scheduler of its first namespace. */
    public boolean isLeader() {
        return namespaces.get(0).isLeader();
    }

    /**
     * Stops dead, as a crash would: no drain, no resignation, no goodbye. The leader lease and the
     * run leases run out on their own and other nodes recover. Used by recovery tests.
     */
    public void halt() {
        LOG.warn("Node {} halting without cleanup", config.node().nodeId());
        housekeeper.close();
        if (metricsServer != null) {
            metricsServer.close();
        }
        if (apiServer != null) {
            apiServer.close();
        }
        namespaces.forEach(NamespaceRoles::halt);
        redis.close();
        dataSource.close();
    }

    public String nodeId() {
        return config.node().nodeId();
    }

    public RedcronConfig config() {
        return config;
    }

    /** Drains the workers within the configured grace, resigns leadership, closes the stores. */
    @Override
    public void close() {
        LOG.info("Node {} stopping", config.node().nodeId());
        if (apiServer != null) {
            apiServer.close();
        }
        drainAll();
        for (NamespaceRoles roles : namespaces) {
            roles.stop(true);
        }
        housekeeper.close();
        if (metricsServer != null) {
            metricsServer.close();
        }
        namespaces.forEach(NamespaceRoles::removeHeartbeat);
        redis.close();
        dataSource.close();
        LOG.info("Node {} stopped", config.node().nodeId());
    }

    /** All namespaces drain at once, so a node with several still stops within one grace period. */
    private void drainAll() {
        if (namespaces.size() == 1) {
            namespaces.get(0).drain();
            return;
        }
        List<Thread> drains = new ArrayList<>();
        for (NamespaceRoles roles : namespaces) {
            Thread drain = new Thread(roles::drain, "redcron-drain-" + roles.namespace());
            drain.start();
            drains.add(drain);
        }
        for (Thread drain : drains) {
            try {
                drain.join(config.node().drainGrace().plusSeconds(10).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return ManagementFactory.getRuntimeMXBean().getName();
        }
    }
}
