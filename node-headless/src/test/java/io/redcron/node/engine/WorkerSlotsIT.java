package io.redcron.node.engine;

import io.redcron.domain.JavaPayload;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.worker.execution.TestHandlers;
import io.redcron.schedule.CronDialect;
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
 * A worker keeps all its slots: through store failures (a pass that fails while reading its
 * streams must give back the slots it had set aside for what it would read), and while a java
 * handler it gave up on keeps its thread.
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

    @Test
    void aJavaHandlerThatIgnoresItsTimeoutIsRecordedAndItsSlotRunsTheNextRun() {
        cluster = new TestCluster();
        Task stubborn = cluster.add(java("stubborn", "test.stubborn", Duration.ofSeconds(1)));
        Task echo = cluster.add(java("echo", "test.echo", Duration.ofSeconds(30)));
        TestHandlers.holdStubborn();
        try {
            cluster.start("worker", Map.of("node.slots", "1"));
            Run stuck = cluster.runs().insertManual(stubborn.id(), Instant.now(), 1, Map.of());
            cluster.enqueue(stuck);

            // Given up on after its timeout and the kill grace, while the handler keeps its thread.
            await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runs().get(stuck.id()).orElseThrow().status()
                    == RunStatus.TIMED_OUT);
            Run next = cluster.runs().insertManual(echo.id(), Instant.now(), 1, Map.of());
            cluster.enqueue(next);

            await("the next run, on the node's only slot").atMost(Duration.ofSeconds(30))
                    .until(() -> cluster.runs().get(next.id()).orElseThrow().status() == RunStatus.SUCCEEDED);
        } finally {
            TestHandlers.releaseStubborn();
        }
    }

    private static Task.Builder java(String name, String handler, Duration timeout) {
        return Task.builder().name(name).cron("0 0 0 1 1 ? 2099").dialect(CronDialect.QUARTZ)
                .payload(new JavaPayload(handler, Map.of())).timeout(timeout);
    }
}
