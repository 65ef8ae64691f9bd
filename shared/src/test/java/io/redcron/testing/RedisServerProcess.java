package io.redcron.testing;

import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * One redis-server (or sentinel) process of a test, on a free loopback port with a folder of its
 * own, for the Sentinel and Cluster tests that need several and kill some. It uses the machine's
 * {@code redis-server} (Debian's 7.0) when there is one, else the 6.2 binary shipped in the
 * embedded-redis jar, so the tests run on a machine without a Redis package too.
 */
public final class RedisServerProcess implements AutoCloseable {
    private static final String[] SYSTEM_BINARIES = {"/usr/bin/redis-server", "/usr/sbin/redis-server",
            "/usr/local/bin/redis-server"};
    private static final String EMBEDDED_BINARY = "/redis-server-6.2.6-v5-linux-amd64";
    private static Path binary;

    private final int port;
    private final Path dir;
    private final String password;
    private Process process;

    private RedisServerProcess(int port, Path dir, String password) {
        this.port = port;
        this.dir = dir;
        this.password = password;
    }

    /**
     * Starts a data node.
     *
     * @param password {@code requirepass} of the process, or null for none
     * @param extra    further lines of its config file
     */
    public static RedisServerProcess server(Path parent, String password, List<String> extra) {
        return start(parent, password, false, extra);
    }

    /** Starts a sentinel; {@code extra} holds its {@code sentinel …} lines. */
    public static RedisServerProcess sentinel(Path parent, String password, List<String> extra) {
        return start(parent, password, true, extra);
    }

    private static RedisServerProcess start(Path parent, String password, boolean sentinel, List<String> extra) {
        int port = EmbeddedRedis.freePort();
        Path dir = parent.resolve((sentinel ? "sentinel-" : "redis-") + port);
        RedisServerProcess redis = new RedisServerProcess(port, dir, password);
        List<String> config = new ArrayList<>(List.of("port " + port, "bind 127.0.0.1", "dir " + dir,
                "logfile " + dir.resolve("redis.log"), "save \"\"", "appendonly no", "protected-mode no"));
        if (password != null) {
            config.add("requirepass " + password);
        }
        config.addAll(extra);
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(sentinel ? "sentinel.conf" : "redis.conf");
            Files.write(file, config);
            List<String> command = new ArrayList<>(List.of(binary().toString(), file.toString()));
            if (sentinel) {
                command.add("--sentinel");
            }
            redis.process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("stdout.log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server on port " + port, e);
        }
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(redis::answers);
        return redis;
    }

    public int port() {
        return port;
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    public Path dir() {
        return dir;
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** A connection of the test's own to this process (authenticated when it has a password). */
    public Jedis connect() {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder().timeoutMillis(5000);
        if (password != null) {
            config.password(password);
        }
        return new Jedis(new HostAndPort("127.0.0.1", port), config.build());
    }

    /** SIGKILL, as a crash or a pulled cable would. */
    public void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server on port " + port + " did not die");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        kill();
    }

    private boolean answers() {
        if (!isAlive()) {
            throw new IllegalStateException("redis-server on port " + port + " exited; see " + dir.resolve("redis.log"));
        }
        try (Jedis jedis = connect()) {
            return "PONG".equals(jedis.ping());
        }
    }

    /** Debian's redis-server when installed, else the one inside the embedded-redis jar. */
    static synchronized Path binary() {
        if (binary != null) {
            return binary;
        }
        for (String candidate : SYSTEM_BINARIES) {
            Path path = Path.of(candidate);
            if (Files.isExecutable(path)) {
                return binary = path;
            }
        }
        try (InputStream in = redis.embedded.RedisServer.class.getResourceAsStream(EMBEDDED_BINARY)) {
            if (in == null) {
                throw new IllegalStateException("no redis-server on this machine and none in the embedded-redis jar");
            }
            Path file = Files.createTempFile("redcron-redis-server", "");
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            file.toFile().setExecutable(true);
            file.toFile().deleteOnExit();
            return binary = file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
