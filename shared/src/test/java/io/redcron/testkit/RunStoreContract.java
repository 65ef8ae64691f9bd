package io.redcron.testkit;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.port.Claim;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RecentResults;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.TaskNotFoundException;
import io.redcron.port.TaskStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * What every {@link RunStore} must do; one subclass per backend supplies the stores. Each test
 * works in a namespace of its own.
 */
public abstract class RunStoreContract {
    /** Far beyond any fire time in these tests: no run is judged a misfire when it is claimed. */
    private static final java.time.Duration NO_MISFIRE = java.time.Duration.ofDays(3650);
    private static final Instant FIRE = Instant.parse("2030-01-01T10:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    protected final ManualClock clock = new ManualClock(FIRE.plusMillis(250));
    protected TaskStore tasks;
    protected RunStore runs;
    protected String ns;
    protected Task task;

    protected abstract TaskStore newTaskStore(Clock clock);

    protected abstract RunStore newRunStore(Clock clock);

    @BeforeEach
    void setUpContract() {
        tasks = newTaskStore(clock);
        runs = newRunStore(clock);
        ns = TaskFixtures.freshNamespace();
        task = tasks.create(shell(ns, "it's a 🚀 task").group("batch").build(), "alice");
    }

    @Test
    void aRunAskedForLaterIsAOneOffRunDueAtItsTimeAndOneAskedForNowIsManual() {
        Instant now = clock.instant();
        RunStore.Requested later = runs.insertRequested(task.id(), new io.redcron.domain.RunRequest(Map.of("A", "1"),
                FIRE.plusSeconds(600), null), now, 2);
        assertThat(later.recorded()).isTrue();
        assertThat(later.run().trigger()).isEqualTo(TriggerType.ONE_OFF);
        assertThat(later.run().status()).isEqualTo(RunStatus.QUEUED);
        assertThat(later.run().scheduledAt()).as("off the whole second, which a fire may take")
                .isEqualTo(FIRE.plusSeconds(600).plusMillis(1));
        assertThat(later.run().params()).isEqualTo(Map.of("A", "1"));
        assertThat(later.run().maxAttempts()).isEqualTo(2);

        RunStore.Requested now1 = runs.insertRequested(task.id(), io.redcron.domain.RunRequest.now(Map.of()), now, 1);
        assertThat(now1.run().trigger()).isEqualTo(TriggerType.MANUAL);
        RunStore.Requested past = runs.insertRequested(task.id(), new io.redcron.domain.RunRequest(Map.of(),
                now.minusSeconds(60), null), now, 1);
        assertThat(past.run().trigger()).as("a time gone by means now").isEqualTo(TriggerType.MANUAL);
        assertThat(past.run().id()).isNotEqualTo(now1.run().id());
    }

    @Test
    void aRepeatedIdempotencyKeyGetsTheFirstRequestsRunForItsTaskOnly() {
        Instant now = clock.instant();
        io.redcron.domain.RunRequest request = new io.redcron.domain.RunRequest(Map.of("ORDER", "42"),
                FIRE.plusSeconds(1800), "cancel-order-42");
        RunStore.Requested first = runs.insertRequested(task.id(), request, now, 1);
        RunStore.Requested again = runs.insertRequested(task.id(), new io.redcron.domain.RunRequest(Map.of("ORDER", "43"),
                null, "cancel-order-42"), now, 1);
        assertThat(first.recorded()).isTrue();
        assertThat(again.recorded()).isFalse();
        assertThat(again.run()).isEqualTo(first.run());

        Task other = tasks.create(shell(ns, "other").build(), "alice");
        assertThat(runs.insertRequested(other.id(), request, now, 1).recorded()).as("keys are per task").isTrue();
    }

    @Test
    void manyRequestsWithOneKeyAtOnceRecordOneRun() throws Exception {
        Instant now = clock.instant();
        List<java.util.concurrent.Callable<RunStore.Requested>> requests = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            requests.add(() -> runs.insertRequested(task.id(), new io.redcron.domain.RunRequest(Map.of(), null,
                    "upload-7"), now, 1));
        }
        List<RunStore.Requested> results = runTogether(requests);
        assertThat(results).extracting(result -> result.run().id()).containsOnly(results.get(0).run().id());
        assertThat(results).filteredOn(RunStore.Requested::recorded).hasSize(1);
        assertThat(runs.list(io.redcron.port.RunFilter.all(ns), io.redcron.port.PageRequest.first(50)).items())
                .hasSize(1);
    }

