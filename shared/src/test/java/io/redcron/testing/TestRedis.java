package io.redcron.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The Redis that integration tests share: one per test JVM, started on first use.
 *
 * <p>{@code -Dredcron.test.redis.uri} (or {@code REDCRON_TEST_REDIS_URI}) names an existing
 * server, as CI does with the machine's Redis 7; otherwise an embedded Redis starts on a free
 * port and stops with the JVM. Tests isolate themselves by key prefix ({@link #freshNamespace()}),
 * never by flushing, because the server may be shared with other test JVMs.
 */
public final class TestRedis {
    public static final String URI_PROPERTY = "redcron.test.redis.uri";
    public static final String URI_ENV = "REDCRON_TEST_REDIS_URI";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static String uri;

    private TestRedis() {
    }

    /** {@code redis://host:port} of the shared server, starting the embedded one if needed. */
    public static synchronized String uri() {
        if (uri == null) {
            uri = configuredUri();
            if (uri == null) {
                uri = startShared().uri();
            }
        }
        return uri;
    }

    /** A namespace no other test uses, such as {@code t4k9x2mq7d}. */
    public static String freshNamespace() {
        return "t" + Long.toString(RANDOM.nextLong() & Long.MAX_VALUE, 36);
    }

    /** A server of the test's own, for tests that stop, kill or restart Redis. */
    public static EmbeddedRedis startPrivate(Path dir, boolean aof) {
        return EmbeddedRedis.start(dir, aof);
    }

    private static String configuredUri() {
        String value = System.getProperty(URI_PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(URI_ENV);
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A leftover empty folder in the temp dir is harmless.
        }
    }

    private static EmbeddedRedis startShared() {
        try {
            Path dir = Files.createTempDirectory("redcron-test-redis");
            EmbeddedRedis redis = EmbeddedRedis.start(dir, false);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                redis.stop();
                deleteQuietly(dir);
            }, "test-redis-stop"));
            return redis;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
