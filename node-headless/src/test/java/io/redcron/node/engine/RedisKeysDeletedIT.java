package io.redcron.node.engine;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.node.Node;
import io.redcron.store.redis.RedisKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An operator deletes Redcron's Redis keys by hand, one kind at a time and then all at once: the
 * node keeps going, the leader and the reconciler rebuild what is gone from MySQL, and every fire
 * still runs exactly once.
 */
class RedisKeysDeletedIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();
    private final RedisKeys keys = new RedisKeys(cluster.namespace());
    private final UnifiedJedis redis = cluster.redis();

    @Test
    void deletedKeysAreRebuiltAndNoFireIsLostOrDoubled() {
        Task tick = cluster.add(cluster.shell("tick", "* * * * * ?", "echo tick"));
        Task retried = cluster.add(cluster.shell("retried", "*/2 * * * * ?", "exit 1")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW)
                .retry(new RetryPolicy(3, Duration.ofSeconds(1), 1.0, Duration.ofSeconds(1), 0.0)));
        Node node = cluster.start("node");
        await().atMost(Duration.ofSeconds(20)).until(() -> succeeded(tick) >= 3 && node.isLeader());

        List<String> deleted = new ArrayList<>();
        for (String key : List.of(keys.schedule(), keys.stream("default"), keys.delayed(), keys.running(tick.id()),
                keys.leader(), keys.node("node"))) {
            redis.del(key);
            deleted.add(key);
            long before = succeeded(tick);
            await("runs go on after deleting " + key).atMost(Duration.ofSeconds(20))
                    .until(() -> succeeded(tick) >= before + 2);
        }
        // More times than the node has slots: a worker that lost a slot on each failed read would stall.
        for (int i = 0; i < 10; i++) {
            redis.del(keys.stream("default"));
            long now = succeeded(tick);
            await("runs go on after deleting the stream " + (i + 1) + " times").atMost(Duration.ofSeconds(20))
                    .until(() -> succeeded(tick) >= now + 1);
        }
        List<String> all = allKeys();
        assertThat(all).as("the node wrote its keys again").isNotEmpty();
        redis.del(all.toArray(String[]::new));
        long before = succeeded(tick);
        try {
            await("runs go on after deleting every key").atMost(Duration.ofSeconds(30))
                    .until(() -> succeeded(tick) >= before + 3);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("stalled; keys now " + allKeys() + ", runs " + cluster.runsOf(tick).stream()
                    .map(run -> run.id() + ":" + run.status() + "@" + run.scheduledAt()).toList(), e);
        }
        await("the heartbeat and leader key come back").atMost(Duration.ofSeconds(20))
                .until(() -> redis.exists(keys.node("node")) && redis.exists(keys.leader()));

        Instant tickOff = cluster.switchOff(tick);
        Instant retriedOff = cluster.switchOff(retried);
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.allFinal(tick) && cluster.allFinal(retried));
        List<Instant> fires = cluster.runsOf(tick).stream().filter(run -> run.trigger() == TriggerType.CRON)
                .map(Run::scheduledAt).sorted().toList();
        assertThat(fires).doesNotHaveDuplicates();
        assertThat(fires).as("one run for every second from the first fire to the last (deleted: " + deleted + ")")
                .hasSize((int) Duration.between(fires.get(0), fires.get(fires.size() - 1)).toSeconds() + 1);
        assertThat(cluster.runsOf(tick)).allMatch(run -> TestCluster.succeededOrWithdrawn(run, tickOff));
        assertThat(cluster.runsOf(retried)).filteredOn(run -> !run.scheduledAt().isAfter(retriedOff)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.FAILED);
            assertThat(run.attempt()).as("every retry ran, even those whose delayed entry was deleted").isEqualTo(3);
        });
    }

    private long succeeded(Task task) {
        return cluster.runsOf(task).stream().filter(run -> run.status() == RunStatus.SUCCEEDED).count();
    }

    private List<String> allKeys() {
        List<String> found = new ArrayList<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, new ScanParams().match(keys.all()).count(1000));
            found.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return found;
    }
}
