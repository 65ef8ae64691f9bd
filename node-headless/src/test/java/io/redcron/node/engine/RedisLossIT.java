package io.redcron.node.engine;

import io.redcron.domain.Run;
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
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis holds nothing that MySQL cannot rebuild: after Redis comes back empty the schedule index is
 * rebuilt, runs it lost are queued again, and no fire is lost or doubled. Runs nobody can take fail
 * at their deadline.
 */
class RedisLossIT {
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
    void afterRedisRestartsEmptyEveryFireStillRunsExactlyOnce() {
        redis = TestRedis.startPrivate(dir, false);
        cluster = new TestCluster(redis.uri());
        Task tick = cluster.add(cluster.shell("tick", "* * * * * ?", "echo tick"));
        cluster.start("survivor");
        await().atMost(Duration.ofSeconds(15)).until(() -> cluster.runsOf(tick).size() >= 3);

        redis.kill();
        // A run recorded while Redis was away: only MySQL knows it.
        Run lost = cluster.runs().insertManual(tick.id(), Instant.now(), 1, Map.of());
        redis.restart();

        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runs().get(lost.id()).orElseThrow().status()
                == RunStatus.SUCCEEDED);
        int before = cluster.runsOf(tick).size();
        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.runsOf(tick).size() >= before + 3);
        Instant switchedOff = cluster.switchOff(tick);
        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.allFinal(tick));

        List<Instant> fires = cluster.runsOf(tick).stream().filter(r -> r.trigger() == io.redcron.domain.TriggerType.CRON)
                .map(Run::scheduledAt).sorted().toList();
        assertThat(fires).doesNotHaveDuplicates();
        assertThat(fires).as("no fire lost while Redis was away")
                .hasSize((int) Duration.between(fires.get(0), fires.get(fires.size() - 1)).toSeconds() + 1);
        assertThat(cluster.runsOf(tick)).allMatch(run -> TestCluster.succeededOrWithdrawn(run, switchedOff));
    }

    @Test
    void aRunNoWorkerTakesFailsAtItsDeadlineNamingItsGroup() {
        cluster = new TestCluster();
        cluster.start("etl-only", Map.of("node.groups", "etl", "scheduler.queue-deadline", "2s"));
        Task orphan = cluster.add(cluster.shell("orphan", "0 0 0 1 1 ? 2099", "echo never").group("reports"));

        Run run = cluster.runs().insertManual(orphan.id(), Instant.now(), 1, Map.of());

        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.runs().get(run.id()).orElseThrow().status()
                == RunStatus.FAILED);
        assertThat(cluster.runs().get(run.id()).orElseThrow().error()).contains("group 'reports'");
    }
}
