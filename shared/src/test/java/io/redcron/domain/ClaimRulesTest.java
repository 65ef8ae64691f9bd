package io.redcron.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.ClaimRules.Decision;
import io.redcron.domain.ClaimRules.Input;
import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ClaimRules.Verdict;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The rules of a claim under its task's misfire and concurrency policies, without a store. */
class ClaimRulesTest {
    private static final Instant FIRE = Instant.parse("2030-01-01T10:05:00Z");
    private static final Duration THRESHOLD = Duration.ofSeconds(60);
    private static final Instant ON_TIME = FIRE.plusMillis(250);
    private static final Instant LATE = FIRE.plusSeconds(65);
    private static final Instant RECHECK = ON_TIME.plusMillis(250);
    private static final long TASK = 7;

    private static Run run(long id, TriggerType trigger, Instant scheduledAt, RunStatus status, int attempt) {
        return new Run(id, TASK, "ns", "backup", "default", trigger, scheduledAt, status, attempt, 3, 0,
                attempt > 0 ? "node-a" : null, null, scheduledAt.minusSeconds(2), null, null, null, null, null,
                Map.of());
    }

    private static UnfinishedRun cron(long id, Instant scheduledAt, RunStatus status, int attempt) {
        return new UnfinishedRun(run(id, TriggerType.CRON, scheduledAt, status, attempt), null, false);
    }

    private static UnfinishedRun queued(long id, Instant scheduledAt) {
        return cron(id, scheduledAt, RunStatus.QUEUED, 0);
    }

    private static UnfinishedRun running(long id, Instant scheduledAt) {
        return cron(id, scheduledAt, RunStatus.RUNNING, 1);
    }

    private static TaskRules rules(ConcurrencyPolicy concurrency) {
        return new TaskRules(concurrency, MisfirePolicy.FIRE_ONCE, 0);
    }

    private static Decision decide(UnfinishedRun run, TaskRules task, List<UnfinishedRun> others, Instant now) {
        return decide(run, task, others, 0, now);
    }

    private static Decision decide(UnfinishedRun run, TaskRules task, List<UnfinishedRun> others, long laterMisfires,
                                   Instant now) {
        return ClaimRules.decide(new Input(run, task, others, laterMisfires, now, THRESHOLD, RECHECK));
    }

    @Nested
    class TheRunItself {
        @ParameterizedTest
        @EnumSource(value = RunStatus.class, names = {"QUEUED", "RETRYING"})
        void aCancelAskedForEndsAWaitingRunWhateverItsTask(RunStatus status) {
            UnfinishedRun run = new UnfinishedRun(run(1, TriggerType.CRON, FIRE, status, 1), FIRE.plusSeconds(60), true);

            for (ConcurrencyPolicy policy : ConcurrencyPolicy.values()) {
                Decision decision = decide(run, rules(policy), List.of(running(2, FIRE.minusSeconds(60))), ON_TIME);

                assertThat(decision).isEqualTo(Decision.cancelSelf("cancelled before it started"));
            }
        }

        @Test
        void aRetryInItsBackoffIsNotClaimedYet() {
            UnfinishedRun retry = new UnfinishedRun(run(1, TriggerType.CRON, FIRE, RunStatus.RETRYING, 1),
                    ON_TIME.plusSeconds(1), false);

            assertThat(decide(retry, rules(ConcurrencyPolicy.ALLOW), List.of(), ON_TIME).verdict())
                    .isEqualTo(Verdict.UNAVAILABLE);
            UnfinishedRun due = new UnfinishedRun(retry.run(), ON_TIME, false);
            assertThat(decide(due, rules(ConcurrencyPolicy.ALLOW), List.of(), ON_TIME).verdict())
                    .isEqualTo(Verdict.CLAIM);
            UnfinishedRun unknownDue = new UnfinishedRun(retry.run(), null, false);
            assertThat(decide(unknownDue, rules(ConcurrencyPolicy.ALLOW), List.of(), ON_TIME).verdict())
                    .isEqualTo(Verdict.UNAVAILABLE);
        }

