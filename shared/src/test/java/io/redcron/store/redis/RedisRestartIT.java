package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.port.LeaderLease;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.ScheduleIndex;
import io.redcron.testing.EmbeddedRedis;
import io.redcron.testing.RedisNamespace;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Redis keeps across a restart. After the restart each check uses a new client: this is
 * about the data, not about how a long-lived client notices its connections went stale.
 *
 * <p>The restarts are clean stops. A SIGKILL can lose acknowledged writes even with AOF: with
 * {@code appendfsync everysec} Redis postpones writing the AOF while an fsync is in progress but
 * still replies, which is why MySQL, not Redis, is the record.
 */
class RedisRestartIT {
    private static final Instant NEXT_FIRE = Instant.ofEpochMilli(1_774_746_000_123L);
    private static final Set<String> ETL = Set.of("etl");

    @TempDir
    Path tmp;

    @Test
    void withAofARestartedRedisComesBackWithTheScheduleQueuesAndLease() {
        try (EmbeddedRedis server = TestRedis.startPrivate(tmp, true);
             RedisNamespace before = RedisNamespace.onPrivateServer(server.uri())) {
            RedisKeys keys = before.keys();
            new RedisScheduleIndex(before.client(), keys).put(Map.of(1L, NEXT_FIRE, 2L, NEXT_FIRE.plusSeconds(60)));
            RunQueue queue = new RedisRunQueue(before.client(), keys);
            queue.enqueue(List.of(QueuedRun.of("etl", 10), QueuedRun.of("etl", 11)));
            QueuedRun inFlight = queue.read("w1", ETL, 1, Duration.ofMillis(1)).get(0);
            queue.delay(QueuedRun.of("etl", 12), NEXT_FIRE);
            new RedisLeaderLease(before.client(), keys).tryAcquire("scheduler-1:abc", Duration.ofMinutes(5));

            server.restart();

            try (UnifiedJedis after = connect(server)) {
                ScheduleIndex index = new RedisScheduleIndex(after, keys);
                RunQueue queueAfter = new RedisRunQueue(after, keys);
                assertThat(index.exists()).isTrue();
                assertThat(index.due(NEXT_FIRE.plusSeconds(60), 10)).containsExactly(
                        new ScheduleIndex.Entry(1, NEXT_FIRE), new ScheduleIndex.Entry(2, NEXT_FIRE.plusSeconds(60)));
                assertThat(queueAfter.waiting("etl", 10)).containsExactly(10L, 11L);
                assertThat(queueAfter.delayed(10)).containsExactly(12L);
                assertThat(queueAfter.reclaimIdle("etl", "reaper", Duration.ZERO, 10))
                        .as("the group remembers what it delivered").containsExactly(inFlight);
                assertThat(queueAfter.read("w2", ETL, 10, Duration.ofMillis(1))).extracting(QueuedRun::runId)
                        .containsExactly(11L);
                assertThat(new RedisLeaderLease(after, keys).current()).map(LeaderLease.Holder::holder)
                        .contains("scheduler-1:abc");
            }
        }
    }

    @Test
    void withoutAofARestartedRedisHasNoScheduleIndexAndTheQueuesStartOver() {
        try (EmbeddedRedis server = TestRedis.startPrivate(tmp, false);
             RedisNamespace before = RedisNamespace.onPrivateServer(server.uri())) {
            RedisKeys keys = before.keys();
            new RedisScheduleIndex(before.client(), keys).put(Map.of(1L, NEXT_FIRE));
            RunQueue queue = new RedisRunQueue(before.client(), keys);
            queue.enqueue(List.of(QueuedRun.of("etl", 10)));
            queue.read("w1", ETL, 1, Duration.ofMillis(1));
            new RedisLeaderLease(before.client(), keys).tryAcquire("scheduler-1:abc", Duration.ofMinutes(5));

            server.restart();

            try (UnifiedJedis after = connect(server)) {
                ScheduleIndex index = new RedisScheduleIndex(after, keys);
                RunQueue queueAfter = new RedisRunQueue(after, keys);
                // This is what tells the scheduler to rebuild the index from MySQL.
                assertThat(index.exists()).isFalse();
                assertThat(index.earliest()).isEmpty();
                assertThat(queueAfter.waiting("etl", 10)).isEmpty();
                assertThat(queueAfter.read("w1", ETL, 10, Duration.ofMillis(1))).isEmpty();

                queueAfter.enqueue(List.of(QueuedRun.of("etl", 10))); // the reconciler re-enqueues
                assertThat(queueAfter.read("w1", ETL, 10, Duration.ofMillis(1))).extracting(QueuedRun::runId)
                        .containsExactly(10L);
                assertThat(new RedisLeaderLease(after, keys).tryAcquire("scheduler-2:def", Duration.ofMinutes(5))).isTrue();
            }
        }
    }

    private static UnifiedJedis connect(EmbeddedRedis server) {
        return RedisConnector.open(RedisConfig.fromUri(server.uri()), "redcron-it", 4);
    }
}
