package io.redcron.node.sandbox;

import io.redcron.config.ConfigException;
import io.redcron.config.SandboxConnection;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the sandbox keeps its data and which ports it would like.
 *
 * @param redisPort      tried first; when taken, a free port is used instead (0: any free port)
 * @param mariaDbPort    likewise for MariaDB
 * @param connectionFile where running sandboxes announce themselves, see {@link SandboxConnection}
 * @param stopOnExit     stop the servers from JVM shutdown hooks; off when the caller stops them
 *                       itself, after what still needs them (a node draining its runs)
 */
public record SandboxConfig(Path dataDir, int redisPort, int mariaDbPort, Path connectionFile, boolean stopOnExit) {

    /** Beside, not on, the usual 6379 and 3306, which a developer's own servers often hold. */
    public static final int DEFAULT_REDIS_PORT = 6390;
    public static final int DEFAULT_MARIADB_PORT = 3316;

    public SandboxConfig(Path dataDir, int redisPort, int mariaDbPort, Path connectionFile) {
        this(dataDir, redisPort, mariaDbPort, connectionFile, true);
    }

    public SandboxConfig {
        dataDir = Objects.requireNonNull(dataDir, "dataDir").toAbsolutePath().normalize();
        connectionFile = Objects.requireNonNull(connectionFile, "connectionFile").toAbsolutePath().normalize();
        checkPort("sandbox.redis-port", redisPort);
        checkPort("sandbox.mariadb-port", mariaDbPort);
    }

    /** {@code ~/.redcron/sandbox}, the usual ports, announced in {@code ~/.redcron/sandbox.properties}. */
    public static SandboxConfig defaults() {
        return new SandboxConfig(SandboxConnection.home().resolve("sandbox"),
                DEFAULT_REDIS_PORT, DEFAULT_MARIADB_PORT, SandboxConnection.defaultLocation());
    }

    public SandboxConfig withDataDir(Path dir) {
        return new SandboxConfig(dir, redisPort, mariaDbPort, connectionFile, stopOnExit);
    }

    public SandboxConfig withPorts(int redis, int mariaDb) {
        return new SandboxConfig(dataDir, redis, mariaDb, connectionFile, stopOnExit);
    }

    public SandboxConfig withConnectionFile(Path file) {
        return new SandboxConfig(dataDir, redisPort, mariaDbPort, file, stopOnExit);
    }

    /** The caller stops the servers itself (in order); no shutdown hooks of their own. */
    public SandboxConfig stoppedByCaller() {
        return new SandboxConfig(dataDir, redisPort, mariaDbPort, connectionFile, false);
    }

    private static void checkPort(String key, int port) {
        if (port < 0 || port > 65_535) {
            throw new ConfigException(key, "must be 0-65535, got " + port);
        }
    }
}