        @Test
        void aRunWithNoAttemptLeftIsNotClaimedButLostAttemptsDoNotCount() {
            Run spent = new Run(1, TASK, "ns", "backup", "default", TriggerType.CRON, FIRE, RunStatus.QUEUED, 3, 3, 1,
                    "node-a", null, FIRE, null, null, null, null, null, Map.of());

            assertThat(decide(new UnfinishedRun(spent, null, false), rules(ConcurrencyPolicy.ALLOW), List.of(), ON_TIME)
                    .verdict()).isEqualTo(Verdict.CLAIM);
            Run used = new Run(1, TASK, "ns", "backup", "default", TriggerType.CRON, FIRE, RunStatus.QUEUED, 3, 3, 0,
                    "node-a", null, FIRE, null, null, null, null, null, Map.of());
            assertThat(decide(new UnfinishedRun(used, null, false), rules(ConcurrencyPolicy.ALLOW), List.of(), ON_TIME)
                    .verdict()).isEqualTo(Verdict.UNAVAILABLE);
        }

        @ParameterizedTest
        @EnumSource(value = RunStatus.class, names = {"QUEUED", "RETRYING"}, mode = EnumSource.Mode.EXCLUDE)
        void aRunThatDoesNotWaitIsNotClaimed(RunStatus status) {
            for (boolean cancel : new boolean[] {false, true}) {
                UnfinishedRun run = new UnfinishedRun(run(1, TriggerType.CRON, FIRE, status, 1), FIRE, cancel);

                assertThat(decide(run, rules(ConcurrencyPolicy.ALLOW), List.of(), ON_TIME).verdict())
                        .isEqualTo(Verdict.UNAVAILABLE);
            }
        }

        @Test
        void ownStateLeavesAWaitingRunToTheRules() {
            assertThat(ClaimRules.ownState(queued(1, FIRE), ON_TIME)).isEmpty();
        }

        @Test
        void aRunOfATaskThatIsGoneIsClaimedSoItsWorkerSaysWhy() {
            assertThat(decide(queued(1, FIRE), null, List.of(running(2, FIRE.minusSeconds(60))), LATE))
                    .isEqualTo(Decision.claim());
        }
    }

    @Nested
    class Misfires {
        @Test
        void aCronRunNeverAttemptedIsLateOnlyBeyondTheThresholdFromItsFire() {
            Run fire = queued(1, FIRE).run();

            assertThat(ClaimRules.isLateFire(fire, FIRE.plus(THRESHOLD), THRESHOLD)).isFalse();
            assertThat(ClaimRules.isLateFire(fire, FIRE.plus(THRESHOLD).plusMillis(1), THRESHOLD)).isTrue();
            assertThat(ClaimRules.isLateFire(run(1, TriggerType.MANUAL, FIRE, RunStatus.QUEUED, 0), LATE, THRESHOLD))
                    .as("a manual run").isFalse();
            assertThat(ClaimRules.isLateFire(run(1, TriggerType.CRON, FIRE, RunStatus.QUEUED, 1), LATE, THRESHOLD))
                    .as("a run attempted before").isFalse();
        }

        @Test
        void aFireCaughtUpAfterAnOutageIsJudgedFromWhenItWasRecorded() {
            Instant recorded = FIRE.plusSeconds(600);
            Run caughtUp = new Run(1, TASK, "ns", "backup", "default", TriggerType.CRON, FIRE, RunStatus.QUEUED, 0, 3, 0,
                    null, null, recorded, null, null, null, null, null, Map.of());

            assertThat(ClaimRules.judgedAt(caughtUp)).isEqualTo(recorded);
            assertThat(ClaimRules.judgedAt(queued(2, FIRE).run())).isEqualTo(FIRE);
            assertThat(ClaimRules.isLateFire(caughtUp, recorded.plusSeconds(5), THRESHOLD)).isFalse();
            assertThat(decide(new UnfinishedRun(caughtUp, null, false),
                    new TaskRules(ConcurrencyPolicy.ALLOW, MisfirePolicy.SKIP, 0), List.of(), recorded.plusSeconds(5)))
                    .isEqualTo(Decision.claim());
            assertThat(decide(new UnfinishedRun(caughtUp, null, false),
                    new TaskRules(ConcurrencyPolicy.ALLOW, MisfirePolicy.SKIP, 0), List.of(), recorded.plusSeconds(61))
                    .verdict()).isEqualTo(Verdict.SKIP);
        }

        @ParameterizedTest
        @EnumSource(ConcurrencyPolicy.class)
        void skipDropsALateFireBeforeAnyConcurrencyRule(ConcurrencyPolicy concurrency) {
            Decision decision = decide(queued(1, FIRE), new TaskRules(concurrency, MisfirePolicy.SKIP, 0), List.of(),
                    LATE);

            assertThat(decision).isEqualTo(Decision.skip("misfire: not started until 1m5s after its time (policy skip)"));
        }

