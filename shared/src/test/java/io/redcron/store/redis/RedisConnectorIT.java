package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.port.StoreException;
import io.redcron.testing.EmbeddedRedis;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.SafeEncoder;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class RedisConnectorIT {
    private static final Duration SHORT_TIMEOUT = Duration.ofMillis(300);
    private static final String PASSWORD = "s3cret-Pa55word";

    @TempDir
    Path tmp;

    @Test
    void opensAClientThatAnswersAndCarriesItsName() {
        try (UnifiedJedis redis = RedisConnector.open(RedisConfig.fromUri(TestRedis.uri()), "redcron-connector-it", 2)) {
            assertThat(redis.ping()).isEqualTo("PONG");
            assertThat(SafeEncoder.encode((byte[]) redis.sendCommand(Protocol.Command.CLIENT, "GETNAME")))
                    .isEqualTo("redcron-connector-it");
        }
    }

    @Test
    void theDatabaseInTheUriIsTheOneWrittenTo() {
        try (EmbeddedRedis server = TestRedis.startPrivate(tmp, false);
             UnifiedJedis db2 = RedisConnector.open(RedisConfig.fromUri(server.uri() + "/2"), "redcron-it", 2);
             RedisClient db0 = RedisClient.create(server.uri())) {
            db2.set("where", "db2");

            assertThat(db2.get("where")).isEqualTo("db2");
            assertThat(db0.exists("where")).isFalse();
        }
    }

    @Test
    void theRightPasswordGetsIn() {
        try (EmbeddedRedis server = serverWithPassword()) {
            RedisConfig config = RedisConfig.fromUri(server.uri(), Secret.of(PASSWORD), SHORT_TIMEOUT);
            try (UnifiedJedis redis = RedisConnector.open(config, "redcron-it", 2)) {
                assertThat(redis.ping()).isEqualTo("PONG");
            }
        }
    }

    @Test
    void aWrongPasswordIsRefusedInOneLineThatNamesTheServerButNotThePassword() {
        try (EmbeddedRedis server = serverWithPassword()) {
            RedisConfig config = RedisConfig.fromUri(server.uri(), Secret.of("wrong-" + PASSWORD), SHORT_TIMEOUT);

            StoreException refused = catchThrowableOfType(StoreException.class,
                    () -> RedisConnector.open(config, "redcron-it", 2));

            assertThat(refused.getMessage())
                    .isEqualTo("Redis at redis://127.0.0.1:" + server.port()
                            + " refused the credentials (check the user and REDCRON_REDIS_PASSWORD)");
            assertNothingInTheChainShows(refused, "wrong-" + PASSWORD);
        }
    }

    @Test
    void noPasswordForAServerThatWantsOneIsRefusedTheSameWay() {
        try (EmbeddedRedis server = serverWithPassword()) {
            RedisConfig config = RedisConfig.fromUri(server.uri(), Secret.NONE, SHORT_TIMEOUT);

            assertThatThrownBy(() -> RedisConnector.open(config, "redcron-it", 2))
                    .isInstanceOf(StoreException.class)
                    .hasMessageStartingWith("Redis at redis://127.0.0.1:" + server.port() + " refused the credentials");
        }
    }

    @Test
    void aClosedPortIsReportedAsUnreachableAtOnce() throws IOException {
        int port = closedPort();
        RedisConfig config = RedisConfig.fromUri("redis://127.0.0.1:" + port, Secret.NONE, SHORT_TIMEOUT);

        long started = System.nanoTime();
        StoreException unreachable = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-it", 2));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        assertThat(unreachable.getMessage())
                .startsWith("cannot reach Redis at redis://127.0.0.1:" + port + ": ")
                .doesNotContain("\n");
    }

    @Test
    void aServerThatNeverAnswersIsReportedAsUnreachableWithinTheTimeout() throws IOException {
        // Accepts connections (the kernel does, through the backlog) but never reads or replies.
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            RedisConfig config = RedisConfig.fromUri("redis://127.0.0.1:" + silent.getLocalPort(), Secret.NONE, SHORT_TIMEOUT);

            long started = System.nanoTime();
            StoreException unreachable = catchThrowableOfType(StoreException.class,
                    () -> RedisConnector.open(config, "redcron-it", 2));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
            assertThat(unreachable.getMessage())
                    .startsWith("cannot reach Redis at redis://127.0.0.1:" + silent.getLocalPort() + ": ")
                    .doesNotContain("\n");
        }
    }

    private EmbeddedRedis serverWithPassword() {
        EmbeddedRedis server = TestRedis.startPrivate(tmp, false);
        try (RedisClient admin = RedisClient.create(server.uri())) {
            admin.configSet("requirepass", PASSWORD);
        }
        return server;
    }

    private static void assertNothingInTheChainShows(Throwable thrown, String secret) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            assertThat(String.valueOf(t.getMessage())).doesNotContain(secret);
        }
        assertThat(thrown.getMessage()).doesNotContain("\n");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
