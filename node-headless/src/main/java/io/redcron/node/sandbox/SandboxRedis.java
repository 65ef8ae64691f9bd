package io.redcron.node.sandbox;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.Consumer;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ShutdownParams;
import redis.embedded.RedisServer;

/**
 * The sandbox's Redis: the redis-server binary shipped in the embedded-redis jar, persisting to an
 * append-only file in its own folder, so that queues and leases survive a restart.
 */
final class SandboxRedis implements AutoCloseable {
    static final String PID_FILE = "redis.pid";
    /** Part of the name the embedded-redis jar gives the binary it unpacks. */
    static final String EXECUTABLE_NAME = "redis-server";

    /** SHUTDOWN SAVE writes a snapshot first; the default two seconds can be too short for that. */
    private static final int SHUTDOWN_TIMEOUT_MILLIS = 60_000;

    private final RedisServer server;
    private final PrintWriter log;
    private final int port;

    private SandboxRedis(RedisServer server, PrintWriter log, int port) {
        this.server = server;
        this.log = log;
        this.port = port;
    }

    static SandboxRedis start(Path dir, int port, boolean stopOnExit) {
        PrintWriter log = null;
        try {
            Files.createDirectories(dir);
            log = new PrintWriter(Files.newBufferedWriter(dir.resolve("redis.log"), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND), true);
            RedisServer server = RedisServer.newRedisServer()
                    .bind("127.0.0.1")
                    .port(port)
                    .setting("dir " + quoted(dir))
                    .setting("pidfile " + quoted(dir.resolve(PID_FILE)))
                    .setting("appendonly yes")
                    .setting("appendfsync everysec")
                    // Losing a queued run silently is worse than refusing a write when full.
                    .setting("maxmemory-policy noeviction")
                    // The server's output goes to redis.log; it must be read, or a full pipe blocks the server.
                    .soutListener(log::println)
                    .serrListener(log::println)
                    .onShutdownForceStop(stopOnExit)
                    .build();
            server.start();
            return new SandboxRedis(server, log, port);
        } catch (IOException e) {
            if (log != null) {
                log.close();
            }
            throw new SandboxException("Redis did not start on 127.0.0.1:" + port + ": " + lastLine(e)
                    + " (log: " + dir.resolve("redis.log") + ")", e);
        }
    }

    String uri() {
        return "redis://127.0.0.1:" + port;
    }

    int port() {
        return port;
    }

    /** SHUTDOWN SAVE: the AOF is fsynced and a snapshot written before the server exits. */
    @Override
    public void close() {
        try (Jedis jedis = new Jedis("127.0.0.1", port, SHUTDOWN_TIMEOUT_MILLIS)) {
            jedis.shutdown(ShutdownParams.shutdownParams().save());
        } catch (JedisException e) {
            // SIGTERM below makes the server shut down just as cleanly, AOF flushed.
        }
        try {
            server.stop(); // waits for the process to exit
        } catch (IOException e) {
            throw new SandboxException("Redis on 127.0.0.1:" + port + " did not stop: " + e.getMessage(), e);
        } finally {
            log.close();
        }
    }

    /** Redis says what went wrong in the last line it printed (a bind error, a bad AOF…). */
    private static String lastLine(IOException e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String message = String.valueOf(root.getMessage());
        return Arrays.stream(message.split("\\R"))
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .reduce((first, second) -> second)
                .orElse(message);
    }

    private static String quoted(Path path) {
        return '"' + path.toString().replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