        @Test
        void fireOnceRunsTheLateFireOnlyIfNoLaterFireIsAMisfireToo() {
            TaskRules fireOnce = new TaskRules(ConcurrencyPolicy.ALLOW, MisfirePolicy.FIRE_ONCE, 0);

            assertThat(decide(queued(1, FIRE), fireOnce, List.of(), 0, LATE)).isEqualTo(Decision.claim());
            assertThat(decide(queued(1, FIRE), fireOnce, List.of(), 1, LATE)).isEqualTo(Decision.skip(
                    "misfire: not started until 1m5s after its time; a later fire runs instead (policy fire-once)"));
        }

        @Test
        void catchUpRunsTheNewestMisfiresUpToItsLimit() {
            TaskRules catchUp = new TaskRules(ConcurrencyPolicy.ALLOW, MisfirePolicy.CATCH_UP, 3);

            assertThat(decide(queued(1, FIRE), catchUp, List.of(), 2, LATE)).isEqualTo(Decision.claim());
            assertThat(decide(queued(1, FIRE), catchUp, List.of(), 3, LATE)).isEqualTo(Decision.skip(
                    "misfire: not started until 1m5s after its time, beyond the catch-up limit (policy catch-up)"));
        }

        @Test
        void laterMisfiresCountOnlyWhenThePolicyKeepsSome() {
            Run fire = queued(1, FIRE).run();

            assertThat(ClaimRules.countsLaterMisfires(fire, rules(ConcurrencyPolicy.ALLOW), LATE, THRESHOLD)).isTrue();
            assertThat(ClaimRules.countsLaterMisfires(fire, new TaskRules(ConcurrencyPolicy.ALLOW, MisfirePolicy.SKIP, 0),
                    LATE, THRESHOLD)).isFalse();
            assertThat(ClaimRules.countsLaterMisfires(fire, rules(ConcurrencyPolicy.ALLOW), ON_TIME, THRESHOLD)).isFalse();
            assertThat(ClaimRules.countsLaterMisfires(fire, null, LATE, THRESHOLD)).isFalse();
            // A late fire the policy keeps is not judged by later counts it never reads.
            assertThat(decide(queued(1, FIRE), rules(ConcurrencyPolicy.ALLOW), List.of(), 5, ON_TIME))
                    .isEqualTo(Decision.claim());
        }

        @Test
        void aLaterMisfireIsALaterCronFireOfTheTaskBeyondTheThreshold() {
            Run fire = queued(1, FIRE).run();
            Instant now = FIRE.plusSeconds(180);

            assertThat(ClaimRules.isLaterMisfire(fire, queued(2, FIRE.plusSeconds(60)).run(), now, THRESHOLD)).isTrue();
            assertThat(ClaimRules.isLaterMisfire(fire, cron(2, FIRE.plusSeconds(60), RunStatus.SKIPPED, 0).run(), now,
                    THRESHOLD)).as("whatever became of it").isTrue();
            assertThat(ClaimRules.isLaterMisfire(fire, queued(2, FIRE.plusSeconds(120)).run(), now, THRESHOLD))
                    .as("exactly at the threshold: on time").isFalse();
            assertThat(ClaimRules.isLaterMisfire(fire, queued(2, FIRE.plusSeconds(150)).run(), now, THRESHOLD))
                    .as("within the threshold").isFalse();
            assertThat(ClaimRules.isLaterMisfire(fire, queued(2, FIRE.minusSeconds(60)).run(), now, THRESHOLD))
                    .as("earlier").isFalse();
            assertThat(ClaimRules.isLaterMisfire(fire, fire, now, THRESHOLD)).as("itself").isFalse();
            assertThat(ClaimRules.isLaterMisfire(fire, run(2, TriggerType.MANUAL, FIRE.plusSeconds(60), RunStatus.QUEUED,
                    0), now, THRESHOLD)).as("manual").isFalse();
            Run otherTask = new Run(2, TASK + 1, "ns", "other", "default", TriggerType.CRON, FIRE.plusSeconds(60),
                    RunStatus.QUEUED, 0, 3, 0, null, null, FIRE, null, null, null, null, null, Map.of());
            assertThat(ClaimRules.isLaterMisfire(fire, otherTask, now, THRESHOLD)).as("another task").isFalse();
        }
    }

