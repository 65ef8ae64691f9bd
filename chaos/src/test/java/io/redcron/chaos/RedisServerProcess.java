package io.redcron.chaos;

import io.redcron.testing.EmbeddedRedis;
import io.redcron.testing.FreePorts;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;

/**
 * The suite's own Redis, with the append-only file on: Debian's redis-server when installed (with
 * {@code appendfsync everysec}, the setting the guarantees assume), else the one inside the
 * embedded-redis jar. Restarts keep the port, so nodes reconnect to the same address.
 */
final class RedisServerProcess implements AutoCloseable {
    private static final List<Path> SYSTEM_BINARIES = List.of(Path.of("/usr/bin/redis-server"), Path.of("/usr/sbin/redis-server"));

    private final Path dir;
    private final int port;
    private final Path binary;
    private Process process;
    private EmbeddedRedis embedded;

    private RedisServerProcess(Path dir, int port, Path binary) {
        this.dir = dir;
        this.port = port;
        this.binary = binary;
    }

    static RedisServerProcess start(Path dir) {
        Path binary = SYSTEM_BINARIES.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (binary == null) {
            // The embedded server picks its own port and keeps it across restarts.
            EmbeddedRedis embedded = EmbeddedRedis.start(dir.toAbsolutePath(), true);
            RedisServerProcess redis = new RedisServerProcess(dir.toAbsolutePath(), embedded.port(), null);
            redis.embedded = embedded;
            redis.awaitAnswer();
            return redis;
        }
        RedisServerProcess redis = new RedisServerProcess(dir.toAbsolutePath(), FreePorts.any(), binary);
        redis.startServer();
        return redis;
    }

    int port() {
        return port;
    }

    /** SIGKILL, then a new server on the same files: it loads what the AOF holds. */
    void crashAndRestartFromAof(Duration down) {
        crash();
        Holds.hold(down);
        startServer();
    }

    /** SHUTDOWN NOSAVE and a fresh data folder: the new server knows nothing. */
    void restartEmpty(Duration down) {
        if (embedded == null) {
            try (Jedis jedis = new Jedis("127.0.0.1", port)) {
                jedis.shutdown(redis.clients.jedis.params.ShutdownParams.shutdownParams().nosave());
            } catch (RuntimeException e) {
                // SHUTDOWN closes the connection before replying.
            }
        }
        crash(); // makes sure it is gone (the embedded server: the SIGKILL is its SHUTDOWN NOSAVE)
        deleteContents(dir);
        Holds.hold(down);
        startServer();
    }

    private void crash() {
        if (embedded != null) {
            embedded.kill();
            return;
        }
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void startServer() {
        try {
            Files.createDirectories(dir);
            if (embedded != null) {
                embedded.restart();
            } else {
                process = new ProcessBuilder(binary.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
                        "--dir", dir.toString(), "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
                        "--daemonize", "no", "--protected-mode", "no")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolveSibling(
                                dir.getFileName() + ".log").toFile()))
                        .start();
                ChildProcesses.register(process);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server on port " + port + ": " + e.getMessage(), e);
        }
        awaitAnswer();
    }

    private void awaitAnswer() {
        await("redis-server on port " + port + " answers").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(this::answers);
    }

    private boolean answers() {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            return "PONG".equals(jedis.ping());
        }
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.stop();
        } else if (process != null) {
            process.destroyForcibly();
        }
    }

    private static void deleteContents(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).filter(path -> !path.equals(dir)).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
