package io.redcron.chaos;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InvariantsTest {
    private static final Instant FIRST = Instant.parse("2026-01-01T00:00:00Z");
    private static final Workload.Planned SHORT = new Workload.Planned(1, "short", Workload.Kind.SHORT, FIRST);
    private static final Workload.Planned FLAKY = new Workload.Planned(2, "flaky", Workload.Kind.FLAKY, FIRST);
    private static final Invariants.QueueState EMPTY = new Invariants.QueueState(0, 0);

    @Test
    void oneSucceededRunPerFireRunByItsOwnerHolds() {
        List<RunRow> rows = List.of(succeeded(10, 0, 1, 0, "a"), succeeded(11, 1, 1, 0, "b"), succeeded(12, 2, 1, 0, "a"));
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end", "11 1 b start", "11 1 b end",
                "12 1 a start", "12 1 a end"));

        Verdict verdict = Invariants.check(List.of(SHORT), rows, effects, FIRST.plusSeconds(2), EMPTY);

        assertThat(verdict.violations()).isEmpty();
        assertThat(verdict.firesExpected()).isEqualTo(3);
        assertThat(verdict.runs()).isEqualTo(3);
    }

    @Test
    void aFireWithoutRowIsLost() {
        List<RunRow> rows = List.of(succeeded(10, 0, 1, 0, "a"), succeeded(12, 2, 1, 0, "a"));
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end", "12 1 a start", "12 1 a end"));

        Verdict verdict = Invariants.check(List.of(SHORT), rows, effects, FIRST.plusSeconds(2), EMPTY);

        assertThat(verdict.lost()).isEqualTo(1);
        assertThat(verdict.violations()).anyMatch(line -> line.contains("no run row for the fire at 2026-01-01T00:00:01Z"));
    }

    @Test
    void aRunStillRunningAfterRecoveryIsReported() {
        RunRow running = new RunRow(10, 1, FIRST, "RUNNING", "CRON", 1, 3, 0, "a");

        Verdict verdict = Invariants.check(List.of(SHORT), List.of(running), Effects.parse(List.of("10 1 a start")),
                FIRST, EMPTY);

        assertThat(verdict.violations()).anyMatch(line -> line.contains("still RUNNING"));
    }

    @Test
    void aSecondExecutionIsAllowedOnlyWhenAnAttemptWasRecordedLost() {
        Effects twice = Effects.parse(List.of("10 1 a start", "10 1 a end", "10 2 b start", "10 2 b end"));

        Verdict explained = Invariants.check(List.of(SHORT), List.of(succeeded(10, 0, 2, 1, "b")), twice, FIRST, EMPTY);
        Verdict doubled = Invariants.check(List.of(SHORT), List.of(succeeded(10, 0, 2, 0, "b")), twice, FIRST, EMPTY);

        assertThat(explained.violations()).isEmpty();
        assertThat(explained.reExecutions()).isEqualTo(1);
        assertThat(doubled.doubled()).isPositive();
    }

    @Test
    void theSameAttemptExecutedTwiceIsDoubled() {
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 b start", "10 1 b end"));

        Verdict verdict = Invariants.check(List.of(SHORT), List.of(succeeded(10, 0, 1, 5, "b")), effects, FIRST, EMPTY);

        assertThat(verdict.violations()).anyMatch(line -> line.contains("attempt 1 executed twice"));
    }

    @Test
    void aResultRecordedForANodeThatDidNotRunTheAttemptIsReported() {
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end"));

        Verdict verdict = Invariants.check(List.of(SHORT), List.of(succeeded(10, 0, 1, 0, "b")), effects, FIRST, EMPTY);

        assertThat(verdict.violations()).anyMatch(line -> line.contains("never completed that attempt"));
    }

    @Test
    void aFailedFirstAttemptOfTheFlakyTaskIsAnExpectedRetry() {
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end", "10 2 b start", "10 2 b end"));
        RunRow row = new RunRow(10, 2, FIRST, "SUCCEEDED", "CRON", 2, 3, 0, "b");

        Verdict verdict = Invariants.check(List.of(FLAKY), List.of(row), effects, FIRST, EMPTY);

        assertThat(verdict.violations()).isEmpty();
    }

    @Test
    void deliveriesLeftInRedisAreReported() {
        Verdict verdict = Invariants.check(List.of(), List.of(), Effects.parse(List.of()), FIRST,
                new Invariants.QueueState(2, 1));

        assertThat(verdict.violations()).hasSize(2);
    }

    @Test
    void firesFollowThePeriodOfTheCron() {
        Workload.Planned everyOtherSecond = new Workload.Planned(3, "x", Workload.Kind.FLAKY, FIRST);

        assertThat(Invariants.fires(everyOtherSecond, FIRST.plusSeconds(5)))
                .containsExactlyInAnyOrder(FIRST, FIRST.plusSeconds(2), FIRST.plusSeconds(4));
    }

    private static RunRow succeeded(long id, int second, int attempt, int lost, String node) {
        return new RunRow(id, 1, FIRST.plusSeconds(second), "SUCCEEDED", "CRON", attempt, 1, lost, node);
    }
}