    @Nested
    class Allow {
        @Test
        void claimsWhateverElseIsInFlight() {
            List<UnfinishedRun> others = List.of(running(2, FIRE.minusSeconds(60)), running(3, FIRE.plusSeconds(60)),
                    cron(4, FIRE.minusSeconds(120), RunStatus.QUEUED, 1));

            assertThat(decide(queued(1, FIRE), rules(ConcurrencyPolicy.ALLOW), others, ON_TIME))
                    .isEqualTo(Decision.claim());
        }
    }

    @Nested
    class Forbid {
        private final TaskRules forbid = rules(ConcurrencyPolicy.FORBID);

        @Test
        void claimsWhenNothingOfTheTaskIsAhead() {
            List<UnfinishedRun> others = List.of(queued(2, FIRE.minusSeconds(60)), queued(3, FIRE.plusSeconds(60)),
                    new UnfinishedRun(run(4, TriggerType.CRON, FIRE.minusSeconds(120), RunStatus.RETRYING, 1),
                            ON_TIME.plusSeconds(5), false),
                    new UnfinishedRun(run(5, TriggerType.CRON, FIRE.minusSeconds(180), RunStatus.QUEUED, 1), null, true));

            assertThat(decide(queued(1, FIRE), forbid, List.of(), ON_TIME)).isEqualTo(Decision.claim());
            assertThat(decide(queued(1, FIRE), forbid, others, ON_TIME))
                    .as("runs never attempted, a retry in its backoff, a re-run being cancelled").isEqualTo(Decision.claim());
        }

        @Test
        void waitsBehindARunInFlightEarlierOrLater() {
            assertThat(decide(queued(1, FIRE), forbid, List.of(running(2, FIRE.minusSeconds(60))), ON_TIME))
                    .isEqualTo(Decision.defer(RECHECK));
            assertThat(decide(queued(1, FIRE), forbid, List.of(running(2, FIRE.plusSeconds(60))), ON_TIME))
                    .isEqualTo(Decision.defer(RECHECK));
        }

        @Test
        void aRunNeverAttemptedWaitsBehindEveryReRun() {
            UnfinishedRun lost = cron(2, FIRE.plusSeconds(60), RunStatus.QUEUED, 1);
            UnfinishedRun retry = new UnfinishedRun(run(3, TriggerType.CRON, FIRE.plusSeconds(120), RunStatus.RETRYING, 1),
                    ON_TIME, false);

            assertThat(decide(queued(1, FIRE), forbid, List.of(lost), ON_TIME)).isEqualTo(Decision.defer(RECHECK));
            assertThat(decide(queued(1, FIRE), forbid, List.of(retry), ON_TIME)).isEqualTo(Decision.defer(RECHECK));
        }

        @Test
        void aReRunWaitsOnlyBehindRunsInFlightAndEarlierReRuns() {
            UnfinishedRun rerun = cron(1, FIRE, RunStatus.QUEUED, 1);

            assertThat(decide(rerun, forbid, List.of(cron(2, FIRE.plusSeconds(60), RunStatus.QUEUED, 1)), ON_TIME))
                    .as("a later re-run").isEqualTo(Decision.claim());
            assertThat(decide(rerun, forbid, List.of(cron(2, FIRE, RunStatus.QUEUED, 1)), ON_TIME))
                    .as("a re-run of the same second with a higher id").isEqualTo(Decision.claim());
            assertThat(decide(rerun, forbid, List.of(cron(0, FIRE, RunStatus.QUEUED, 1)), ON_TIME))
                    .as("a re-run of the same second with a lower id").isEqualTo(Decision.defer(RECHECK));
            assertThat(decide(rerun, forbid, List.of(cron(2, FIRE.minusSeconds(60), RunStatus.QUEUED, 1)), ON_TIME))
                    .as("an earlier re-run").isEqualTo(Decision.defer(RECHECK));
            assertThat(decide(rerun, forbid, List.of(running(2, FIRE.plusSeconds(60))), ON_TIME))
                    .as("a run in flight").isEqualTo(Decision.defer(RECHECK));
        }

        @Test
        void aReRunNeverGivesUp() {
            UnfinishedRun rerun = cron(1, FIRE, RunStatus.QUEUED, 1);

            assertThat(decide(rerun, forbid, List.of(running(2, FIRE.minusSeconds(60))), FIRE.plus(Duration.ofDays(1))))
                    .isEqualTo(Decision.defer(RECHECK));
        }

