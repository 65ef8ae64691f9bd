package io.redcron.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

class ShardRulesTest {
    private static final Instant AT = Instant.parse("2030-01-01T00:00:00Z");

    private static Run shard(int index, int total, RunStatus status, String error) {
        return new Run(100 + index, 1, "ns", "t", "default", TriggerType.SHARD, AT, status, 1, 1, 0, null, null, AT,
                AT, status.isFinal() ? AT : null, null, null, error, Map.of(), index, total);
    }

    @Test
    void theConcurrencyPolicyAppliesToTheFireAsAWhole() {
        assertThat(ShardRules.atSplit(ConcurrencyPolicy.FORBID, 0)).isEqualTo(ShardRules.SplitVerdict.SPLIT);
        assertThat(ShardRules.atSplit(ConcurrencyPolicy.ALLOW, 2)).isEqualTo(ShardRules.SplitVerdict.SPLIT);
        assertThat(ShardRules.atSplit(ConcurrencyPolicy.FORBID, 1)).isEqualTo(ShardRules.SplitVerdict.WAIT);
        assertThat(ShardRules.atSplit(ConcurrencyPolicy.REPLACE, 1)).isEqualTo(ShardRules.SplitVerdict.SPLIT_AND_CANCEL);
    }

    @Test
    void nothingIsDecidedWhileAShardRuns() {
        assertThat(ShardRules.settle(2, false, List.of(shard(0, 2, RunStatus.SUCCEEDED, null),
                shard(1, 2, RunStatus.RETRYING, "boom")))).isEmpty();
    }

    @Test
    void failuresAreCountedAndTheFirstNamed() {
        List<Run> shards = new ArrayList<>();
        for (int index = 0; index < 8; index++) {
            shards.add(index == 2 || index == 5 || index == 6 || index == 7
                    ? shard(index, 8, index == 5 ? RunStatus.TIMED_OUT : RunStatus.FAILED, index == 5 ? null : "exit code " + index)
                    : shard(index, 8, RunStatus.SUCCEEDED, null));
        }
        ShardRules.Settlement settlement = ShardRules.settle(8, false, shards).orElseThrow();
        assertThat(settlement.status()).isEqualTo(RunStatus.FAILED);
        assertThat(settlement.error())
                .isEqualTo("4 of 8 shards failed (shard 2: exit code 2; shard 5: timed_out; shard 6: exit code 6; …)");
    }

    @Test
    void aMissingShardIsAFailureAndACancelWinsOverSuccess() {
        assertThat(ShardRules.settle(2, false, List.of(shard(0, 2, RunStatus.SUCCEEDED, null))).orElseThrow().error())
                .isEqualTo("1 of 2 shards failed (shard 1: missing from the history)");
        assertThat(ShardRules.settle(2, true, List.of(shard(0, 2, RunStatus.SUCCEEDED, null),
                shard(1, 2, RunStatus.SUCCEEDED, null))).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(ShardRules.settle(2, false, List.of(shard(0, 2, RunStatus.SKIPPED, "x"),
                shard(1, 2, RunStatus.SKIPPED, "x"))).orElseThrow().status()).isEqualTo(RunStatus.SKIPPED);
        ShardRules.Settlement ok = ShardRules.settle(2, false, List.of(shard(0, 2, RunStatus.SUCCEEDED, null),
                shard(1, 2, RunStatus.SUCCEEDED, null))).orElseThrow();
        assertThat(ok).isEqualTo(new ShardRules.Settlement(RunStatus.SUCCEEDED, null));
    }

    @Test
    void progressCountsEndedFailedAndRunning() {
        assertThat(ShardRules.progress(4, List.of(shard(0, 4, RunStatus.SUCCEEDED, null),
                shard(1, 4, RunStatus.FAILED, "x"), shard(2, 4, RunStatus.RUNNING, null), shard(3, 4, RunStatus.QUEUED, null))))
                .isEqualTo(new ShardRules.Progress(4, 2, 1, 1));
    }

    @Test
    void shardingIsParsedFormattedAndStoredAsOneNumber() {
        assertThat(Sharding.parse("8")).isEqualTo(Sharding.fixed(8));
        assertThat(Sharding.parse(" per-worker ")).isEqualTo(Sharding.perWorker());
        assertThat(Sharding.parse("none")).isEqualTo(Sharding.NONE);
        assertThat(Sharding.parse("0")).isEqualTo(Sharding.NONE);
        for (Sharding sharding : List.of(Sharding.NONE, Sharding.fixed(1000), Sharding.perWorker())) {
            assertThat(Sharding.fromColumn(sharding.toColumn())).isEqualTo(sharding);
            assertThat(Sharding.parse(sharding.format())).isEqualTo(sharding);
        }
        assertThat(Sharding.perWorker().shardsFor(0)).as("at least one").isEqualTo(1);
        assertThat(Sharding.perWorker().shardsFor(5)).isEqualTo(5);
        assertThat(Sharding.fixed(3).shardsFor(5)).isEqualTo(3);
        assertThatThrownBy(() -> Sharding.parse("1001")).hasMessageStartingWith("shards:");
        assertThatThrownBy(() -> Sharding.parse("-3")).hasMessageStartingWith("shards:");
        assertThatThrownBy(() -> Sharding.parse("many")).hasMessageStartingWith("shards:");
    }

    @Test
    void aShardIsClaimedWithoutWeighingItsSiblings() {
        Run run = shard(0, 2, RunStatus.QUEUED, null);
        ClaimRules.UnfinishedRun waiting = new ClaimRules.UnfinishedRun(
                new Run(run.id(), 1, "ns", "t", "default", TriggerType.SHARD, AT, RunStatus.QUEUED, 0, 1, 0, null, null,
                        AT, null, null, null, null, null, Map.of(), 0, 2), AT, false);
        assertThat(ClaimRules.weighedAlone(waiting, ConcurrencyPolicy.FORBID, AT.plusSeconds(3600),
                java.time.Duration.ofMinutes(1))).isFalse();
        assertThat(ClaimRules.beginsAtClaim(waiting, ConcurrencyPolicy.FORBID, AT.plusSeconds(3600),
                java.time.Duration.ofMinutes(1))).isTrue();
    }
}
