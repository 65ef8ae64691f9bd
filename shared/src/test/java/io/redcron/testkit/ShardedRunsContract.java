package io.redcron.testkit;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Sharding;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.FencedOutException;
import io.redcron.port.FencingEpochs;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.ShardedRuns;
import io.redcron.port.ShardedRuns.Split;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What every {@link ShardedRuns} must do, with the run store that records a sharded task's runs;
 * one subclass per backend. Each test has a namespace of its own.
 */
public abstract class ShardedRunsContract {
    private static final Instant NOW = Instant.parse("2030-04-01T12:00:00.250Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    protected final ManualClock clock = new ManualClock(NOW);
    protected TaskStore tasks;
    protected RunStore runs;
    protected ShardedRuns sharded;
    protected FencingEpochs epochs;
    private String ns;
    private long epoch;

    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
        epoch = epochs.advance(ns, "leader-1");
    }

    private Task task(Sharding sharding, ConcurrencyPolicy concurrency) {
        return tasks.create(shell(ns, "split-" + sharding.format()).sharding(sharding).concurrencyPolicy(concurrency)
                .retry(new RetryPolicy(2, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(10), 0)).build(), "alice");
    }

    @Test
    void aShardedTasksRunIsRecordedAsTheParentAndSplitOnceIntoQueuedShards() {
        Task task = task(Sharding.fixed(3), ConcurrencyPolicy.ALLOW);
        Run parent = runs.insertManual(task.id(), NOW, 2, Map.of("day", "monday"));
        assertThat(parent.status()).isEqualTo(RunStatus.SHARDED);
        assertThat(parent.shardTotal()).as("not split yet").isZero();
        assertThat(sharded.parents(ns, NOW, task.id(), 10)).as("after its task").isEmpty();
        assertThat(sharded.parents(ns, NOW, 0, 10)).extracting(Run::id).containsExactly(parent.id());

        Split split = sharded.split(ns, epoch, parent.id(), 3, NOW);

        assertThat(split.outcome()).isEqualTo(Split.Outcome.SPLIT);
        assertThat(split.parent().shardTotal()).isEqualTo(3);
        assertThat(split.parent().status()).isEqualTo(RunStatus.SHARDED);
        assertThat(split.parent().startedAt()).isEqualTo(NOW);
        assertThat(split.shards()).extracting(Run::shardIndex).containsExactly(0, 1, 2);
        assertThat(split.shards()).allSatisfy(shard -> {
            assertThat(shard.status()).isEqualTo(RunStatus.QUEUED);
            assertThat(shard.trigger()).isEqualTo(TriggerType.SHARD);
            assertThat(shard.shardTotal()).isEqualTo(3);
            assertThat(shard.scheduledAt()).isEqualTo(parent.scheduledAt());
            assertThat(shard.maxAttempts()).isEqualTo(2);
            assertThat(shard.params()).containsEntry("day", "monday");
        });
        assertThat(runs.shards(split.parent())).extracting(Run::id)
                .containsExactlyElementsOf(split.shards().stream().map(Run::id).toList());
        assertThat(runs.parent(split.shards().get(2))).map(Run::id).contains(parent.id());
        assertThat(runs.parent(split.parent())).as("no shard").isEmpty();
        assertThat(sharded.split(ns, epoch, parent.id(), 5, NOW).outcome()).as("split once")
                .isEqualTo(Split.Outcome.UNCHANGED);
        assertThat(runs.shards(split.parent())).hasSize(3);
    }

    @Test
    void aParentEndsWithItsShardsAggregateOnlyOnceAllHaveEnded() {
        Task task = task(Sharding.fixed(3), ConcurrencyPolicy.ALLOW);
        Run parent = runs.insertManual(task.id(), NOW, 1, Map.of());
        List<Run> shards = sharded.split(ns, epoch, parent.id(), 3, NOW).shards();

        finish(shards.get(0), RunStatus.SUCCEEDED, null);
        finish(shards.get(1), RunStatus.FAILED, "exit code 3");
        assertThat(sharded.settle(ns, epoch, parent.id(), NOW)).as("shard 2 has not ended").isEmpty();
        finish(shards.get(2), RunStatus.SUCCEEDED, null);

        Run settled = sharded.settle(ns, epoch, parent.id(), NOW.plusSeconds(5)).orElseThrow();
        assertThat(settled.status()).isEqualTo(RunStatus.FAILED);
        assertThat(settled.error()).isEqualTo("1 of 3 shards failed (shard 1: exit code 3)");
        assertThat(settled.finishedAt()).isEqualTo(NOW.plusSeconds(5));
        assertThat(sharded.settle(ns, epoch, parent.id(), NOW.plusSeconds(6))).as("settled once").isEmpty();
        assertThat(sharded.parents(ns, NOW.plusSeconds(6), 0, 10)).isEmpty();
    }