        @Test
        void aRunNeverAttemptedGivesUpAtTheThresholdNamingTheRunAhead() {
            Instant atThreshold = FIRE.plus(THRESHOLD);
            List<UnfinishedRun> inFlight = List.of(running(3, FIRE.minusSeconds(60)), running(2, FIRE.minusSeconds(120)));

            assertThat(decide(queued(1, FIRE), forbid, inFlight, atThreshold.minusMillis(1)))
                    .isEqualTo(Decision.defer(RECHECK));
            assertThat(decide(queued(1, FIRE), forbid, inFlight, atThreshold))
                    .isEqualTo(Decision.skip("skipped: run 2 of this task was still running (policy forbid)"));
            assertThat(decide(queued(1, FIRE), forbid, List.of(cron(4, FIRE.plusSeconds(30), RunStatus.QUEUED, 1)),
                    atThreshold)).isEqualTo(Decision.skip("skipped: run 4 of this task was waiting to run again (policy forbid)"));
        }

        @Test
        void aManualRunNeverAttemptedAlsoGivesUpAtTheThreshold() {
            UnfinishedRun manual = new UnfinishedRun(run(1, TriggerType.MANUAL, FIRE.plusMillis(1), RunStatus.QUEUED, 0),
                    null, false);

            assertThat(decide(manual, forbid, List.of(running(2, FIRE.minusSeconds(60))), LATE).verdict())
                    .isEqualTo(Verdict.SKIP);
        }

        @Test
        void itselfAmongTheOthersIsNotAhead() {
            UnfinishedRun rerun = cron(1, FIRE, RunStatus.QUEUED, 1);

            assertThat(decide(rerun, forbid, List.of(rerun), ON_TIME)).isEqualTo(Decision.claim());
        }
    }

    @Nested
    class Replace {
        private final TaskRules replace = rules(ConcurrencyPolicy.REPLACE);

        @Test
        void claimsAndCancelsTheEarlierRunsInFlight() {
            UnfinishedRun older = running(3, FIRE.minusSeconds(120));
            UnfinishedRun old = running(2, FIRE.minusSeconds(60));
            List<UnfinishedRun> others = List.of(old, older, queued(4, FIRE.minusSeconds(30)), queued(5, FIRE.plusSeconds(60)));

            Decision decision = decide(queued(1, FIRE), replace, others, ON_TIME);

            assertThat(decision.verdict()).isEqualTo(Verdict.CLAIM_AND_CANCEL);
            assertThat(decision.cancel()).containsExactly(older.run(), old.run());
        }

        @Test
        void claimsWhenNothingIsInFlight() {
            assertThat(decide(queued(1, FIRE), replace, List.of(queued(2, FIRE.minusSeconds(60))), ON_TIME))
                    .isEqualTo(Decision.claim());
        }

        @Test
        void aRunOvertakenByALaterOneInFlightCancelsItself() {
            List<UnfinishedRun> others = List.of(running(9, FIRE.plusSeconds(120)), running(8, FIRE.plusSeconds(60)),
                    running(2, FIRE.minusSeconds(60)));

            assertThat(decide(queued(1, FIRE), replace, others, ON_TIME)).isEqualTo(Decision.cancelSelf(
                    "cancelled: the later run 8 of this task had started (policy replace)"));
        }

        @Test
        void ofTwoRunsOfTheSameSecondTheHigherIdIsLater() {
            assertThat(decide(queued(5, FIRE), replace, List.of(running(6, FIRE)), ON_TIME).verdict())
                    .isEqualTo(Verdict.CANCEL_SELF);
            assertThat(decide(queued(5, FIRE), replace, List.of(running(4, FIRE)), ON_TIME).verdict())
                    .isEqualTo(Verdict.CLAIM_AND_CANCEL);
        }
    }

    @Test
    void aBatchClaimPassesOnEveryRunItsTaskMustWeigh() {
        UnfinishedRun plain = queued(1, FIRE);

        assertThat(ClaimRules.weighedAlone(plain, ConcurrencyPolicy.ALLOW, ON_TIME, THRESHOLD)).isFalse();
        assertThat(ClaimRules.weighedAlone(plain, ConcurrencyPolicy.FORBID, ON_TIME, THRESHOLD)).isTrue();
        assertThat(ClaimRules.weighedAlone(plain, ConcurrencyPolicy.REPLACE, ON_TIME, THRESHOLD)).isTrue();
        assertThat(ClaimRules.weighedAlone(plain, null, ON_TIME, THRESHOLD)).as("task gone").isTrue();
        assertThat(ClaimRules.weighedAlone(new UnfinishedRun(plain.run(), null, true), ConcurrencyPolicy.ALLOW, ON_TIME,
                THRESHOLD)).as("cancel asked for").isTrue();
        assertThat(ClaimRules.weighedAlone(plain, ConcurrencyPolicy.ALLOW, LATE, THRESHOLD)).as("late fire").isTrue();
    }