    @Test
    void aCronFireIsRecordedOnceHoweverOftenItIsInserted() {
        Run first = runs.insertOrGetCronFire(task.id(), FIRE, 3);
        Run second = runs.insertOrGetCronFire(task.id(), FIRE, 3);

        assertThat(second).isEqualTo(first);
        assertThat(first.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(first.trigger()).isEqualTo(TriggerType.CRON);
        assertThat(first.scheduledAt()).isEqualTo(FIRE);
        assertThat(first.attempt()).isZero();
        assertThat(first.maxAttempts()).isEqualTo(3);
        assertThat(first.taskName()).isEqualTo("it's a 🚀 task");
        assertThat(first.group()).isEqualTo("batch");
        assertThat(first.namespace()).isEqualTo(ns);
        assertThat(first.createdAt()).isEqualTo(clock.instant());
        assertThat(runs.get(first.id())).contains(first);
        assertThat(runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60), 3).id()).isNotEqualTo(first.id());
    }

    @Test
    void eightSchedulersRecordingTheSameFireAtOnceMakeOneRun() throws Exception {
        List<Callable<Long>> inserts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            inserts.add(() -> runs.insertOrGetCronFire(task.id(), FIRE, 1).id());
        }

        List<Long> ids = runTogether(inserts);

        assertThat(ids).containsOnly(ids.get(0));
        assertThat(runs.list(RunFilter.all(ns), PageRequest.first(10)).total()).isEqualTo(1);
    }

    @Test
    void aCronFireIsAWholeSecondOfAnExistingTask() {
        assertThatThrownBy(() -> runs.insertOrGetCronFire(task.id(), FIRE.plusMillis(1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole second");
        assertThatThrownBy(() -> runs.insertOrGetCronFire(Long.MAX_VALUE, FIRE, 1))
                .isInstanceOf(TaskNotFoundException.class);
        assertThatThrownBy(() -> runs.insertManual(Long.MAX_VALUE, FIRE, 1, Map.of()))
                .isInstanceOf(TaskNotFoundException.class);
    }

    @Test
    void manualRunsAtTheSameMillisecondAreDistinctAndNeverTakeACronFire() throws Exception {
        Instant now = FIRE.plusMillis(7);
        List<Callable<Run>> triggers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            triggers.add(() -> runs.insertManual(task.id(), now, 2, Map.of("DAYS", "3")));
        }

        List<Run> manual = new ArrayList<>(runTogether(triggers));
        manual.add(runs.insertManual(task.id(), FIRE, 2, Map.of()));
        Run cron = runs.insertOrGetCronFire(task.id(), FIRE, 2);

        assertThat(manual).extracting(Run::id).doesNotHaveDuplicates();
        assertThat(manual).extracting(Run::scheduledAt).doesNotHaveDuplicates()
                .allSatisfy(at -> assertThat(at.getNano()).isNotZero());
        assertThat(manual).extracting(Run::trigger).containsOnly(TriggerType.MANUAL);
        assertThat(manual.get(0).params()).isEqualTo(Map.of("DAYS", "3"));
        assertThat(cron.trigger()).isEqualTo(TriggerType.CRON);
        assertThat(runs.list(RunFilter.all(ns), PageRequest.first(10)).total()).isEqualTo(6);
    }

    @Test
    void ofTwoNodesClaimingAtOnceExactlyOneWins() throws Exception {
        Run run = runs.insertOrGetCronFire(task.id(), FIRE, 3);
        Instant now = clock.instant();
        List<Callable<Optional<Run>>> claims = List.of(
                () -> runs.claim(run.id(), "node-a", now, now.plus(LEASE)),
                () -> runs.claim(run.id(), "node-b", now, now.plus(LEASE)));

        List<Optional<Run>> results = runTogether(claims);

        assertThat(results).filteredOn(Optional::isPresent).hasSize(1);
        Run claimed = results.stream().flatMap(Optional::stream).findFirst().orElseThrow();
        assertThat(claimed.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(claimed.attempt()).isEqualTo(1);
        assertThat(claimed.node()).isIn("node-a", "node-b");
        assertThat(claimed.leaseUntil()).isEqualTo(now.plus(LEASE));
        assertThat(claimed.startedAt()).isEqualTo(now);
        assertThat(runs.get(run.id())).contains(claimed);
    }

    @Test
    void anExpiredLeaseIsNotTakenByAClaimButTheAttemptNumberStillFencesTheOldOwner() {
        Run run = runs.insertOrGetCronFire(task.id(), FIRE, 3);
        Instant start = clock.instant();
        runs.claim(run.id(), "node-a", start, start.plus(LEASE)).orElseThrow();

        // Only the reaper recovers a lost attempt (so that it is recorded); a claim never does.
        assertThat(runs.claim(run.id(), "node-b", start.plusSeconds(31), start.plusSeconds(61))).isEmpty();
        assertThat(runs.handBack(run.id(), 1, run.claim(), "node-a", start.plusSeconds(5), "node-a shut down")).isTrue();
        Run taken = runs.claim(run.id(), "node-b", start.plusSeconds(6), start.plusSeconds(36)).orElseThrow();

        assertThat(taken.attempt()).isEqualTo(2);
        assertThat(taken.lostAttempts()).isEqualTo(1);
        assertThat(taken.hasAttemptsLeft()).isTrue();
        assertThat(taken.node()).isEqualTo("node-b");
        assertThat(runs.renewLease(run.id(), 1, "node-a", start.plusSeconds(90))).isFalse();
        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0))).isFalse();
        assertThat(runs.renewLease(run.id(), 2, "node-b", start.plusSeconds(90))).isTrue();
        assertThat(runs.get(run.id()).orElseThrow().leaseUntil()).isEqualTo(start.plusSeconds(90));
        assertThat(runs.complete(run.id(), 2, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0))).isTrue();
    }

    @Test
    void aLostLastAttemptIsNotClaimedAgain() {
        Run run = runs.insertOrGetCronFire(task.id(), FIRE, 1);
        Instant start = clock.instant();
        runs.claim(run.id(), "node-a", start, start.plus(LEASE)).orElseThrow();

        assertThat(runs.claim(run.id(), "node-b", start.plus(LEASE).plusSeconds(1), start.plusSeconds(90))).isEmpty();
        assertThat(runs.get(run.id()).orElseThrow().node()).isEqualTo("node-a");
    }

    @Test
    void completingRecordsTheOutcomeOfTheCurrentAttemptOnly() {
        Run run = claimed(2);
        Instant end = clock.instant().plusSeconds(5);
        RunOutcome failed = new RunOutcome(RunStatus.RETRYING, end, 3, "line 1\nline 2", "exit code 3", end);

        assertThat(runs.complete(run.id(), 2, RunStatus.RUNNING, failed)).isFalse();
        assertThat(runs.get(run.id())).contains(run);
        assertThatThrownBy(() -> runs.complete(run.id(), 1, RunStatus.QUEUED, outcome(RunStatus.FAILED, 1)))
                .as("an outcome is recorded only for a running attempt").isInstanceOf(IllegalStateException.class);
        assertThat(runs.get(run.id())).contains(run);

        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING, failed)).isTrue();
        Run retrying = runs.get(run.id()).orElseThrow();
        assertThat(retrying.status()).isEqualTo(RunStatus.RETRYING);
        assertThat(retrying.finishedAt()).isEqualTo(end);
        assertThat(retrying.exitCode()).isEqualTo(3);
        assertThat(retrying.output()).isEqualTo("line 1\nline 2");
        assertThat(retrying.error()).isEqualTo("exit code 3");
        assertThat(retrying.leaseUntil()).isNull();
        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING, failed)).isFalse();
    }

    @Test
    void anIllegalTransitionIsRefusedBeforeTouchingTheStore() {
        Run run = claimed(1);
        runs.complete(run.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0));
        Run done = runs.get(run.id()).orElseThrow();

        assertThatThrownBy(() -> runs.complete(run.id(), 1, RunStatus.SUCCEEDED, outcome(RunStatus.FAILED, 1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("SUCCEEDED");
        assertThatThrownBy(() -> runs.complete(run.id(), 1, RunStatus.QUEUED, outcome(RunStatus.SUCCEEDED, 0)))
                .isInstanceOf(IllegalStateException.class);
        assertThat(runs.get(run.id())).contains(done);
        assertThat(runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE))).isEmpty();
    }

    @Test
    void idleRunsChangeOnlyFromTheExpectedStatus() {
        Run run = runs.insertOrGetCronFire(task.id(), FIRE, 1);
        Instant now = clock.instant();

        assertThat(runs.changeIdle(run.id(), RunStatus.RETRYING, RunStatus.CANCELLED, "by alice", now)).isFalse();
        assertThat(runs.changeIdle(run.id(), RunStatus.QUEUED, RunStatus.SKIPPED, "FORBID: run 7 in flight", now))
                .isTrue();
        Run skipped = runs.get(run.id()).orElseThrow();
        assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(skipped.error()).isEqualTo("FORBID: run 7 in flight");
        assertThat(skipped.finishedAt()).isEqualTo(now);
        assertThat(runs.changeIdle(run.id(), RunStatus.QUEUED, RunStatus.CANCELLED, null, now)).isFalse();
        assertThatThrownBy(() -> runs.changeIdle(run.id(), RunStatus.RUNNING, RunStatus.CANCELLED, null, now))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> runs.changeIdle(run.id(), RunStatus.QUEUED, RunStatus.SUCCEEDED, null, now))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRetryGoesBackToTheQueueAndIsClaimedForItsNextAttempt() {
        Run run = claimed(2);
        Instant retryAt = clock.instant().plusSeconds(10);
        runs.complete(run.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "", "boom", retryAt));

        assertThat(runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE)))
                .as("not before its backoff is over").isEmpty();
        clock.set(retryAt);
        Run again = runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE)).orElseThrow();

        assertThat(again.attempt()).isEqualTo(2);
        assertThat(again.error()).isEqualTo("boom");
        assertThat(again.exitCode()).isNull();
        assertThat(again.finishedAt()).isNull();
    }

    @Test
    void aRetryKeepsTheAttemptItEndsBesideTheRun() {
        Run run = claimed(3);
        Instant started = run.startedAt();
        clock.advance(Duration.ofSeconds(4));
        Instant retryAt = clock.instant().plusSeconds(10);
        String output = "x".repeat(PastAttempt.OUTPUT_TAIL) + "the end";
        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, clock.instant(), 124,
                output, "timed out after 4 s; retry 1 of 2", retryAt, AttemptEnding.TIMED_OUT))).isTrue();
        assertThat(runs.attempts(run.id())).as("a repeated outcome keeps one copy").hasSize(1);
        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, clock.instant(), 124,
                output, "timed out", retryAt, AttemptEnding.TIMED_OUT))).isFalse();

        clock.set(retryAt);
        Run second = runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE)).orElseThrow();
        runs.complete(run.id(), second.attempt(), RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0));

        assertThat(runs.attempts(run.id())).singleElement().satisfies(first -> {
            assertThat(first.attempt()).isEqualTo(1);
            assertThat(first.node()).isEqualTo("node-a");
            assertThat(first.startedAt()).isEqualTo(started);
            assertThat(first.finishedAt()).isEqualTo(retryAt.minusSeconds(10));
            assertThat(first.ending()).isEqualTo(AttemptEnding.TIMED_OUT);
            assertThat(first.exitCode()).isEqualTo(124);
            assertThat(first.error()).isEqualTo("timed out after 4 s; retry 1 of 2");
            assertThat(first.outputTail()).hasSize(PastAttempt.OUTPUT_TAIL).endsWith("the end");
            assertThat(first.nextAttemptAt()).isEqualTo(retryAt);
        });
        assertThat(runs.get(run.id()).orElseThrow().attempt()).as("the run holds the latest attempt").isEqualTo(2);
    }

    @Test
    void aBatchOfOutcomesKeepsTheAttemptsOfItsRetriesOnly() {
        Task allow = tasks.create(shell(ns, "allow").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(runs.insertManual(allow.id(), FIRE, 3, Map.of()).id());
        }
        List<Run> claimed = runs.claimAll(ids, "node-a", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE).begun();
        Instant retryAt = clock.instant().plusSeconds(30);
        Instant started = clock.instant().plusMillis(3);

        assertThat(runs.completeAll(List.of(
                new RunStore.Completion(claimed.get(0).id(), 1, RunStatus.RUNNING,
                        new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "first", "exit 1", retryAt), started),
                new RunStore.Completion(claimed.get(1).id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0), started),
                new RunStore.Completion(claimed.get(2).id(), 1, RunStatus.RUNNING,
                        new RunOutcome(RunStatus.RETRYING, clock.instant(), 2, "third", "exit 2", retryAt), started))))
                .containsExactly(true, true, true);

        assertThat(runs.attempts(claimed.get(0).id())).singleElement().satisfies(attempt -> {
            assertThat(attempt.ending()).isEqualTo(AttemptEnding.FAILED);
            assertThat(attempt.exitCode()).isEqualTo(1);
            assertThat(attempt.outputTail()).isEqualTo("first");
            assertThat(attempt.startedAt()).as("the real start").isEqualTo(started);
        });
        assertThat(runs.attempts(claimed.get(1).id())).isEmpty();
        assertThat(runs.attempts(claimed.get(2).id())).extracting(PastAttempt::exitCode).containsExactly(2);
    }

    @Test
    void anAttemptHandedBackIsKeptAndAClaimThatNeverBeganIsNot() {
        Run run = claimed(3);
        clock.advance(Duration.ofSeconds(2));
        assertThat(runs.handBack(run.id(), 1, run.claim(), "node-a", clock.instant(), "node-a is draining")).isTrue();

        assertThat(runs.attempts(run.id())).singleElement().satisfies(attempt -> {
            assertThat(attempt.ending()).isEqualTo(AttemptEnding.HANDED_BACK);
            assertThat(attempt.node()).isEqualTo("node-a");
            assertThat(attempt.finishedAt()).isEqualTo(clock.instant());
            assertThat(attempt.error()).isEqualTo("node-a is draining");
            assertThat(attempt.outputTail()).isNull();
        });
        Task allow = tasks.create(shell(ns, "held").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        Run later = runs.insertOrGetCronFire(allow.id(), FIRE.plusSeconds(60), 3);
        Run held = runs.claimAll(List.of(later.id()), "node-a", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE)
                .held().get(0);
        assertThat(runs.handBack(held.id(), held.attempt(), held.claim(), "node-a", clock.instant(), "draining")).isTrue();
        assertThat(runs.attempts(held.id())).as("a claim held for its time was no attempt").isEmpty();
    }

    @Test
    void runsAreReadByIdWithoutTheirOutput() {
        Run first = claimed(1);
        runs.complete(first.id(), 1, RunStatus.RUNNING, outcome(RunStatus.FAILED, 2));
        Run second = runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60), 1);

        Map<Long, Run> read = runs.getAll(List.of(first.id(), second.id(), first.id(), 987_654_321L));

        assertThat(read).containsOnlyKeys(first.id(), second.id());
        assertThat(read.get(first.id()).status()).isEqualTo(RunStatus.FAILED);
        assertThat(read.get(first.id()).output()).isNull();
        assertThat(read.get(first.id()).error()).isEqualTo(runs.get(first.id()).orElseThrow().error());
        assertThat(read.get(second.id())).isEqualTo(second);
        assertThat(runs.getAll(List.of())).isEmpty();
    }

    @Test
    void theLastSuccessIsWhenTheNewestSuccessEnded() {
        assertThat(runs.lastSuccess(ns, task.id())).isEmpty();
        Run first = claimed(1);
        runs.complete(first.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0));
        Instant firstEnd = clock.instant();
        Run failed = runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60), 1);
        clock.advance(Duration.ofSeconds(70));
        runs.claim(failed.id(), "node-a", clock.instant(), clock.instant().plus(LEASE));
        runs.complete(failed.id(), 1, RunStatus.RUNNING, outcome(RunStatus.FAILED, 1));

        assertThat(runs.lastSuccess(ns, task.id())).contains(firstEnd.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
        assertThat(runs.lastSuccess("elsewhere", task.id())).isEmpty();
    }

    @Test
    void recentResultsAreTheNewestEndedRunsOfEachTask() {
        Task other = tasks.create(shell(ns, "never-ran").build(), "alice");
        Run older = claimed(1);
        runs.complete(older.id(), 1, RunStatus.RUNNING, outcome(RunStatus.FAILED, 1));
        Run skipped = runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(30), 1);
        runs.changeIdle(skipped.id(), RunStatus.QUEUED, RunStatus.SKIPPED, "FORBID", clock.instant());
        Run newer = runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60), 1);
        clock.advance(Duration.ofSeconds(5));
        Instant now = clock.instant();
        runs.claim(newer.id(), "node-a", now, now.plus(LEASE));
        runs.complete(newer.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0));
        runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(120), 1);

        Map<Long, RecentResults> recent = runs.recentResults(List.of(task.id(), other.id()), 10);
        assertThat(recent).containsOnlyKeys(task.id());
        assertThat(recent.get(task.id())).isEqualTo(new RecentResults(RunStatus.SUCCEEDED, now, 2, 1));
        assertThat(recent.get(task.id()).successRate()).hasValue(0.5);
        assertThat(runs.recentResults(List.of(task.id()), 2).get(task.id()))
                .as("the two newest: the success and the skip").isEqualTo(new RecentResults(RunStatus.SUCCEEDED, now, 1, 1));
        assertThat(runs.recentResults(List.of(), 10)).isEmpty();
        assertThatThrownBy(() -> runs.recentResults(List.of(task.id()), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void outputWithBinaryGarbageAndBrokenSurrogatesIsStoredWithoutError() {
        Run run = claimed(1);
        byte[] garbage = {(byte) 0xff, (byte) 0xfe, 0, (byte) 0xc3, 0x28, (byte) 0xa0, (byte) 0xa1, (byte) 0xf0,
            (byte) 0x90, (byte) 0x28, (byte) 0xbc, 'o', 'k'};
        String output = "start\n" + new String(garbage, StandardCharsets.UTF_8) + "\ud800 lone \udc00 high\n🚀 done";
        String error = "x".repeat(5000) + "\ud83d";

        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, clock.instant(), 1, output, error))).isTrue();

        Run stored = runs.get(run.id()).orElseThrow();
        assertThat(stored.output()).startsWith("start\n").endsWith("\uFFFD high\n🚀 done").contains("\uFFFD lone ")
                .contains("\u0000");
        assertThat(stored.error()).hasSize(2000);
    }

    @Test
    void listsRunsNewestFirstWithFiltersAndPages() {
        Task other = tasks.create(shell(ns, "other").build(), "alice");
        for (int minute = 0; minute < 5; minute++) {
            runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60L * minute), 1);
        }
        runs.insertOrGetCronFire(other.id(), FIRE.plusSeconds(30), 1);
        Run manual = runs.insertManual(task.id(), FIRE.plusSeconds(150), 1, Map.of());
        Run failed = runs.insertOrGetCronFire(other.id(), FIRE.plusSeconds(90), 1);
        runs.changeIdle(failed.id(), RunStatus.QUEUED, RunStatus.FAILED, "no worker", clock.instant());
        runs.insertOrGetCronFire(tasks.create(shell(TaskFixtures.freshNamespace(), "elsewhere").build(), "alice").id(),
                FIRE, 1);

        RunFilter all = RunFilter.all(ns);
        Page<Run> page = runs.list(all, new PageRequest(0, 3));
        assertThat(page.total()).isEqualTo(8);
        assertThat(page.items()).extracting(Run::scheduledAt)
                .containsExactly(FIRE.plusSeconds(240), FIRE.plusSeconds(180), manual.scheduledAt());
        assertThat(runs.list(all, new PageRequest(6, 3)).items()).extracting(Run::scheduledAt)
                .containsExactly(FIRE.plusSeconds(30), FIRE);
        assertThat(runs.list(all.forTask(other.id()), PageRequest.first(10)).total()).isEqualTo(2);
        assertThat(runs.list(all.withStatuses(Set.of(RunStatus.FAILED)), PageRequest.first(10)).items())
                .extracting(Run::id).containsExactly(failed.id());
        assertThat(runs.list(all.withStatuses(Set.of(RunStatus.FAILED, RunStatus.QUEUED)), PageRequest.first(10))
                .total()).isEqualTo(8);
        assertThat(runs.list(all.withTrigger(TriggerType.MANUAL), PageRequest.first(10)).items())
                .extracting(Run::id).containsExactly(manual.id());
        assertThat(runs.list(all.between(FIRE.plusSeconds(60), FIRE.plusSeconds(180)), PageRequest.first(10)).items())
                .extracting(Run::scheduledAt)
                .containsExactly(manual.scheduledAt(), FIRE.plusSeconds(120), FIRE.plusSeconds(90), FIRE.plusSeconds(60));
    }

    @Test
    void listsTheRunsOfSeveralTasksMergedNewestFirstAcrossPages() {
        Task b = tasks.create(shell(ns, "b").build(), "alice");
        Task c = tasks.create(shell(ns, "c").build(), "alice");
        Task elsewhere = tasks.create(shell(TaskFixtures.freshNamespace(), "elsewhere").build(), "alice");
        for (int minute = 0; minute < 4; minute++) {
            runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60L * minute), 1);
            runs.insertOrGetCronFire(b.id(), FIRE.plusSeconds(60L * minute + 20), 1);
            runs.insertOrGetCronFire(c.id(), FIRE.plusSeconds(60L * minute + 40), 1);
        }
        runs.insertOrGetCronFire(elsewhere.id(), FIRE.plusSeconds(30), 1);
        RunFilter ab = RunFilter.all(ns).forTasks(Set.of(task.id(), b.id(), elsewhere.id()));

        Page<Run> first = runs.list(ab, new PageRequest(0, 3));
        Page<Run> second = runs.list(ab, new PageRequest(3, 3));
        Page<Run> last = runs.list(ab, new PageRequest(6, 3));

        assertThat(first.total()).isEqualTo(8);
        assertThat(first.items()).extracting(Run::scheduledAt)
                .containsExactly(FIRE.plusSeconds(200), FIRE.plusSeconds(180), FIRE.plusSeconds(140));
        assertThat(second.items()).extracting(Run::scheduledAt)
                .containsExactly(FIRE.plusSeconds(120), FIRE.plusSeconds(80), FIRE.plusSeconds(60));
        assertThat(last.items()).extracting(Run::scheduledAt).containsExactly(FIRE.plusSeconds(20), FIRE);
        assertThat(last.hasMore()).isFalse();
        assertThat(runs.list(ab.withStatuses(Set.of(RunStatus.QUEUED)), PageRequest.first(10)).total()).isEqualTo(8);
        assertThat(runs.list(ab.between(FIRE.plusSeconds(60), FIRE.plusSeconds(140)), PageRequest.first(10)).items())
                .extracting(Run::taskId).containsExactly(task.id(), b.id(), task.id());
    }

    @Test
    void excludedTasksAreLeftOutOfEveryListing() {
        Task noisy = tasks.create(shell(ns, "noisy").build(), "alice");
        Task other = tasks.create(shell(ns, "other").build(), "alice");
        for (int second = 0; second < 60; second += 10) {
            runs.insertOrGetCronFire(noisy.id(), FIRE.plusSeconds(second), 1);
        }
        Run mine = runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(15), 1);
        Run others = runs.insertOrGetCronFire(other.id(), FIRE.plusSeconds(25), 1);
        RunFilter all = RunFilter.all(ns);

        assertThat(runs.list(all.excludingTasks(Set.of(noisy.id())), PageRequest.first(10)).items())
                .extracting(Run::id).containsExactly(others.id(), mine.id());
        assertThat(runs.list(all.excludingTasks(Set.of(noisy.id(), other.id())), PageRequest.first(10)).total())
                .isEqualTo(1);
        assertThat(runs.list(all.excludingTasks(Set.of(noisy.id())).withStatuses(Set.of(RunStatus.QUEUED)),
                PageRequest.first(10)).items()).extracting(Run::id).containsExactly(others.id(), mine.id());
        // Included and excluded at once: the excluded task is left out even when asked for.
        RunFilter both = all.forTasks(Set.of(noisy.id(), task.id())).excludingTasks(Set.of(noisy.id()));
        assertThat(runs.list(both, PageRequest.first(10)).items()).extracting(Run::id).containsExactly(mine.id());
        assertThat(runs.list(all.forTasks(Set.of(noisy.id(), task.id(), other.id())).excludingTasks(Set.of(noisy.id())),
                PageRequest.first(10)).items()).extracting(Run::id).containsExactly(others.id(), mine.id());
        Page<Run> none = runs.list(all.forTask(noisy.id()).excludingTasks(Set.of(noisy.id())), PageRequest.first(10));
        assertThat(none.items()).isEmpty();
        assertThat(none.total()).isZero();
    }

    @Test
    void aListingCarriesNoOutputAndOneRunReadAloneCarriesIt() {
        Run run = claimed(1);
        String output = "x".repeat(60_000) + "\nlast line\n";
        runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.FAILED, clock.instant(), 1, output, "exit 1"));

        Run listed = runs.list(RunFilter.all(ns), PageRequest.first(10)).items().get(0);
        Run alone = runs.get(run.id()).orElseThrow();

        assertThat(listed.output()).isNull();
        assertThat(alone.output()).isEqualTo(output);
        assertThat(listed).isEqualTo(new Run(alone.id(), alone.taskId(), alone.namespace(), alone.taskName(),
                alone.group(), alone.trigger(), alone.scheduledAt(), alone.status(), alone.attempt(), alone.maxAttempts(),
                alone.lostAttempts(), alone.node(), alone.leaseUntil(), alone.createdAt(), alone.startedAt(),
                alone.finishedAt(), alone.exitCode(), null, alone.error(), alone.params()));
    }

    @Test
    void historyOutlivesTheTask() {
        Run run = claimed(1);
        runs.complete(run.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0));

        tasks.delete(task.id(), "alice");

        Run kept = runs.get(run.id()).orElseThrow();
        assertThat(kept.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(kept.taskName()).isEqualTo(task.name());
        assertThat(runs.list(RunFilter.all(ns).forTask(task.id()), PageRequest.first(10)).total()).isEqualTo(1);
    }

    @Test
    void claimAllTakesTheWaitingRunsOfAllowTasksInOneGo() {
        Task allow = tasks.create(shell(ns, "allow").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        Run first = runs.insertManual(allow.id(), FIRE, 2, Map.of());
        Run second = runs.insertManual(allow.id(), FIRE, 2, Map.of());
        Run taken = runs.insertManual(allow.id(), FIRE, 2, Map.of());
        runs.claim(taken.id(), "node-b", clock.instant(), clock.instant().plus(LEASE)).orElseThrow();
        Instant now = clock.instant();

        RunStore.BatchClaim batch = runs.claimAll(List.of(second.id(), first.id(), taken.id(), Long.MAX_VALUE),
                "node-a", now, now.plus(LEASE), NO_MISFIRE);

        assertThat(batch.held()).isEmpty();
        assertThat(batch.begun()).extracting(Run::id).containsExactlyInAnyOrder(first.id(), second.id());
        for (Run claimed : batch.begun()) {
            assertThat(claimed.status()).isEqualTo(RunStatus.RUNNING);
            assertThat(claimed.attempt()).isEqualTo(1);
            assertThat(claimed.node()).isEqualTo("node-a");
            assertThat(claimed.startedAt()).isEqualTo(now);
            assertThat(claimed.leaseUntil()).isEqualTo(now.plus(LEASE));
            assertThat(runs.get(claimed.id())).contains(claimed);
        }
        assertThat(runs.get(taken.id()).orElseThrow().node()).isEqualTo("node-b");
        assertThat(runs.claimAll(List.of(first.id(), second.id()), "node-c", now, now.plus(LEASE), NO_MISFIRE).begun()).isEmpty();
    }

    @Test
    void claimAllHoldsTheRunsWhoseTaskHasAPolicyToWeighUntilTheyAreBegun() {
        Task allow = tasks.create(shell(ns, "allow").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        Task forbid = tasks.create(shell(ns, "forbid").concurrencyPolicy(ConcurrencyPolicy.FORBID).build(), "alice");
        Task replace = tasks.create(shell(ns, "replace").concurrencyPolicy(ConcurrencyPolicy.REPLACE).build(), "alice");
        Run free = runs.insertManual(allow.id(), FIRE, 1, Map.of());
        Run forbidden = runs.insertManual(forbid.id(), FIRE, 1, Map.of());
        Run replacing = runs.insertManual(replace.id(), FIRE, 1, Map.of());

        RunStore.BatchClaim batch = runs.claimAll(List.of(free.id(), forbidden.id(), replacing.id()), "node-a",
                clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE);

        assertThat(batch.begun()).extracting(Run::id).containsExactly(free.id());
        assertThat(batch.held()).extracting(Run::id).containsExactlyInAnyOrder(forbidden.id(), replacing.id());
        assertThat(batch.held()).allSatisfy(held -> {
            assertThat(held.status()).isEqualTo(RunStatus.RUNNING);
            assertThat(held.node()).isEqualTo("node-a");
        });
        assertThat(begin("node-a", batch.held())).containsExactly(Claim.Result.CLAIMED, Claim.Result.CLAIMED);
    }

    @Test
    void aHeldForbidRunDeferredBehindTheRunInFlightWaitsQueuedAndBeginsOnceThatEnded() {
        Task forbid = tasks.create(shell(ns, "forbid").concurrencyPolicy(ConcurrencyPolicy.FORBID).build(), "alice");
        Run running = claimed(runs.insertOrGetCronFire(forbid.id(), FIRE, 1), clock.instant().plus(LEASE));
        Run next = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(1), 1);
        Run held = runs.claimAll(List.of(next.id()), "node-b", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE)
                .held().get(0);
        clock.advance(Duration.ofSeconds(1));

        assertThat(begin("node-b", List.of(held))).containsExactly(Claim.Result.DEFERRED);
        Run waiting = get(next);
        assertThat(waiting.status()).as("its claim released: it waits").isEqualTo(RunStatus.QUEUED);
        assertThat(waiting.attempt()).as("a held claim is no attempt").isZero();
        runs.complete(running.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0));
        clock.advance(Duration.ofMillis(250));
        List<Run> again = runs.claimAll(List.of(next.id()), "node-b", clock.instant(), clock.instant().plus(LEASE),
                NO_MISFIRE).held();
        assertThat(begin("node-b", again)).containsExactly(Claim.Result.CLAIMED);
    }

    @Test
    void ofTwoHeldRunsOfAForbidTaskBegunTogetherTheEarlierBeginsAndAHeldRunBlocksNobody() {
        Task forbid = tasks.create(shell(ns, "forbid").concurrencyPolicy(ConcurrencyPolicy.FORBID).build(), "alice");
        Run first = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(1), 1);
        Run second = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(2), 1);
        Run third = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(3), 1);
        List<Run> held = runs.claimAll(List.of(first.id(), second.id(), third.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), NO_MISFIRE).held();
        clock.advance(Duration.ofSeconds(3));

        assertThat(begin("node-a", List.of(held.get(2), held.get(0), held.get(1))))
                .containsExactly(Claim.Result.DEFERRED, Claim.Result.CLAIMED, Claim.Result.DEFERRED);
    }

    @Test
    void aHeldRetryOfAForbidTaskHoldsItsNextFireBackWhileFirstAttemptsHeldAheadHoldNobody() {
        Task forbid = tasks.create(shell(ns, "forbid").concurrencyPolicy(ConcurrencyPolicy.FORBID).build(), "alice");
        Run retry = claimed(runs.insertOrGetCronFire(forbid.id(), FIRE, 3), clock.instant().plus(LEASE));
        runs.complete(retry.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "",
                "failed", clock.instant()));
        Run heldRetry = runs.claimAll(List.of(retry.id()), "node-a", clock.instant(), clock.instant().plus(LEASE),
                NO_MISFIRE).held().get(0);
        Run next = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(1), 3);
        Run later = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(2), 3);
        List<Run> held = runs.claimAll(List.of(next.id(), later.id()), "node-b", clock.instant(),
                clock.instant().plus(LEASE), NO_MISFIRE).held();
        clock.advance(Duration.ofSeconds(1));

        assertThat(heldRetry.attempt()).isEqualTo(2);
        assertThat(begin("node-b", List.of(held.get(0)))).as("the retry, held for its second attempt, goes first")
                .containsExactly(Claim.Result.DEFERRED);
        assertThat(begin("node-a", List.of(heldRetry))).as("the later fire, held as a first attempt, holds it not back")
                .containsExactly(Claim.Result.CLAIMED);
    }

    @Test
    void ofTwoHeldRunsOfAReplaceTaskBegunTogetherTheNewerBeginsAndTheOlderIsCancelledNeverRun() {
        Task replace = tasks.create(shell(ns, "replace").concurrencyPolicy(ConcurrencyPolicy.REPLACE).build(), "alice");
        Run older = runs.insertOrGetCronFire(replace.id(), FIRE.plusSeconds(1), 1);
        Run newer = runs.insertOrGetCronFire(replace.id(), FIRE.plusSeconds(2), 1);
        List<Run> held = runs.claimAll(List.of(older.id(), newer.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), NO_MISFIRE).held();
        clock.advance(Duration.ofSeconds(2));

        assertThat(begin("node-a", held)).containsExactly(Claim.Result.CANCELLED, Claim.Result.CLAIMED);
        Run cancelled = get(older);
        assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.attempt()).as("a held claim is no attempt").isZero();
        assertThat(cancelled.error()).contains("run " + newer.id()).contains("replace");
    }

    @Test
    void aHeldForbidRunNeverAttemptedIsSkippedOnceItsWaitRunsOutAndItsClaimWasNoAttempt() {
        Task forbid = tasks.create(shell(ns, "forbid").concurrencyPolicy(ConcurrencyPolicy.FORBID).build(), "alice");
        Run running = claimed(runs.insertOrGetCronFire(forbid.id(), FIRE, 1), clock.instant().plus(LEASE));
        Run next = runs.insertOrGetCronFire(forbid.id(), FIRE.plusSeconds(1), 1);
        Run held = runs.claimAll(List.of(next.id()), "node-b", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE)
                .held().get(0);
        clock.advance(Duration.ofSeconds(20));

        Claim skipped = runs.beginAll("node-b", List.of(RunStore.StartMark.of(held, clock.instant().plus(LEASE))),
                clock.instant(), Duration.ofSeconds(10), clock.instant()).get(0);

        assertThat(skipped.result()).isEqualTo(Claim.Result.SKIPPED);
        assertThat(skipped.run().status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(skipped.run().attempt()).isZero();
        assertThat(skipped.run().node()).isNull();
        assertThat(skipped.run().error()).contains("run " + running.id()).contains("forbid");
    }

    @Test
    void aCancelAskedForWhileARunIsHeldEndsItAtItsBeginNeverRun() {
        Task allow = tasks.create(shell(ns, "allow").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        Run ahead = runs.insertOrGetCronFire(allow.id(), FIRE.plusSeconds(5), 1);
        Run held = runs.claimAll(List.of(ahead.id()), "node-a", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE)
                .held().get(0);
        runs.requestCancel(ahead.id(), clock.instant(), "stop");
        clock.advance(Duration.ofSeconds(5));

        assertThat(begin("node-a", List.of(held))).containsExactly(Claim.Result.CANCELLED);
        assertThat(get(ahead).status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(get(ahead).attempt()).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = ConcurrencyPolicy.class, names = {"ALLOW", "FORBID", "REPLACE"})
    void aHeldClaimReleasedAndMadeAgainBySameNodeBeginsOnlyAsTheNewClaim(ConcurrencyPolicy policy) {
        Task task = tasks.create(shell(ns, "held-" + policy).concurrencyPolicy(policy).build(), "alice");
        Run ahead = runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(5), 1);
        Run first = runs.claimAll(List.of(ahead.id()), "node-a", clock.instant(), clock.instant().plus(LEASE),
                NO_MISFIRE).held().get(0);
        // Released before it began (here by its node; the reaper releases one whose lease lapsed
        // alike), the claim gives its attempt back, and the same node claims the run again.
        assertThat(runs.handBack(first.id(), first.attempt(), first.claim(), "node-a", clock.instant(), "released"))
                .isTrue();
        Run second = runs.claimAll(List.of(ahead.id()), "node-a", clock.instant(), clock.instant().plus(LEASE),
                NO_MISFIRE).held().get(0);
        assertThat(second.attempt()).isEqualTo(first.attempt());
        assertThat(second.claim()).isNotEqualTo(first.claim());
        clock.advance(Duration.ofSeconds(5));

        assertThat(begin("node-a", List.of(first))).as("the released claim").containsExactly(Claim.Result.UNAVAILABLE);
        assertThat(runs.handBack(first.id(), first.attempt(), first.claim(), "node-a", clock.instant(), "stale"))
                .as("nor does it release the new one").isFalse();
        assertThat(begin("node-a", List.of(second))).containsExactly(Claim.Result.CLAIMED);
        assertThat(begin("node-a", List.of(second))).as("a begin repeated after it was written")
                .containsExactly(Claim.Result.CLAIMED);
        assertThat(begin("node-a", List.of(first))).as("the released claim, once the new one began")
                .containsExactly(Claim.Result.UNAVAILABLE);
        assertThat(get(ahead).attempt()).isEqualTo(1);
    }

    @Test
    void claimAllLeavesARetryInItsBackoffAndARunWithoutAttemptsAlone() {
        Task allow = tasks.create(shell(ns, "allow").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        Run retry = runs.insertManual(allow.id(), FIRE, 2, Map.of());
        runs.claim(retry.id(), "node-a", clock.instant(), clock.instant().plus(LEASE)).orElseThrow();
        runs.complete(retry.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "",
                "failed", clock.instant().plusSeconds(60)));

        RunStore.BatchClaim early = runs.claimAll(List.of(retry.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), NO_MISFIRE);
        clock.advance(Duration.ofSeconds(61));
        RunStore.BatchClaim due = runs.claimAll(List.of(retry.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), NO_MISFIRE);

        assertThat(early.begun()).isEmpty();
        assertThat(early.held()).isEmpty();
        assertThat(due.begun()).extracting(Run::attempt).containsExactly(2);
        runs.complete(retry.id(), 2, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "",
                "failed", clock.instant()));
        assertThat(runs.claimAll(List.of(retry.id()), "node-a", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE)
                .begun()).isEmpty();
    }

    @Test
    void completeAllRefusesAStaleAttemptInABatchAndWritesTheOthers() {
        Task allow = tasks.create(shell(ns, "allow").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(runs.insertManual(allow.id(), FIRE, 3, Map.of()).id());
        }
        List<Run> claimed = runs.claimAll(ids, "node-a", clock.instant(), clock.instant().plus(LEASE), NO_MISFIRE).begun();
        Run ok = claimed.get(0);
        Run stale = claimed.get(1);
        Run failing = claimed.get(2);
        Run reclaimed = claimed.get(3);
        // Another node now holds the next attempt of this one: the old attempt's result is stale.
        runs.handBack(reclaimed.id(), 1, reclaimed.claim(), "node-a", clock.instant(), "lost");
        runs.claim(reclaimed.id(), "node-b", clock.instant(), clock.instant().plus(LEASE)).orElseThrow();
        Instant okStarted = clock.instant().plusMillis(10);
        Instant failingStarted = clock.instant().plusMillis(15);
        clock.advance(Duration.ofMillis(40));
        Instant retryAt = clock.instant().plusSeconds(10);

        List<Boolean> applied = runs.completeAll(List.of(
                new RunStore.Completion(ok.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0), okStarted),
                new RunStore.Completion(stale.id(), 2, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0), okStarted),
                new RunStore.Completion(failing.id(), 1, RunStatus.RUNNING,
                        new RunOutcome(RunStatus.RETRYING, clock.instant().plusMillis(5), 3, "oops", "exit 3", retryAt),
                        failingStarted),
                new RunStore.Completion(reclaimed.id(), 1, RunStatus.RUNNING, outcome(RunStatus.FAILED, 1), okStarted)));

        assertThat(applied).containsExactly(true, false, true, false);
        Run done = runs.get(ok.id()).orElseThrow();
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.startedAt()).as("the real start replaces the claim's").isEqualTo(okStarted);
        assertThat(runs.get(failing.id()).orElseThrow().startedAt()).isEqualTo(failingStarted);
        assertThat(runs.get(stale.id()).orElseThrow().startedAt()).as("a stale result changes nothing")
                .isEqualTo(stale.startedAt());
        assertThat(done.finishedAt()).isEqualTo(clock.instant());
        assertThat(done.output()).isEqualTo("out");
        assertThat(done.leaseUntil()).isNull();
        assertThat(runs.get(stale.id()).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
        Run retrying = runs.get(failing.id()).orElseThrow();
        assertThat(retrying.status()).isEqualTo(RunStatus.RETRYING);
        assertThat(retrying.finishedAt()).isEqualTo(clock.instant().plusMillis(5));
        assertThat(retrying.exitCode()).isEqualTo(3);
        assertThat(retrying.error()).isEqualTo("exit 3");
        Run other = runs.get(reclaimed.id()).orElseThrow();
        assertThat(other.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(other.node()).isEqualTo("node-b");
        assertThat(runs.claimAll(List.of(failing.id()), "node-a", retryAt, retryAt.plus(LEASE), NO_MISFIRE).begun())
                .extracting(Run::attempt).containsExactly(2);
    }

    @Test
    void completeAllRefusesAnIllegalTransitionBeforeWritingAnything() {
        Run run = claimed(1);

        assertThatThrownBy(() -> runs.completeAll(List.of(
                new RunStore.Completion(run.id(), 1, RunStatus.RUNNING, outcome(RunStatus.SUCCEEDED, 0), clock.instant()),
                new RunStore.Completion(run.id(), 1, RunStatus.SUCCEEDED, outcome(RunStatus.FAILED, 1), clock.instant()))))
                .isInstanceOf(IllegalStateException.class);
        assertThat(runs.get(run.id()).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
    }

    @Test
    void aRunClaimedAheadOfItsTimeShowsItsPlannedStartUntilItsResultNamesTheRealOne() {
        Task allow = tasks.create(shell(ns, "ahead").concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "alice");
        Instant later = FIRE.plusSeconds(60);
        Run early = runs.insertOrGetCronFire(allow.id(), later, 1);
        Run due = runs.insertOrGetCronFire(allow.id(), FIRE, 1);

        RunStore.BatchClaim batch = runs.claimAll(List.of(early.id(), due.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), NO_MISFIRE);
        assertThat(batch.held()).extracting(Run::id).as("held for its time").containsExactly(early.id());
        assertThat(batch.begun()).extracting(Run::id).as("due: an attempt at once").containsExactly(due.id());
        List<Run> claimed = new ArrayList<>(batch.held());
        claimed.addAll(batch.begun());
        Run single = runs.claim(runs.insertOrGetCronFire(allow.id(), later.plusSeconds(60), 1).id(), "node-a",
                clock.instant(), clock.instant().plus(LEASE)).orElseThrow();

        assertThat(claimed).filteredOn(run -> run.id() == early.id()).extracting(Run::startedAt).containsExactly(later);
        assertThat(claimed).filteredOn(run -> run.id() == due.id()).extracting(Run::startedAt)
                .containsExactly(clock.instant());
        assertThat(runs.get(early.id()).orElseThrow().startedAt()).isEqualTo(later);
        assertThat(single.startedAt()).isEqualTo(later.plusSeconds(60));
        Instant realStart = later.plusMillis(3);
        runs.completeAll(List.of(new RunStore.Completion(early.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, realStart.plusMillis(5), 0, "", null), realStart)));
        assertThat(runs.get(early.id()).orElseThrow().startedAt()).isEqualTo(realStart);
        runs.completeAll(List.of(new RunStore.Completion(single.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.CANCELLED, clock.instant(), null, "", "cancelled"), null)));
        assertThat(runs.get(single.id()).orElseThrow().startedAt()).as("it never started").isNull();
    }

    private Run claimed(int maxAttempts) {
        Run run = runs.insertOrGetCronFire(task.id(), FIRE, maxAttempts);
        return runs.claim(run.id(), "node-a", clock.instant(), clock.instant().plus(LEASE)).orElseThrow();
    }

    /** Claimed by node-a, which began executing it: the plain claim of a due run is an attempt at once. */
    private Run claimed(Run run, Instant leaseUntil) {
        return runs.claim(run.id(), "node-a", clock.instant(), leaseUntil).orElseThrow();
    }

    private Run get(Run run) {
        return runs.get(run.id()).orElseThrow();
    }

    /** Begins held claims of {@code node} now; the result of each. */
    private List<Claim.Result> begin(String node, List<Run> held) {
        List<RunStore.StartMark> marks = held.stream()
                .map(run -> RunStore.StartMark.of(run, clock.instant().plus(LEASE))).toList();
        return runs.beginAll(node, marks, clock.instant(), NO_MISFIRE, clock.instant().plusMillis(250)).stream()
                .map(Claim::result).toList();
    }

    private RunOutcome outcome(RunStatus status, int exitCode) {
        return new RunOutcome(status, clock.instant(), exitCode, "out", null);
    }
}
