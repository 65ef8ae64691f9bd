package io.redcron.node.cli;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedcronConfig;
import io.redcron.port.EventBus;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.DatabaseClock;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.AnnouncingTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import redis.clients.jedis.UnifiedJedis;

import javax.sql.DataSource;
import java.io.Closeable;
import java.net.InetAddress;
import java.time.Clock;

/** The stores one CLI command uses, opened small (a CLI needs one or two connections) and closed last. */
final class CliStores implements AutoCloseable {
    private final RedcronConfig config;
    private final DataSource dataSource;
    private final Clock local;
    private Clock clock;
    private UnifiedJedis redis;

    private CliStores(RedcronConfig config, DataSource dataSource, Clock local) {
        this.config = config;
        this.dataSource = dataSource;
        this.local = local;
    }

    /**
     * The database's clock, read on first use: changes are stamped by it, as the nodes read time,
     * so the scheduler finds them however this machine's clock is set.
     */
    private Clock clock() {
        if (clock == null) {
            clock = DatabaseClock.sync(dataSource, local);
        }
        return clock;
    }

    static CliStores open(RedcronConfig config, Clock clock) {
        MysqlConfig mysql = config.mysql();
        MysqlConfig small = mysql.withPoolSize(2);
        return new CliStores(config, MysqlDataSources.open(small), clock);
    }

    RedcronConfig config() {
        return config;
    }

    String namespace() {
        return config.node().namespace();
    }

    DataSource dataSource() {
        return dataSource;
    }

    /**
     * Tasks; every change is announced to the scheduler so it re-plans at once (best effort: it
     * also looks for changed tasks every tick, so an unreachable Redis only delays the change).
     */
    TaskStore tasks() {
        return new AnnouncingTaskStore(new MysqlTaskStore(dataSource, clock()), this::redis, keys());
    }

    RunStore runs() {
        return new MysqlRunStore(dataSource, clock());
    }

    /** The Redis client, opened on first use: most task commands need only MySQL. */
    UnifiedJedis redis() {
        if (redis == null) {
            redis = RedisConnector.open(config.redis(), "redcron-cli", 2);
        }
        return redis;
    }

    RedisKeys keys() {
        return new RedisKeys(namespace());
    }

    RedisRunQueue queue() {
        return new RedisRunQueue(redis(), keys());
    }

    EventBus events() {
        return new RedisEventBus(redis(), keys(), config.redis());
    }

    /** Records a change made from the command line outside a task transaction (runs triggered or cancelled). */
    void audit(String action, String subject, String before, String after) {
        new io.redcron.store.mysql.MysqlAuditLog(dataSource).record(namespace(), actor(), action, subject, before, after);
    }

    /** Who the audit log names for changes made from this command line. */
    static String actor() {
        String user = System.getProperty("user.name", "unknown");
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "localhost";
        }
        return "cli:" + user + "@" + host;
    }

    @Override
    public void close() throws Exception {
        if (redis != null) {
            redis.close();
        }
        if (dataSource instanceof Closeable closeable) {
            closeable.close();
        }
    }
}
