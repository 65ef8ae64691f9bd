package io.redcron.node.engine;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.port.FencedOutException;
import io.redcron.port.SchedulerStore;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlSchedulerStore;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Nodes that die: their runs and their leadership move to the survivors, and nothing is doubled. */
class RecoveryIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @Test
    void aRunOfACrashedWorkerIsRecoveredByAnotherNodeAndTheLostAttemptIsRecorded() {
        Node first = cluster.start("first", Map.of("node.roles", "scheduler,worker"));
        Task task = cluster.add(cluster.shell("long", "0 0 0 1 1 ? 2099", "sleep 2; echo done attempt $REDCRON_ATTEMPT"));
        Run run = cluster.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
        cluster.enqueue(run);
        await().atMost(Duration.ofSeconds(10)).until(() -> status(run) == RunStatus.RUNNING);

        cluster.crash(first);
        cluster.start("second");

        await().atMost(Duration.ofSeconds(30)).until(() -> status(run) == RunStatus.SUCCEEDED);
        Run done = cluster.runs().get(run.id()).orElseThrow();
        assertThat(done.node()).isEqualTo("second");
        assertThat(done.attempt()).isEqualTo(2);
        assertThat(done.lostAttempts()).isEqualTo(1);
        assertThat(done.output()).contains("done attempt 2");
    }

    @Test
    void leadershipMovesWhenTheLeaderDiesAndTheOldLeaderIsFencedOff() throws Exception {
        Task tick = cluster.add(cluster.shell("tick", "* * * * * ?", "echo tick"));
        Node a = cluster.start("a");
        // A leader takes the lease in Redis first, then its epoch in MySQL: wait for both.
        await().atMost(Duration.ofSeconds(10)).until(() -> leader().equals("a") && epoch() > 0);
        long epochOfA = epoch();
        Node b = cluster.start("b");
        await().atMost(Duration.ofSeconds(10)).until(() -> cluster.runsOf(tick).size() >= 3);

        cluster.crash(a);
        await().atMost(TestCluster.LEASE.multipliedBy(3)).until(() -> leader().equals("b"));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(epoch()).isGreaterThan(epochOfA));

        // Whatever the old leader still believed, MySQL refuses its writes.
        SchedulerStore store = new MysqlSchedulerStore(cluster.dataSource(), Clock.systemUTC());
        Task current = cluster.tasks().get(tick.id()).orElseThrow();
        assertThatThrownBy(() -> store.recordFires(cluster.namespace(), epochOfA, List.of(new SchedulerStore.TaskFires(
                current, List.of(new SchedulerStore.Fire(Instant.parse("2099-01-01T00:00:00Z"), false, null)), null))))
                .isInstanceOf(FencedOutException.class);

        int before = cluster.runsOf(tick).size();
        await().atMost(Duration.ofSeconds(15)).until(() -> cluster.runsOf(tick).size() >= before + 4);
        Instant switchedOff = cluster.switchOff(tick);
        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.allFinal(tick));

        List<Instant> fires = cluster.runsOf(tick).stream().map(Run::scheduledAt).sorted().toList();
        assertThat(fires).doesNotHaveDuplicates();
        assertThat(fires).as("no fire missing across the handoff")
                .hasSize((int) Duration.between(fires.get(0), fires.get(fires.size() - 1)).toSeconds() + 1);
        assertThat(cluster.runsOf(tick)).allMatch(run -> TestCluster.succeededOrWithdrawn(run, switchedOff));
        Run lastRan = cluster.runsOf(tick).stream().filter(run -> run.attempt() > 0)
                .max(java.util.Comparator.comparing(Run::scheduledAt)).orElseThrow();
        assertThat(lastRan.node()).as("the last fire that ran, after a's crash").isEqualTo("b");
        cluster.stop(b);
    }

    @Test
    void aDrainingNodeFinishesOrHandsBackItsRuns() {
        Node leaving = cluster.start("leaving", Map.of("node.drain-grace", "1s"));
        Task slow = cluster.add(cluster.shell("slow", "0 0 0 1 1 ? 2099", "sleep 4; echo finished"));
        Run run = cluster.runs().insertManual(slow.id(), Instant.now(), 1, Map.of());
        cluster.enqueue(run);
        await().atMost(Duration.ofSeconds(10)).until(() -> status(run) == RunStatus.RUNNING);

        cluster.stop(leaving);
        Run handedBack = cluster.runs().get(run.id()).orElseThrow();
        assertThat(handedBack.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(handedBack.error()).contains("handed back");

        cluster.start("staying");
        await().atMost(Duration.ofSeconds(20)).until(() -> status(run) == RunStatus.SUCCEEDED);
        assertThat(cluster.runs().get(run.id()).orElseThrow().node()).isEqualTo("staying");
    }

    private RunStatus status(Run run) {
        return cluster.runs().get(run.id()).orElseThrow().status();
    }

    private String leader() {
        return new RedisLeaderLease(cluster.redis(), new RedisKeys(cluster.namespace())).current()
                .map(io.redcron.port.LeaderLease.Holder::nodeId).orElse("");
    }

    private long epoch() {
        return new MysqlFencingEpochs(cluster.dataSource(), Clock.systemUTC()).current(cluster.namespace())
                .map(epoch -> epoch.value()).orElse(0L);
    }
}
