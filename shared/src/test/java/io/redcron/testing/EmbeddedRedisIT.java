package io.redcron.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;

/** The test Redis helpers themselves, against real servers. */
class EmbeddedRedisIT {
    @TempDir
    Path tmp;

    @Test
    void theSharedServerAnswersAndNamespacesDiffer() {
        try (RedisClient redis = RedisClient.create(TestRedis.uri())) {
            String namespace = TestRedis.freshNamespace();
            redis.set(namespace + ":k", "v");

            assertThat(redis.get(namespace + ":k")).isEqualTo("v");
            assertThat(TestRedis.uri()).isEqualTo(TestRedis.uri());
            assertThat(namespace).matches("t[0-9a-z]+").isNotEqualTo(TestRedis.freshNamespace());
            redis.del(namespace + ":k"); // the server may be the machine's own
        }
    }

    @Test
    void aPrivateServerWithAofKeepsItsDataThroughStopKillAndRestart() {
        try (EmbeddedRedis server = TestRedis.startPrivate(tmp, true)) {
            try (RedisClient redis = RedisClient.create(server.uri())) {
                redis.set("before-stop", "1");
            }
            server.restart();
            try (RedisClient redis = RedisClient.create(server.uri())) {
                assertThat(redis.get("before-stop")).isEqualTo("1");
                // Redis writes the AOF (to the page cache) before it replies, so a SIGKILL after the
                // reply cannot lose it (the test server syncs every write).
                redis.set("before-kill", "2");
            }
            server.kill();
            assertThat(server.isRunning()).isFalse();
            server.restart();
            try (RedisClient redis = RedisClient.create(server.uri())) {
                assertThat(redis.get("before-kill")).isEqualTo("2");
            }
        }
    }

    @Test
    void withoutAofARestartStartsEmpty() {
        try (EmbeddedRedis server = TestRedis.startPrivate(tmp, false)) {
            try (RedisClient redis = RedisClient.create(server.uri())) {
                redis.set("gone", "soon");
            }
            server.restart();
            try (RedisClient redis = RedisClient.create(server.uri())) {
                assertThat(redis.exists("gone")).isFalse();
            }
        }
    }
}
