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

    @Test
    void aSkippedRunThatWasExecutedIsReported() {
        RunRow skipped = new RunRow(10, 1, FIRST, "SKIPPED", "CRON", 0, 3, 0, null).withError("misfire: skipped (policy skip)");

        Verdict verdict = Invariants.check(List.of(SHORT), List.of(skipped), Effects.parse(List.of("10 1 a start", "10 1 a end")),
                FIRST, EMPTY);

        assertThat(verdict.violations()).anyMatch(line -> line.contains("run 10: SKIPPED (misfire: skipped (policy skip)), yet executed 1 time"));
        assertThat(verdict.doubled()).isPositive();
    }

    @Test
    void aSkippedRunThatNeverRanHolds() {
        RunRow skipped = new RunRow(10, 1, FIRST, "SKIPPED", "CRON", 0, 3, 0, null).withError("misfire: skipped (policy skip)");

        Verdict verdict = Invariants.check(List.of(SHORT), List.of(skipped), Effects.parse(List.of()), FIRST, EMPTY);

        assertThat(verdict.violations()).isEmpty();
    }

    @Test
    void aRunWhoseLostAttemptEndsSkippedIsReported() {
        RunRow lostThenSkipped = new RunRow(10, 5, FIRST, "SKIPPED", "CRON", 1, 3, 1, "a")
                .withError("skipped: run 9 of this task was still running (policy forbid)");

        Verdict verdict = Invariants.check(List.of(), List.of(lostThenSkipped), Effects.parse(List.of("10 1 a start")),
                FIRST, EMPTY);

        assertThat(verdict.violations()).anyMatch(line -> line.contains("run 10: attempt 1 was claimed, yet the run ended SKIPPED"));
    }

    @Test
    void anAttemptedRunMustEndWithAnAttemptThatExecuted() {
        RunRow recordedDoneNeverRun = new RunRow(10, 5, FIRST, "FAILED", "CRON", 2, 3, 1, "b");

        Verdict verdict = Invariants.check(List.of(), List.of(recordedDoneNeverRun), Effects.parse(List.of("10 1 a start")),
                FIRST, EMPTY);

        assertThat(verdict.violations()).anyMatch(line -> line.contains("run 10: ended FAILED with attempt 2, which never executed"));
        assertThat(verdict.lost()).isPositive();
    }

    @Test
    void anAttemptCancelledOrLostForTheLastTimeBeforeItStartedEndsTheRun() {
        RunRow cancelled = new RunRow(10, 5, FIRST, "CANCELLED", "CRON", 2, 3, 1, "b");
        RunRow lostThrice = new RunRow(11, 5, FIRST.plusSeconds(1), "FAILED", "CRON", 3, 3, 3, "c");

        Verdict verdict = Invariants.check(List.of(), List.of(cancelled, lostThrice),
                Effects.parse(List.of("10 1 a start", "11 1 a start", "11 2 b start")), FIRST, EMPTY);

        assertThat(verdict.violations()).isEmpty();
    }

    @Test
    void aRunWhoseEveryAttemptDiedWithItsNodeMayFailAtTheLostAttemptLimitButNoOtherFailureIsAllowed() {
        RunRow killedFourTimes = new RunRow(10, 1, FIRST, "FAILED", "CRON", 4, 1, 4, "d");
        RunRow failedOnItsOwn = new RunRow(10, 1, FIRST, "FAILED", "CRON", 4, 1, 3, "d");
        Effects effects = Effects.parse(List.of("10 1 a start", "10 2 b start", "10 3 c start", "10 4 d start"));

        assertThat(Invariants.check(List.of(SHORT), List.of(killedFourTimes), effects, FIRST, EMPTY).violations())
                .isEmpty();
        assertThat(Invariants.check(List.of(SHORT), List.of(failedOnItsOwn), effects, FIRST, EMPTY).violations())
                .anyMatch(line -> line.contains("of a task that succeeds ended FAILED"));
        assertThat(Invariants.check(List.of(SHORT), List.of(killedFourTimes),
                Effects.parse(List.of("10 1 a start", "10 2 b start", "10 3 c start", "10 4 d start", "10 4 d end")),
                FIRST, EMPTY).violations()).anyMatch(line -> line.contains("of a task that succeeds ended FAILED"));
    }

    @Test
    void aroundAnEditEveryFireOfTheOldCronUpToTheCommitAndOfTheNewOneAfterItHasItsRow() {
        Workload.Planned edited = SHORT.rescheduled("*/3 * * * * ?", FIRST.plusMillis(4500));
        // Old cron (every second): 0..4; new cron (every 3 s) after 4.5: 6, 9.
        List<RunRow> rows = List.of(succeeded(10, 0, 1, 0, "a"), succeeded(11, 1, 1, 0, "a"), succeeded(12, 2, 1, 0, "a"),
                succeeded(13, 3, 1, 0, "a"), succeeded(14, 4, 1, 0, "a"), succeeded(15, 6, 1, 0, "a"));
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end", "11 1 a start", "11 1 a end", "12 1 a start",
                "12 1 a end", "13 1 a start", "13 1 a end", "14 1 a start", "14 1 a end", "15 1 a start", "15 1 a end"));

        Verdict verdict = Invariants.check(List.of(edited), rows, effects, FIRST.plusSeconds(10), EMPTY);

        assertThat(verdict.firesExpected()).isEqualTo(7);
        assertThat(verdict.violations()).containsExactly("short: no run row for the fire at 2026-01-01T00:00:09Z");
    }

    @Test
    void aRowForAFireOfTheOldCronAfterTheEditIsReported() {
        Workload.Planned edited = SHORT.rescheduled("*/3 * * * * ?", FIRST.plusMillis(500));
        List<RunRow> rows = List.of(succeeded(10, 0, 1, 0, "a"), succeeded(11, 1, 1, 0, "a"), succeeded(12, 3, 1, 0, "a"));
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end", "11 1 a start", "11 1 a end", "12 1 a start",
                "12 1 a end"));

        Verdict verdict = Invariants.check(List.of(edited), rows, effects, FIRST.plusSeconds(3), EMPTY);

        assertThat(verdict.violations()).containsExactly("short: run 11 for 2026-01-01T00:00:01Z, which is no fire of its crons");
    }

    @Test
    void aPausedTaskRunsNoFireAfterThePauseButMayRecordItSkipped() {
        Workload.Planned paused = SHORT.paused(FIRST.plusMillis(1500));
        RunRow skippedAfter = new RunRow(12, 1, FIRST.plusSeconds(2), "SKIPPED", "CRON", 0, 3, 0, null).withError("paused");
        List<RunRow> rows = List.of(succeeded(10, 0, 1, 0, "a"), succeeded(11, 1, 1, 0, "a"), skippedAfter,
                succeeded(13, 3, 1, 0, "a"));
        Effects effects = Effects.parse(List.of("10 1 a start", "10 1 a end", "11 1 a start", "11 1 a end", "13 1 a start",
                "13 1 a end"));

        Verdict verdict = Invariants.check(List.of(paused), rows, effects, FIRST.plusSeconds(5), EMPTY);

        assertThat(verdict.firesExpected()).isEqualTo(2);
        assertThat(verdict.violations()).containsExactly(
                "short: run 13 for 2026-01-01T00:00:03Z is SUCCEEDED, though the task was paused at 2026-01-01T00:00:01.500Z");
    }

    @Test
    void aRunOfAnUnservedGroupMayFailAtTheQueueDeadline() {
        Workload.Planned unserved = new Workload.Planned(4, "unserved", Workload.Kind.UNSERVED, FIRST);
        RunRow failed = new RunRow(10, 4, FIRST, "FAILED", "CRON", 0, 3, 0, null);

        Verdict verdict = Invariants.check(List.of(unserved), List.of(failed), Effects.parse(List.of()), FIRST, EMPTY);

        assertThat(verdict.violations()).isEmpty();
    }

    private static RunRow succeeded(long id, int second, int attempt, int lost, String node) {
        return new RunRow(id, 1, FIRST.plusSeconds(second), "SUCCEEDED", "CRON", attempt, 1, lost, node);
    }
}
