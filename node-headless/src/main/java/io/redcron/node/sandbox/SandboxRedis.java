package io.redcron.node.sandbox;

import io.redcron.config.PrivateFiles;
import io.redcron.config.Secret;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ShutdownParams;
import redis.embedded.RedisServer;
import redis.embedded.core.ExecutableProvider;

/**
 * The sandbox's Redis: the redis-server binary shipped in the embedded-redis jar, persisting to an
 * append-only file in its own folder, so that queues and leases survive a restart. Only a client
 * with the sandbox's password gets in.
 *
 * <p>Its config file is written into that folder and named on the command line, so the server's
 * command line names the sandbox it belongs to (see {@link LeftoverServer}); the library's builder
 * would put it in the system's temporary folder instead.
 */
final class SandboxRedis implements AutoCloseable {
    static final String PID_FILE = "redis.pid";
    static final String CONFIG_FILE = "redis.conf";
    static final String LOG_FILE = "redis.log";

    /** SHUTDOWN SAVE writes a snapshot first; the default two seconds can be too short for that. */
    private static final int SHUTDOWN_TIMEOUT_MILLIS = 60_000;

    private final RedisServer server;
    private final PrintWriter log;
    private final int port;
    private final Secret password;

    private SandboxRedis(RedisServer server, PrintWriter log, int port, Secret password) {
        this.server = server;
        this.log = log;
        this.port = port;
        this.password = password;
    }

    static SandboxRedis start(Path dir, int port, Secret password, boolean stopOnExit) {
        PrintWriter log = null;
        Path logFile = dir.resolve(LOG_FILE);
        long logBefore = 0;
        try {
            PrivateFiles.ownFolder(dir);
            logBefore = Files.exists(logFile) ? Files.size(logFile) : 0;
            log = new PrintWriter(Files.newBufferedWriter(logFile, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND), true);
            Path config = dir.resolve(CONFIG_FILE);
            PrivateFiles.write(config, String.join("\n", configLines(dir, port, password)) + "\n");
            String binary = ExecutableProvider.newJarResourceProvider().get().getAbsolutePath();
            // The server's output goes to redis.log; it must be read, or a full pipe blocks the server.
            RedisServer server = new RedisServer(port, List.of(binary, config.toString()), stopOnExit, log::println,
                    log::println);
            server.start();
            return new SandboxRedis(server, log, port, password);
        } catch (IOException e) {
            if (log != null) {
                log.close();
            }
            throw SandboxException.serverDidNotStart("Redis did not start on 127.0.0.1:" + port + ": " + lastLine(e)
                    + " (log: " + logFile + ")", e, appendedSince(logFile, logBefore));
        }
    }

    /** What this start wrote to the log, which holds the server's own reason (a bind error, a bad AOF…). */
    private static String appendedSince(Path logFile, long offset) {
        try (SeekableByteChannel channel = Files.newByteChannel(logFile)) {
            // A failed start prints a few lines; the cap keeps a log that grew meanwhile from being read whole.
            ByteBuffer appended = ByteBuffer.allocate((int) Math.min(64 * 1024, Math.max(0, channel.size() - offset)));
            channel.position(offset);
            while (appended.hasRemaining() && channel.read(appended) > 0) {
                // reads until the buffer is full or the file ends
            }
            return new String(appended.array(), 0, appended.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static List<String> configLines(Path dir, int port, Secret password) {
        return List.of(
                "port " + port,
                "bind 127.0.0.1",
                "protected-mode yes",
                "dir " + quoted(dir),
                "pidfile " + quoted(dir.resolve(PID_FILE)),
                "appendonly yes",
                "appendfsync everysec",
                // Losing a queued run silently is worse than refusing a write when full.
                "maxmemory-policy noeviction",
                // Keeps the command line as started, naming this config file; a title would replace it.
                "set-proc-title no",
                // The one account, with the password's hash only: the file holds nothing to log in with.
                "user default on resetpass " + SandboxPasswords.redisAclHash(password) + " ~* &* +@all");
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
        try (Jedis jedis = new Jedis(new HostAndPort("127.0.0.1", port), DefaultJedisClientConfig.builder()
                .timeoutMillis(SHUTDOWN_TIMEOUT_MILLIS).password(password.reveal()).build())) {
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
