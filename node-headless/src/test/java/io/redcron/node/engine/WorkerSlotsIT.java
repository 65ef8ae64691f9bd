package io.redcron.node.engine;

import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.testing.EmbeddedRedis;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * A worker keeps all its slots through store failures: a pass that fails while reading its
 * streams must give back the slots it had set aside for what it would read.
 */
class WorkerSlotsIT {
    private static final int SLOTS = 3;

    @TempDir
    Path dir;

    private EmbeddedRedis redis;
    private TestCluster cluster;

    @AfterEach
    void close() {
        if (cluster != null) {
            cluster.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    void afterRedisWasAwayAWorkerStillRunsAsManyRunsAtOnceAsItHasSlots() {
        redis = TestRedis.startPrivate(dir, true);
        cluster = new TestCluster(redis.uri());
        Task slow = cluster.add(cluster.shell("slow", "0 0 0 1 1 ? 2099", "sleep 5")
                .concurrencyPolicy(io.redcron.domain.ConcurrencyPolicy.ALLOW));
        cluster.start("worker", Map.of("node.slots", Integer.toString(SLOTS)));
        long warmUp = cluster.runs().insertManual(slow.id(), Instant.now(), 1, Map.of()).id();
        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runs().get(warmUp).orElseThrow().status()
                == RunStatus.SUCCEEDED);

        redis.kill();
        // The outage itself: Redis stays down for 3 s, long enough for the worker's reads to fail.
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> !redis.isRunning());
        redis.restart();
        for (int i = 0; i < SLOTS; i++) {
            cluster.runs().insertManual(slow.id(), Instant.now(), 1, Map.of());
        }

        await("all slots busy at once").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> cluster.runsOf(slow).stream().filter(run -> run.status() == RunStatus.RUNNING).count()
                        == SLOTS);
    }
}