    /**
     * Every combination of the run (trigger, status, attempt, cancel, lateness), the task's
     * policies, and what else of the task is in flight or waits: the decisions keep the promises
     * every rule above relies on.
     */
    @Test
    void everyCombinationKeepsTheRulesPromises() {
        int decided = 0;
        for (TriggerType trigger : TriggerType.values()) {
            for (RunStatus status : RunStatus.values()) {
                for (int attempt : new int[] {0, 1}) {
                    for (boolean cancel : new boolean[] {false, true}) {
                        for (Instant now : new Instant[] {ON_TIME, LATE}) {
                            for (ConcurrencyPolicy concurrency : ConcurrencyPolicy.values()) {
                                for (MisfirePolicy misfire : MisfirePolicy.values()) {
                                    for (long later : new long[] {0, 1, 5}) {
                                        for (List<UnfinishedRun> others : othersVariants()) {
                                            UnfinishedRun run = new UnfinishedRun(run(1, trigger, FIRE, status, attempt),
                                                    FIRE, cancel);
                                            TaskRules task = new TaskRules(concurrency, misfire, 2);
                                            Decision decision = decide(run, task, others, later, now);
                                            String what = trigger + " " + status + " attempt " + attempt + " cancel "
                                                    + cancel + " at " + now + " " + concurrency + " " + misfire
                                                    + " later " + later + " others " + others.size();
                                            checkPromises(run, task, others, now, decision, what);
                                            decided++;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assertThat(decided).isGreaterThan(10_000);
    }

    private static List<List<UnfinishedRun>> othersVariants() {
        List<List<UnfinishedRun>> variants = new ArrayList<>();
        variants.add(List.of());
        variants.add(List.of(running(2, FIRE.minusSeconds(60))));
        variants.add(List.of(running(2, FIRE.plusSeconds(60))));
        variants.add(List.of(cron(2, FIRE.minusSeconds(60), RunStatus.QUEUED, 1)));
        variants.add(List.of(queued(2, FIRE.minusSeconds(60)), queued(3, FIRE.plusSeconds(60))));
        return variants;
    }

    private static void checkPromises(UnfinishedRun run, TaskRules task, List<UnfinishedRun> others, Instant now,
                                      Decision decision, String what) {
        boolean waiting = run.run().status() == RunStatus.QUEUED || run.run().status() == RunStatus.RETRYING;
        if (!waiting) {
            assertThat(decision.verdict()).as(what).isEqualTo(Verdict.UNAVAILABLE);
        }
        if (waiting && run.cancelRequested()) {
            assertThat(decision.verdict()).as(what).isEqualTo(Verdict.CANCEL_SELF);
        }
        if (decision.verdict() == Verdict.SKIP) {
            assertThat(run.run().attempt()).as(what + ": a run attempted is never skipped").isZero();
            assertThat(run.run().status()).as(what).isEqualTo(RunStatus.QUEUED);
        }
        if (decision.verdict() == Verdict.DEFER) {
            assertThat(task.concurrency()).as(what).isEqualTo(ConcurrencyPolicy.FORBID);
            assertThat(others).as(what).anyMatch(other -> other.inFlight() || other.run().attempt() > 0);
        }
        if (decision.verdict() == Verdict.CLAIM_AND_CANCEL) {
            assertThat(task.concurrency()).as(what).isEqualTo(ConcurrencyPolicy.REPLACE);
            assertThat(decision.cancel()).as(what).isNotEmpty()
                    .allMatch(cancelled -> cancelled.status() == RunStatus.RUNNING);
        }
        if (decision.verdict() == Verdict.CANCEL_SELF && !run.cancelRequested()) {
            assertThat(task.concurrency()).as(what).isEqualTo(ConcurrencyPolicy.REPLACE);
        }
        if (task.concurrency() == ConcurrencyPolicy.ALLOW && waiting && !run.cancelRequested()) {
            assertThat(decision.verdict()).as(what).isIn(Verdict.CLAIM, Verdict.SKIP);
        }
        if (!ClaimRules.isLateFire(run.run(), now, THRESHOLD) && task.concurrency() == ConcurrencyPolicy.ALLOW
                && waiting && !run.cancelRequested()) {
            assertThat(decision).as(what + ": an on-time run of an allow task").isEqualTo(Decision.claim());
        }
    }
}
