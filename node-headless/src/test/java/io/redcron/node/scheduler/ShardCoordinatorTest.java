package io.redcron.node.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Sharding;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The leader's shard duty on the in-memory stores, driven by hand with a settable clock. */
class ShardCoordinatorTest {
    private static final Instant NOW = Instant.parse("2030-05-01T08:00:00.500Z");
    private static final String NS = "shards";

    private final ManualClock clock = new ManualClock(NOW);
    private InMemoryStores stores;
    private ShardCoordinator coordinator;
    private long epoch;

    @BeforeEach
    void setUp() {
        stores = new InMemoryStores(clock);
        coordinator = new ShardCoordinator(NS, stores.sharded(), stores.scheduler(), stores.nodes(), stores.queue(),
                stores.events());
        epoch = stores.epochs().advance(NS, "leader");
    }

    private Task task(Sharding sharding) {
        return stores.tasks().create(TaskFixtures.shell(NS, "fan-out").group("batch").sharding(sharding)
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
    }

    @Test
    void aDueParentIsSplitItsShardsQueuedAndItEndsWithThem() {
        Run parent = stores.runs().insertManual(task(Sharding.fixed(3)).id(), NOW, 1, Map.of());

        assertThat(coordinator.run(epoch, NOW.plusSeconds(1))).isOne();

        List<Run> shards = stores.runs().shards(stores.runs().get(parent.id()).orElseThrow());
        assertThat(shards).extracting(Run::shardIndex).containsExactly(0, 1, 2);
        assertThat(stores.queue().waiting("batch", 10))
                .containsExactlyInAnyOrderElementsOf(shards.stream().map(Run::id).toList());
        assertThat(coordinator.run(epoch, NOW.plusSeconds(2))).as("nothing ended yet").isZero();

        for (Run shard : shards) {
            Run claimed = stores.runs().claim(shard.id(), "worker-1", NOW, NOW.plusSeconds(30)).orElseThrow();
            stores.runs().complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                    new RunOutcome(shard.shardIndex() == 1 ? RunStatus.FAILED : RunStatus.SUCCEEDED, NOW, 0, "",
                            shard.shardIndex() == 1 ? "exit code 1" : null));
        }
        assertThat(coordinator.run(epoch, NOW.plusSeconds(3))).isOne();

        Run ended = stores.runs().get(parent.id()).orElseThrow();
        assertThat(ended.status()).isEqualTo(RunStatus.FAILED);
        assertThat(ended.error()).isEqualTo("1 of 3 shards failed (shard 1: exit code 1)");
    }

    @Test
    void perWorkerCountsTheLiveWorkersOfTheGroupWhenTheFireIsSplit() {
        heartbeat("worker-1", Set.of(NodeRole.WORKER), Set.of("batch"));
        heartbeat("worker-2", Set.of(NodeRole.WORKER, NodeRole.SCHEDULER), Set.of("batch", "default"));
        heartbeat("worker-3", Set.of(NodeRole.WORKER), Set.of("default"));
        heartbeat("leader-only", Set.of(NodeRole.SCHEDULER), Set.of("batch"));
        Run parent = stores.runs().insertManual(task(Sharding.perWorker()).id(), NOW, 1, Map.of());

        coordinator.run(epoch, NOW.plusSeconds(1));

        assertThat(stores.runs().get(parent.id()).orElseThrow().shardTotal()).isEqualTo(2);
    }

    @Test
    void aParentRecordedAheadIsNotSplitBeforeItsTime() {
        Task task = task(Sharding.fixed(2));
        Run parent = stores.runs().insertOrGetCronFire(task.id(), Instant.parse("2030-05-01T08:01:00Z"), 1);
        assertThat(parent.status()).isEqualTo(RunStatus.SHARDED);

        assertThat(coordinator.run(epoch, NOW)).isZero();
        assertThat(stores.runs().shards(parent)).isEmpty();
    }

    @Test
    void shardsSplitButNeverQueuedAreQueuedByTheReconciler() {
        Run parent = stores.runs().insertManual(task(Sharding.fixed(2)).id(), NOW, 1, Map.of());
        coordinator.run(epoch, NOW.plusSeconds(1));
        // Redis lost the entries between the split's commit and any worker's read.
        stores.loseRedis();
        Reconciler reconciler = new Reconciler(NS, stores.recovery(), stores.runs(), stores.queue(), Duration.ofSeconds(5),
                Duration.ofHours(1), io.redcron.node.alert.AlertSink.NONE, new StreamSweep(stores.queue(), stores.recovery(), Duration.ofMinutes(1),
                100), stores.failing());

        reconciler.run(NOW.plusSeconds(10));

        List<Run> shards = stores.runs().shards(stores.runs().get(parent.id()).orElseThrow());
        assertThat(stores.queue().waiting("batch", 10))
                .containsExactlyInAnyOrderElementsOf(shards.stream().map(Run::id).toList());
        assertThat(stores.queue().waiting("batch", 10)).as("never the parent").doesNotContain(parent.id());
    }

    private void heartbeat(String node, Set<NodeRole> roles, Set<String> groups) {
        stores.nodes().heartbeat(new NodeInfo(node, "host", 1, "1.0", roles, groups, 4, 0, NOW, NOW),
                Duration.ofMinutes(1));
    }
}
