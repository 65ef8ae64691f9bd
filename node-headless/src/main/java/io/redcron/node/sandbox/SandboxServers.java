package io.redcron.node.sandbox;

import io.redcron.config.PrivateFiles;
import io.redcron.config.SandboxConnection;
import io.redcron.config.Secret;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The zero-setup stores: a real Redis and a real MariaDB, shipped inside Maven jars, running as
 * child processes on loopback with their data under one folder, so that everything survives a
 * restart. Close it to stop both cleanly.
 *
 * <p>Loopback is reachable by every user of the machine, so the sandbox is locked like a real
 * deployment: both servers want passwords, new on every start, that only the connection file
 * holds (readable by its owner only), and every folder is private (0700).
 *
 * <pre>{@code
 * try (SandboxServers servers = SandboxServers.start(SandboxConfig.defaults(), System.out::println)) {
 *     var redis = RedisConfig.fromUri(servers.redisUri(), servers.redisPassword(), …);
 *     var mysql = MysqlConfig.of(servers.jdbcUrl(), servers.dbUser(), servers.dbPassword());
 *     …
 * }
 * }</pre>
 */
public final class SandboxServers implements AutoCloseable {
    private final SandboxConfig config;
    private final SandboxLock lock;
    private final SandboxRedis redis;
    private final SandboxMariaDb mariaDb;
    private final SandboxConnection connection;

    private SandboxServers(SandboxConfig config, SandboxLock lock, SandboxRedis redis, SandboxMariaDb mariaDb,
                           SandboxConnection connection) {
        this.config = config;
        this.lock = lock;
        this.redis = redis;
        this.mariaDb = mariaDb;
        this.connection = connection;
    }

    /**
     * Starts both servers, reporting each step to {@code progress} as a line meant for a person.
     *
     * @throws SandboxException with a one-line message when they cannot start
     */
    public static SandboxServers start(SandboxConfig config, Consumer<String> progress) {
        Path data = prepareDataDir(config.dataDir());
        SandboxLock lock = SandboxLock.acquire(data);
        SandboxRedis redis = null;
        SandboxMariaDb mariaDb = null;
        try {
            progress.accept("Sandbox data in " + data);
            LeftoverServer.stopIfRunning("Redis", data.resolve("redis").resolve(SandboxRedis.PID_FILE), data, progress);
            LeftoverServer.stopIfRunning("MariaDB", data.resolve("mariadb").resolve(SandboxMariaDb.PID_FILE), data,
                    progress);
            Secret redisPassword = SandboxPasswords.generate();
            Secret dbPassword = SandboxPasswords.generate();

            // Ports are chosen one server at a time, so the second can't be handed the first's port.
            Instant redisStart = Instant.now();
            redis = Ports.startOnAFreePort("Redis", config.redisPort(), progress, port -> {
                progress.accept("Starting Redis on 127.0.0.1:" + port + " (AOF on) …");
                return SandboxRedis.start(data.resolve("redis"), port, redisPassword, config.stopOnExit());
            });
            progress.accept("Redis ready in " + secondsSince(redisStart));

            Instant mariaDbStart = Instant.now();
            mariaDb = Ports.startOnAFreePort("MariaDB", config.mariaDbPort(), progress,
                    port -> SandboxMariaDb.start(data.resolve("mariadb"), port, dbPassword, progress, config.stopOnExit()));
            progress.accept("MariaDB ready in " + secondsSince(mariaDbStart) + ", database " + SandboxMariaDb.DATABASE);

            SandboxConnection connection = new SandboxConnection(redis.uri(), redisPassword, mariaDb.jdbcUrl(),
                    SandboxMariaDb.USER, dbPassword, data, ProcessHandle.current().pid(), Instant.now());
            connection.write(config.connectionFile());
            progress.accept("Sandbox ready: " + connection.redisUri() + " and " + connection.jdbcUrl()
                    + " (user " + connection.dbUser() + "; the passwords are in " + config.connectionFile() + ")");
            return new SandboxServers(config, lock, redis, mariaDb, connection);
        } catch (RuntimeException e) {
            stopAll(mariaDb, redis, lock);
            throw e instanceof UncheckedIOException io
                    ? new SandboxException("cannot write " + config.connectionFile() + ": " + io.getCause().getMessage(), e)
                    : e;
        }
    }

    /** {@code redis://127.0.0.1:<port>}; the password comes apart, see {@link #redisPassword()}. */
    public String redisUri() {
        return connection.redisUri();
    }

    public Secret redisPassword() {
        return connection.redisPassword();
    }

    /** {@code jdbc:mysql://127.0.0.1:<port>/redcron}. */
    public String jdbcUrl() {
        return connection.jdbcUrl();
    }

    /** {@code redcron}, with every right on the sandbox's database and none elsewhere. */
    public String dbUser() {
        return connection.dbUser();
    }

    public Secret dbPassword() {
        return connection.dbPassword();
    }

    public int redisPort() {
        return redis.port();
    }

    public int mariaDbPort() {
        return mariaDb.port();
    }

    public Path dataDir() {
        return config.dataDir();
    }

    /** Where the connection, passwords included, was written: readable by its owner only. */
    public Path connectionFile() {
        return config.connectionFile();
    }

    /** What was written to the connection file. */
    public SandboxConnection connection() {
        return connection;
    }

    /** Stops MariaDB, then Redis, each cleanly, and withdraws the connection file. */
    @Override
    public void close() {
        SandboxConnection.deleteIfOwnedBy(config.connectionFile(), connection.pid());
        stopAll(mariaDb, redis, lock);
    }

    private static void stopAll(SandboxMariaDb mariaDb, SandboxRedis redis, SandboxLock lock) {
        // Each stop runs even if an earlier one fails: a server left running would hold the data.
        try {
            if (mariaDb != null) {
                mariaDb.stop();
            }
        } finally {
            try {
                if (redis != null) {
                    redis.close();
                }
            } finally {
                lock.close(); // last: until both have exited, the data is still in use
            }
        }
    }

    /** Private (0700) whether new or left by an older sandbox that made it readable by everyone. */
    private static Path prepareDataDir(Path dir) {
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new FileAlreadyExistsException(dir.toString());
            }
            PrivateFiles.ownFolder(dir);
        } catch (FileAlreadyExistsException e) {
            throw new SandboxException("cannot use " + dir + " for sandbox data: it exists and is not a folder", e);
        } catch (IOException e) {
            throw new SandboxException("cannot create the sandbox data folder " + dir + ": " + e, e);
        }
        if (!Files.isWritable(dir)) {
            throw new SandboxException("the sandbox data folder " + dir + " is not writable");
        }
        return dir;
    }

    private static String secondsSince(Instant start) {
        return String.format(Locale.ROOT, "%.1f s", Duration.between(start, Instant.now()).toMillis() / 1000.0);
    }
}
