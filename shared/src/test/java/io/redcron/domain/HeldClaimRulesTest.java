package io.redcron.domain;

import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ClaimRules.Verdict;
import io.redcron.domain.HeldClaimRules.Batch;
import io.redcron.domain.HeldClaimRules.HeldClaim;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The begin of claims held for their time, decided together for one batch, without a store. */
class HeldClaimRulesTest {
    private static final Instant FIRE = Instant.parse("2030-01-01T10:05:00Z");
    private static final Duration THRESHOLD = Duration.ofSeconds(60);
    private static final Instant NOW = FIRE.plusSeconds(3);
    private static final long TASK = 7;

    /** A claim node-a holds (RUNNING, its new attempt), or a run begun (in flight). */
    private static Run claimed(long id, int secondsAfterFire, int attempt) {
        Instant at = FIRE.plusSeconds(secondsAfterFire);
        return new Run(id, TASK, "ns", "backup", "default", TriggerType.CRON, at, RunStatus.RUNNING, attempt, 3, 0,
                "node-a", NOW.plusSeconds(30), at.minusSeconds(2), at, null, null, null, null, Map.of());
    }

    private static Map<Long, Verdict> decide(ConcurrencyPolicy policy, List<Run> held, List<UnfinishedRun> alsoInFlight) {
        List<UnfinishedRun> unfinished = new ArrayList<>(alsoInFlight);
        held.forEach(run -> unfinished.add(UnfinishedRun.of(run, null, false, false)));
        Map<Long, ClaimRules.Decision> decisions = HeldClaimRules.decide(new Batch(
                held.stream().map(run -> new HeldClaim(run, false)).toList(),
                Map.of(TASK, new TaskRules(policy, MisfirePolicy.CATCH_UP, 100)), unfinished, Map.of(), NOW, THRESHOLD,
                NOW.plusMillis(250)));
        Map<Long, Verdict> verdicts = new java.util.HashMap<>();
        decisions.forEach((id, decision) -> verdicts.put(id, decision.verdict()));
        return verdicts;
    }

    @Test
    void aHeldClaimIsSeenAsTheWaitingRunItReservedNeitherInFlightNorAttempted() {
        UnfinishedRun seen = UnfinishedRun.of(claimed(1, 0, 1), null, false, false);

        assertThat(seen.run().status()).isEqualTo(RunStatus.QUEUED);
        assertThat(seen.run().attempt()).isZero();
        assertThat(seen.inFlight()).isFalse();
        assertThat(UnfinishedRun.of(claimed(1, 0, 1), null, false, true).inFlight()).as("begun").isTrue();
    }

    @Test
    void underForbidTheEarliestOfABatchBeginsAndTheOthersWaitBehindIt() {
        Map<Long, Verdict> verdicts = decide(ConcurrencyPolicy.FORBID,
                List.of(claimed(3, 2, 1), claimed(1, 0, 1), claimed(2, 1, 1)), List.of());

        assertThat(verdicts).containsEntry(1L, Verdict.CLAIM).containsEntry(2L, Verdict.DEFER)
                .containsEntry(3L, Verdict.DEFER);
    }

    @Test
    void underForbidNoneBeginsWhileARunOfTheTaskIsInFlightButAHeldClaimBlocksNobody() {
        UnfinishedRun inFlight = new UnfinishedRun(claimed(9, -5, 1), null, false);
        UnfinishedRun heldElsewhere = UnfinishedRun.of(claimed(8, -1, 1), null, false, false);

        assertThat(decide(ConcurrencyPolicy.FORBID, List.of(claimed(1, 0, 1)), List.of(inFlight)))
                .containsEntry(1L, Verdict.DEFER);
        assertThat(decide(ConcurrencyPolicy.FORBID, List.of(claimed(1, 0, 1)), List.of(heldElsewhere)))
                .containsEntry(1L, Verdict.CLAIM);
    }

    @Test
    void aHeldReRunGoesBeforeAFireNeverAttemptedInTheSameBatch() {
        Map<Long, Verdict> verdicts = decide(ConcurrencyPolicy.FORBID, List.of(claimed(1, 0, 1), claimed(2, 1, 2)),
                List.of());

        assertThat(verdicts).containsEntry(2L, Verdict.CLAIM).containsEntry(1L, Verdict.DEFER);
    }

    @Test
    void underReplaceTheNewestOfABatchBeginsAndTheOlderAreCancelledUnstarted() {
        Map<Long, Verdict> verdicts = decide(ConcurrencyPolicy.REPLACE, List.of(claimed(1, 0, 1), claimed(2, 1, 1)),
                List.of());

        assertThat(verdicts).containsEntry(2L, Verdict.CLAIM).containsEntry(1L, Verdict.CANCEL_SELF);
    }

    @Test
    void underAllowEveryHeldClaimBegins() {
        assertThat(decide(ConcurrencyPolicy.ALLOW, List.of(claimed(1, 0, 1), claimed(2, 1, 1)), List.of()).values())
                .containsOnly(Verdict.CLAIM);
    }
}
