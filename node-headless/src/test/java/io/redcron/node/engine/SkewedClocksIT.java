package io.redcron.node.engine;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Nodes whose machines disagree about the time by far more than a run lease. They time leases
 * and fires by the database's clock, so the leader neither reaps a run that is still going nor
 * fires early, and run times are the database's.
 */
class SkewedClocksIT {
    private static final Duration SKEW = Duration.ofSeconds(20);

    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @Test
    void aLeaderWhoseClockRunsAheadDoesNotReapARunStillGoingOnANodeWhoseClockLags() {
        Node leader = cluster.start("ahead", Map.of("node.roles", "scheduler"),
                Clock.offset(Clock.systemUTC(), SKEW));
        Node worker = cluster.start("behind", Map.of("node.roles", "worker"),
                Clock.offset(Clock.systemUTC(), SKEW.negated()));
        assertThat(leader.clock().instant()).isBetween(Instant.now().minusSeconds(1), Instant.now().plusSeconds(1));
        assertThat(worker.clock().instant()).isBetween(Instant.now().minusSeconds(1), Instant.now().plusSeconds(1));
        await().atMost(Duration.ofSeconds(10)).until(leader::isLeader);

        // Longer than the lease (renewed every third of it) and than several reaper passes.
        Task task = cluster.add(cluster.shell("long", "0 0 0 1 1 ? 2099", "sleep " + TestCluster.LEASE.multipliedBy(2)
                .toSeconds() + "; echo done"));
        Run run = cluster.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
        cluster.enqueue(run);

        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runs().get(run.id()).orElseThrow().status().isFinal());
        Run done = cluster.runs().get(run.id()).orElseThrow();
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.attempt()).isEqualTo(1);
        assertThat(done.lostAttempts()).isZero();
        assertThat(done.node()).isEqualTo("behind");
    }

    @Test
    void fireTimesAndStartTimesAreTheDatabasesWhateverTheNodesClocksSay() {
        cluster.start("ahead", Map.of("node.roles", "scheduler"), Clock.offset(Clock.systemUTC(), SKEW));
        cluster.start("behind", Map.of("node.roles", "worker"), Clock.offset(Clock.systemUTC(), SKEW.negated()));
        Task tick = cluster.add(cluster.shell("tick", "* * * * * ?", "true"));

        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.runsOf(tick).stream()
                .filter(run -> run.status() == RunStatus.SUCCEEDED).count() >= 3);
        cluster.tasks().setEnabled(tick.id(), false, "test");
        for (Run run : cluster.runsOf(tick)) {
            if (run.startedAt() != null) {
                // A leader 20 s ahead would have fired 20 s early; a worker 20 s behind would
                // have written start times 20 s before the fire.
                assertThat(Duration.between(run.scheduledAt(), run.startedAt()))
                        .isBetween(Duration.ofMillis(-100), Duration.ofSeconds(5));
            }
            assertThat(run.scheduledAt()).isBefore(Instant.now().plusSeconds(5));
        }
    }
}
