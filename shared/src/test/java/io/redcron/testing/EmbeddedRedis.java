package io.redcron.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import redis.embedded.RedisServer;

/**
 * A real redis-server (6.2, shipped inside the embedded-redis jar) on a free loopback port, for
 * tests that stop, kill or restart Redis and so must not share the per-JVM one.
 *
 * <p>Restarts reuse the port and the folder, so with AOF on a restarted server comes back with
 * what the earlier one had written.
 */
public final class EmbeddedRedis implements AutoCloseable {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final Path dir;
    private final boolean aof;
    private final int port;
    private RedisServer server;

    private EmbeddedRedis(Path dir, boolean aof, int port) {
        this.dir = dir;
        this.aof = aof;
        this.port = port;
    }

    /** Starts a server keeping its files in {@code dir}; {@code aof} turns on the append-only file. */
    public static EmbeddedRedis start(Path dir, boolean aof) {
        EmbeddedRedis redis = new EmbeddedRedis(dir.toAbsolutePath(), aof, FreePorts.any());
        redis.startServer();
        return redis;
    }

    public int port() {
        return port;
    }

    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    public synchronized boolean isRunning() {
        return server != null && server.isActive();
    }

    /** A clean stop (SIGTERM, handled by Redis like SHUTDOWN): the AOF is flushed. */
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server = null;
    }

    /** SIGKILL, as a crash would: only what reached the AOF survives. */
    public synchronized void kill() {
        if (server == null) {
            return;
        }
        ProcessHandle process = ProcessHandle.of(readPid())
                .orElseThrow(() -> new IllegalStateException("redis-server on port " + port + " is not running"));
        process.destroyForcibly();
        try {
            process.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing redis-server", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("redis-server on port " + port + " did not die", e);
        }
        stop(); // lets the library forget the dead process
    }

    /** Stops the server if it runs, then starts it again on the same port and folder. */
    public synchronized void restart() {
        stop();
        startServer();
    }

    @Override
    public void close() {
        stop();
    }

    private synchronized void startServer() {
        try {
            Files.createDirectories(dir);
            server = RedisServer.newRedisServer()
                    .bind("127.0.0.1")
                    .port(port)
                    .setting("dir " + dir)
                    .setting("pidfile " + pidFile())
                    .setting("appendonly " + (aof ? "yes" : "no"))
                    // "always": a test that kills the server right after a write must find it again.
                    // With everysec, Redis may hold a write back while an earlier fsync is slow.
                    .setting("appendfsync always")
                    .setting("save \"\"")
                    // Drains the server's output: a full pipe would block it.
                    .soutListener(line -> { })
                    .build();
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server on port " + port + ": " + e.getMessage(), e);
        }
    }

    private long readPid() {
        try {
            return Long.parseLong(Files.readString(pidFile()).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path pidFile() {
        return dir.resolve("redis.pid");
    }

}