    @Test
    void allShardsSucceededIsASuccess() {
        Task task = task(Sharding.perWorker(), ConcurrencyPolicy.ALLOW);
        Run parent = runs.insertManual(task.id(), NOW, 1, Map.of());
        for (Run shard : sharded.split(ns, epoch, parent.id(), 2, NOW).shards()) {
            finish(shard, RunStatus.SUCCEEDED, null);
        }
        Run settled = sharded.settle(ns, epoch, parent.id(), NOW).orElseThrow();
        assertThat(settled.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(settled.error()).isNull();
    }

    @Test
    void forbidWaitsForTheEarlierFireAndReplaceCancelsIt() {
        Task forbid = task(Sharding.fixed(2), ConcurrencyPolicy.FORBID);
        Run first = runs.insertManual(forbid.id(), NOW, 1, Map.of());
        Run second = runs.insertManual(forbid.id(), NOW.plusMillis(5), 1, Map.of());
        List<Run> firstShards = sharded.split(ns, epoch, first.id(), 2, NOW).shards();
        assertThat(sharded.split(ns, epoch, second.id(), 2, NOW.plusSeconds(1)).outcome())
                .isEqualTo(Split.Outcome.WAITING);
        firstShards.forEach(shard -> finish(shard, RunStatus.SUCCEEDED, null));
        sharded.settle(ns, epoch, first.id(), NOW.plusSeconds(2)).orElseThrow();
        assertThat(sharded.split(ns, epoch, second.id(), 2, NOW.plusSeconds(2)).outcome())
                .isEqualTo(Split.Outcome.SPLIT);

        Task replace = tasks.create(shell(ns, "replaced").sharding(Sharding.fixed(2))
                .concurrencyPolicy(ConcurrencyPolicy.REPLACE).build(), "alice");
        Run old = runs.insertManual(replace.id(), NOW, 1, Map.of());
        List<Run> oldShards = sharded.split(ns, epoch, old.id(), 2, NOW).shards();
        Run running = runs.claim(oldShards.get(0).id(), "node-a", NOW, NOW.plus(LEASE)).orElseThrow();
        Run newer = runs.insertManual(replace.id(), NOW.plusMillis(5), 1, Map.of());

        Split split = sharded.split(ns, epoch, newer.id(), 2, NOW.plusSeconds(1));

        assertThat(split.outcome()).isEqualTo(Split.Outcome.SPLIT);
        assertThat(split.stopping()).extracting(Run::id).containsExactly(running.id());
        assertThat(runs.get(oldShards.get(1).id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        finish(runs.get(running.id()).orElseThrow(), RunStatus.CANCELLED, "cancelled");
        assertThat(sharded.settle(ns, epoch, old.id(), NOW.plusSeconds(2)).orElseThrow().status())
                .isEqualTo(RunStatus.CANCELLED);
    }

    @Test
    void aCancelEndsAnUnsplitParentAtOnceAndASplitOneThroughItsShards() {
        Task task = task(Sharding.fixed(2), ConcurrencyPolicy.ALLOW);
        Run unsplit = runs.insertManual(task.id(), NOW, 1, Map.of());
        assertThat(runs.requestCancel(unsplit.id(), NOW, "cancelled by alice").orElseThrow().status())
                .isEqualTo(RunStatus.CANCELLED);
        assertThat(sharded.split(ns, epoch, unsplit.id(), 2, NOW).outcome()).isEqualTo(Split.Outcome.UNCHANGED);

        Run parent = runs.insertManual(task.id(), NOW.plusMillis(5), 1, Map.of());
        List<Run> shards = sharded.split(ns, epoch, parent.id(), 2, NOW.plusSeconds(1)).shards();
        Run running = runs.claim(shards.get(0).id(), "node-a", NOW, NOW.plus(LEASE)).orElseThrow();

        assertThat(runs.requestCancel(parent.id(), NOW, "cancelled by alice").orElseThrow().status())
                .as("it waits for its running shard").isEqualTo(RunStatus.SHARDED);
        assertThat(runs.get(shards.get(1).id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(sharded.settle(ns, epoch, parent.id(), NOW)).isEmpty();
        finish(runs.get(running.id()).orElseThrow(), RunStatus.SUCCEEDED, null);

        Run settled = sharded.settle(ns, epoch, parent.id(), NOW).orElseThrow();
        assertThat(settled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(settled.error()).isEqualTo("cancelled: 1 of 2 shards succeeded, 1 cancelled");
    }

    @Test
    void aParentWhoseTaskIsGoneEndsSkippedAndAStaleLeaderChangesNothing() {
        Task task = task(Sharding.fixed(2), ConcurrencyPolicy.ALLOW);
        Run parent = runs.insertManual(task.id(), NOW, 1, Map.of());
        long newer = epochs.advance(ns, "leader-2");
        assertThatThrownBy(() -> sharded.split(ns, epoch, parent.id(), 2, NOW)).isInstanceOf(FencedOutException.class);
        assertThat(runs.shards(runs.get(parent.id()).orElseThrow())).isEmpty();

        tasks.delete(task.id(), "alice");
        Split split = sharded.split(ns, newer, parent.id(), 2, NOW);

        assertThat(split.outcome()).isEqualTo(Split.Outcome.ENDED);
        assertThat(split.parent().status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(split.parent().error()).contains("task was deleted");
    }

    @Test
    void aBadShardCountChangesNothing() {
        Task task = task(Sharding.fixed(2), ConcurrencyPolicy.ALLOW);
        Run parent = runs.insertManual(task.id(), NOW, 1, Map.of());
        assertThatThrownBy(() -> sharded.split(ns, epoch, parent.id(), 0, NOW)).hasMessageStartingWith("shards:");
        assertThat(runs.get(parent.id()).orElseThrow().shardTotal()).isZero();
    }

    @Test
    void aFailedShardRunsAgainAloneWithItsIndexAndTheFireKeepsItsShardsAndResult() {
        Task task = task(Sharding.fixed(3), ConcurrencyPolicy.FORBID);
        Run parent = runs.insertManual(task.id(), NOW, 1, Map.of("day", "monday"));
        List<Run> shards = sharded.split(ns, epoch, parent.id(), 3, NOW).shards();
        finish(shards.get(0), RunStatus.SUCCEEDED, null);
        finish(shards.get(1), RunStatus.FAILED, "exited with 3");
        finish(shards.get(2), RunStatus.SUCCEEDED, null);
        Run failedFire = sharded.settle(ns, epoch, parent.id(), NOW.plusSeconds(1)).orElseThrow();
        Run failed = runs.get(shards.get(1).id()).orElseThrow();

        Run again = runs.insertShardAgain(failed, NOW.plusSeconds(60), 2);

        assertThat(again.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(again.trigger()).isEqualTo(io.redcron.domain.TriggerType.MANUAL);
        assertThat(again.shardIndex()).isEqualTo(1);
        assertThat(again.shardTotal()).isEqualTo(3);
        assertThat(again.params()).isEqualTo(Map.of("day", "monday"));
        assertThat(again.maxAttempts()).isEqualTo(2);
        assertThat(again.scheduledAt()).isBetween(NOW.plusSeconds(60), NOW.plusSeconds(61));
        assertThat(runs.parent(again)).as("no shard of the fire it came from").isEmpty();
        assertThat(runs.shards(failedFire)).extracting(Run::id).containsExactlyElementsOf(
                shards.stream().map(Run::id).toList());
        assertThat(runs.get(parent.id()).orElseThrow().status()).isEqualTo(RunStatus.FAILED);
        assertThatThrownBy(() -> runs.insertShardAgain(failedFire, NOW, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    private void finish(Run shard, RunStatus status, String error) {
        Run claimed = shard.status() == RunStatus.RUNNING ? shard
                : runs.claim(shard.id(), "node-a", NOW, NOW.plus(LEASE)).orElseThrow();
        assertThat(runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, NOW, status == RunStatus.SUCCEEDED ? 0 : 3, "", error))).isTrue();
    }
}
