package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.Claim;
import io.redcron.port.Claim.Result;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** Claims under the concurrency policies, cancellation and hand-back, against a real server. */
class MysqlRunClaimIT {
    private static final Instant FIRE = Instant.parse("2030-01-01T10:05:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private static EngineSql sql;

    private final MutableClock clock = new MutableClock(FIRE.minus(Duration.ofMinutes(10)));
    private TaskStore tasks;
    private RunStore runs;
    private MysqlRecoveryStore recovery;
    private String ns;
    private Task task;

    @BeforeAll
    static void openDatabase() {
        sql = new EngineSql(pool);
    }

    @BeforeEach
    void setUp() {
        tasks = new MysqlTaskStore(pool, clock);
        runs = new MysqlRunStore(pool, clock);
        recovery = new MysqlRecoveryStore(pool);
        ns = TaskFixtures.freshNamespace();
        task = newTask("backup");
        clock.set(FIRE.plusMillis(250));
    }

    @Test
    void allowClaimsWhateverElseIsRunning() {
        Run running = claimed(fire(0), "node-a");

        Claim claim = claim(fire(1), ConcurrencyPolicy.ALLOW, "node-b");

        assertThat(claim.result()).isEqualTo(Result.CLAIMED);
        assertThat(claim.run().status()).isEqualTo(RunStatus.RUNNING);
        assertThat(claim.run().attempt()).isEqualTo(1);
        assertThat(claim.run().node()).isEqualTo("node-b");
        assertThat(claim.run().leaseUntil()).isEqualTo(clock.instant().plus(LEASE));
        assertThat(claim.replaced()).isEmpty();
        assertThat(get(running).status()).isEqualTo(RunStatus.RUNNING);
    }

    @Test
    void forbidSkipsARunWhileAnotherOneOfTheTaskIsRunning() {
        Run running = claimed(fire(0), "node-a");
        clock.set(FIRE.plusSeconds(65));
        Run next = fire(1);

        Claim claim = claim(next, ConcurrencyPolicy.FORBID, "node-b");

        assertThat(claim.result()).isEqualTo(Result.SKIPPED);
        assertThat(claim.run().status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(claim.run().attempt()).isZero();
        assertThat(claim.run().finishedAt()).isEqualTo(clock.instant());
        assertThat(claim.run().error()).contains("run " + running.id()).contains("forbid");
        assertThat(get(running)).isEqualTo(running);
        assertThat(claim(next, ConcurrencyPolicy.FORBID, "node-b").result()).isEqualTo(Result.UNAVAILABLE);
    }

    @Test
    void forbidDefersARunThatMayStillWaitForTheOneInFlight() {
        Run running = claimed(fire(0), "node-a");
        Run next = fire(1);
        Instant recheck = clock.instant().plusMillis(250);

        Claim claim = claim(next, ConcurrencyPolicy.FORBID, "node-b", Duration.ofSeconds(60), recheck);

        assertThat(claim.result()).isEqualTo(Result.DEFERRED);
        assertThat(claim.run().status()).as("its claim released: it waits").isEqualTo(RunStatus.QUEUED);
        assertThat(claim.run().attempt()).isZero();
        assertThat(sql.dueAt(next.id())).as("due again at its recheck at the earliest").isAfterOrEqualTo(recheck);
        runs.complete(running.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, clock.instant(), 0, "", null));
        assertThat(claim(next, ConcurrencyPolicy.FORBID, "node-b", Duration.ofSeconds(60), recheck).result())
                .isEqualTo(Result.CLAIMED);
    }

    @Test
    void forbidWaitsBehindARunWhoseLeaseRanOutForItIsAboutToRunAgain() {
        Run lost = claimed(fire(0), "node-a");
        clock.set(FIRE.plusSeconds(60).plus(LEASE));
        Run next = fire(1);

        Claim claim = claim(next, ConcurrencyPolicy.FORBID, "node-b", Duration.ofSeconds(60), clock.instant());

        assertThat(claim.result()).isEqualTo(Result.DEFERRED);
        assertThat(get(lost).status()).isEqualTo(RunStatus.RUNNING);
    }

    @Test
    void ofRunsOfOneTaskClaimedAtOnceUnderForbidExactlyOneRuns() throws Exception {
        for (int round = 0; round < 30; round++) {
            Task racing = newTask("forbid-" + round);
            List<Callable<Result>> claims = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Run run = runs.insertOrGetCronFire(racing.id(), FIRE.plusSeconds(60L * i), 1);
                String node = "node-" + i;
                claims.add(() -> claim(run, ConcurrencyPolicy.FORBID, node).result());
            }

            List<Result> results = runTogether(claims);

            // The later fires are not due yet, so they wait for the one that runs rather than give up.
            assertThat(results).as("round %d", round).containsOnlyOnce(Result.CLAIMED)
                    .isSubsetOf(Result.CLAIMED, Result.DEFERRED, Result.SKIPPED);
        }
    }

    @Test
    void ofRunsOfOneTaskClaimedAtOnceUnderReplaceOnlyTheLastGoesOnUncancelled() throws Exception {
        for (int round = 0; round < 20; round++) {
            Task racing = newTask("replace-" + round);
            List<Run> fires = new ArrayList<>();
            List<Callable<Claim>> claims = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Run run = runs.insertOrGetCronFire(racing.id(), FIRE.plusSeconds(60L * i), 1);
                fires.add(run);
                claims.add(() -> claim(run, ConcurrencyPolicy.REPLACE, "node-" + run.id()));
            }

            List<Claim> results = runTogether(claims);

            // The last fire always goes on; an earlier one was either claimed and then asked to
            // stop by a later claim, or found a later one already running and was cancelled.
            Claim last = results.get(2);
            assertThat(last.result()).as("round %d", round).isEqualTo(Result.CLAIMED);
            assertThat(sql.cancelRequested(fires.get(2).id())).isFalse();
            for (int i = 0; i < 2; i++) {
                Claim earlier = results.get(i);
                boolean stopped = earlier.result() == Result.CANCELLED
                        || (earlier.result() == Result.CLAIMED && sql.cancelRequested(fires.get(i).id()));
                assertThat(stopped).as("round %d, fire %d: %s", round, i, earlier.result()).isTrue();
            }
        }
    }

    @Test
    void replaceClaimsAndAsksTheRunningRunToStop() {
        Run running = claimed(fire(0), "node-a");
        clock.advance(Duration.ofSeconds(5));

        Claim claim = claim(fire(1), ConcurrencyPolicy.REPLACE, "node-b");

        assertThat(claim.result()).isEqualTo(Result.CLAIMED);
        assertThat(claim.run().node()).isEqualTo("node-b");
        assertThat(claim.replaced()).containsExactly(running);
        assertThat(sql.cancelRequested(running.id())).isTrue();
        assertThat(sql.cancelRequested(claim.run().id())).isFalse();
        assertThat(get(running).status()).isEqualTo(RunStatus.RUNNING);
        assertThat(runs.renewLease(running.id(), 1, "node-a", clock.instant().plus(LEASE))).isFalse();
        assertThat(runs.renewLease(claim.run().id(), 1, "node-b", clock.instant().plus(LEASE))).isTrue();
    }

    @Test
    void replaceWithNothingRunningJustClaims() {
        Claim claim = claim(fire(0), ConcurrencyPolicy.REPLACE, "node-b");

        assertThat(claim.result()).isEqualTo(Result.CLAIMED);
        assertThat(claim.replaced()).isEmpty();
    }

    @Test
    void cancellingAWaitingRunCancelsItAtOnce() {
        Run queued = fire(0);
        Run retrying = retrying(fire(1), clock.instant().plus(Duration.ofMinutes(1)));

        Run cancelled = runs.requestCancel(queued.id(), clock.instant(), "not today").orElseThrow();
        Run cancelledRetry = runs.requestCancel(retrying.id(), clock.instant(), "not today").orElseThrow();

        assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.finishedAt()).isEqualTo(clock.instant());
        assertThat(cancelled.error()).isEqualTo("not today");
        assertThat(cancelledRetry.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(claim(queued, ConcurrencyPolicy.ALLOW, "node-b").result()).isEqualTo(Result.UNAVAILABLE);
        clock.advance(Duration.ofMinutes(2));
        assertThat(claim(retrying, ConcurrencyPolicy.ALLOW, "node-b").result()).isEqualTo(Result.UNAVAILABLE);
    }

    @Test
    void cancellingARunningRunAsksItsWorkerToStop() {
        Run running = claimed(fire(0), "node-a");

        Run marked = runs.requestCancel(running.id(), clock.instant(), "stop").orElseThrow();

        assertThat(marked).isEqualTo(running);
        assertThat(sql.cancelRequested(running.id())).isTrue();
        assertThat(runs.renewLease(running.id(), 1, "node-a", clock.instant().plus(LEASE))).isFalse();
        assertThat(runs.complete(running.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.CANCELLED, clock.instant(), null, "", "cancelled"))).isTrue();
    }

    @Test
    void cancellingAFinishedRunChangesNothing() {
        Run done = claimed(fire(0), "node-a");
        succeed(done);
        Run before = get(done);

        assertThat(runs.requestCancel(done.id(), clock.instant(), "too late")).contains(before);
        assertThat(get(done)).isEqualTo(before);
        assertThat(sql.cancelRequested(done.id())).isFalse();
        assertThat(runs.requestCancel(Long.MAX_VALUE, clock.instant(), "no such run")).isEmpty();
    }

    @Test
    void aRunWhoseCancellationWasRequestedIsCancelledWhenClaimed() {
        Run run = claimed(fire(0), "node-a");
        runs.requestCancel(run.id(), clock.instant(), "stop");
        // Its node shuts down before it noticed: the run is waiting again, still to be cancelled.
        runs.handBack(run.id(), 1, run.claim(), "node-a", clock.instant(), "node-a is shutting down");

        assertThat(runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE))).isEmpty();
        Claim claim = claim(run, ConcurrencyPolicy.FORBID, "node-b");

        assertThat(claim.result()).isEqualTo(Result.CANCELLED);
        assertThat(claim.run().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(claim.run().finishedAt()).isEqualTo(clock.instant());
    }

    @Test
    void aRunningRunWhoseCancellationWasRequestedIsNotAnotherWorkersToCancel() {
        Run running = claimed(fire(0), "node-a");
        runs.requestCancel(running.id(), clock.instant(), "stop");

        Claim claim = claim(running, ConcurrencyPolicy.ALLOW, "node-b");

        // node-a still runs it and will stop it; a second delivery of the run is nothing to node-b.
        assertThat(claim.result()).isEqualTo(Result.UNAVAILABLE);
        assertThat(get(running)).isEqualTo(running);
    }

    @Test
    void onlyTheOwnerOfTheAttemptHandsARunBack() {
        Run run = claimed(fire(0), "node-a");
        clock.advance(Duration.ofSeconds(5));

        assertThat(runs.handBack(run.id(), 1, run.claim(), "node-b", clock.instant(), "draining")).isFalse();
        assertThat(runs.handBack(run.id(), 2, run.claim(), "node-a", clock.instant(), "draining")).isFalse();
        assertThat(get(run)).isEqualTo(run);
        assertThat(runs.handBack(run.id(), 1, run.claim(), "node-a", clock.instant(), "node-a is shutting down")).isTrue();
        assertThat(runs.handBack(run.id(), 1, run.claim(), "node-a", clock.instant(), "again")).isFalse();

        Run back = get(run);
        assertThat(back.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(back.lostAttempts()).isEqualTo(1);
        assertThat(back.error()).isEqualTo("node-a is shutting down");
        assertThat(back.leaseUntil()).isNull();
        assertThat(sql.dueAt(run.id())).isEqualTo(clock.instant());
        Claim again = claim(run, ConcurrencyPolicy.FORBID, "node-b");
        assertThat(again.result()).isEqualTo(Result.CLAIMED);
        assertThat(again.run().attempt()).isEqualTo(2);
    }

    @Test
    void aRetryIsClaimableOnlyOnceItIsDue() {
        Task retried = tasks.create(shell(ns, "retried").retry(RetryPolicy.retries(2)).build(), "alice");
        Run run = runs.insertOrGetCronFire(retried.id(), FIRE, 3);
        Instant retryAt = clock.instant().plus(Duration.ofMinutes(1));
        retrying(run, retryAt);

        clock.set(retryAt.minusMillis(1));
        assertThat(runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE))).isEmpty();
        assertThat(claim(run, ConcurrencyPolicy.FORBID, "node-b").result()).isEqualTo(Result.UNAVAILABLE);
        assertThat(get(run).status()).isEqualTo(RunStatus.RETRYING);

        clock.set(retryAt);
        Claim claim = claim(run, ConcurrencyPolicy.FORBID, "node-b");
        assertThat(claim.result()).isEqualTo(Result.CLAIMED);
        assertThat(claim.run().attempt()).isEqualTo(2);
        assertThat(claim.run().startedAt()).isEqualTo(retryAt);
    }

    @Test
    void forbidLeavesARetryThatIsNotDueYetAlone() {
        Task retried = tasks.create(shell(ns, "retried").retry(RetryPolicy.retries(2)).build(), "alice");
        Run run = runs.insertOrGetCronFire(retried.id(), FIRE, 3);
        Instant retryAt = clock.instant().plus(Duration.ofMinutes(1));
        Run waiting = retrying(run, retryAt);
        Run other = claimed(runs.insertOrGetCronFire(retried.id(), FIRE.plusSeconds(60), 3), "node-a");

        // A stale second delivery of the retry while another run of the task is in flight.
        Claim early = claim(run, ConcurrencyPolicy.FORBID, "node-b");

        assertThat(early.result()).isEqualTo(Result.UNAVAILABLE);
        assertThat(get(run)).isEqualTo(waiting);
        succeed(other);
        clock.set(retryAt);
        assertThat(claim(run, ConcurrencyPolicy.FORBID, "node-b").result()).isEqualTo(Result.CLAIMED);
    }

    @Test
    void aForbidRunWhoseAttemptWasLostGoesBeforeTheNextFireAndIsNeverSkipped() {
        Run lost = claimed(fire(0), "node-a");
        clock.set(FIRE.plusSeconds(60).plus(LEASE).plusSeconds(1));
        assertThat(recovery.recoverLost(lost.id(), 1, clock.instant(), 3, "attempt 1 lost")).isEqualTo(RunStatus.QUEUED);
        Run next = fire(1);

        assertThat(claim(next, ConcurrencyPolicy.FORBID, "node-b", Duration.ofSeconds(60), clock.instant()).result())
                .isEqualTo(Result.DEFERRED);
        Claim rerun = claim(lost, ConcurrencyPolicy.FORBID, "node-b", Duration.ZERO, clock.instant());
        assertThat(rerun.result()).isEqualTo(Result.CLAIMED);
        assertThat(rerun.run().attempt()).isEqualTo(2);
        assertThat(rerun.run().lostAttempts()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(61));
        Claim gaveUp = claim(next, ConcurrencyPolicy.FORBID, "node-c", Duration.ofSeconds(60), clock.instant());
        assertThat(gaveUp.result()).isEqualTo(Result.SKIPPED);
        assertThat(gaveUp.run().error()).contains("run " + lost.id()).contains("still running");
    }

    @Test
    void aRerunThatFindsTheNextFireRunningWaitsForItHoweverLongItTakes() {
        Run lost = claimed(fire(0), "node-a");
        clock.set(FIRE.plusSeconds(60).plus(LEASE).plusSeconds(1));
        Run next = claimed(fire(1), "node-b");
        recovery.recoverLost(lost.id(), 1, clock.instant(), 3, "attempt 1 lost");

        clock.advance(Duration.ofHours(2));
        runs.renewLease(next.id(), 1, "node-b", clock.instant().plus(LEASE));
        Claim waiting = claim(lost, ConcurrencyPolicy.FORBID, "node-c", Duration.ZERO, clock.instant());

        assertThat(waiting.result()).isEqualTo(Result.DEFERRED);
        assertThat(get(lost).status()).isEqualTo(RunStatus.QUEUED);
        succeed(next);
        assertThat(claim(lost, ConcurrencyPolicy.FORBID, "node-c", Duration.ZERO, clock.instant()).result())
                .isEqualTo(Result.CLAIMED);
    }

    @Test
    void aRetryWhoseBackoffIsOverGoesBeforeTheNextFire() {
        Task retried = tasks.create(shell(ns, "retried").retry(RetryPolicy.retries(2)).build(), "alice");
        Run run = runs.insertOrGetCronFire(retried.id(), FIRE, 3);
        retrying(run, clock.instant().plusSeconds(10));
        clock.set(FIRE.plusSeconds(60));
        Run next = runs.insertOrGetCronFire(retried.id(), FIRE.plusSeconds(60), 3);

        assertThat(claim(next, ConcurrencyPolicy.FORBID, "node-b", Duration.ofSeconds(60), clock.instant()).result())
                .isEqualTo(Result.DEFERRED);
        assertThat(claim(run, ConcurrencyPolicy.FORBID, "node-b", Duration.ZERO, clock.instant()).result())
                .isEqualTo(Result.CLAIMED);
    }

    @Test
    void underSkipAFireRecordedAheadThatStartsPastTheThresholdIsSkipped() {
        misfire(MisfirePolicy.SKIP, 0);
        clock.set(FIRE.minusSeconds(2));
        Run ahead = fire(0);
        clock.set(FIRE.plusSeconds(25));

        Claim late = claim(ahead, ConcurrencyPolicy.ALLOW, "node-a", Duration.ofSeconds(10), clock.instant());

        assertThat(late.result()).isEqualTo(Result.SKIPPED);
        assertThat(late.run().attempt()).isZero();
        assertThat(late.run().error()).startsWith("misfire").contains("25s").contains("policy skip");
    }

    @Test
    void withinTheThresholdALateFireStillRuns() {
        misfire(MisfirePolicy.SKIP, 0);
        clock.set(FIRE.minusSeconds(2));
        Run ahead = fire(0);
        clock.set(FIRE.plusSeconds(9));

        assertThat(claim(ahead, ConcurrencyPolicy.ALLOW, "node-a", Duration.ofSeconds(10), clock.instant()).result())
                .isEqualTo(Result.CLAIMED);
    }

    @Test
    void underFireOnceOnlyTheNewestDueFireRuns() {
        misfire(MisfirePolicy.FIRE_ONCE, 0);
        clock.set(FIRE.minusSeconds(2));
        Run first = fire(0);
        Run second = fire(1);
        clock.set(FIRE.plusSeconds(60 + 30));

        assertThat(claim(first, ConcurrencyPolicy.ALLOW, "node-a", Duration.ofSeconds(10), clock.instant()).run()
                .error()).contains("policy fire-once");
        assertThat(get(first).status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(claim(second, ConcurrencyPolicy.ALLOW, "node-a", Duration.ofSeconds(10), clock.instant()).result())
                .isEqualTo(Result.CLAIMED);
    }

    @Test
    void underCatchUpTheNewestFiresUpToTheLimitRun() {
        misfire(MisfirePolicy.CATCH_UP, 2);
        clock.set(FIRE.minusSeconds(2));
        List<Run> fires = List.of(fire(0), fire(1), fire(2));
        clock.set(FIRE.plusSeconds(120 + 30));

        List<Result> results = fires.stream().map(run -> claim(run, ConcurrencyPolicy.ALLOW, "node-a",
                Duration.ofSeconds(10), clock.instant()).result()).toList();

        assertThat(results).containsExactly(Result.SKIPPED, Result.CLAIMED, Result.CLAIMED);
    }

    @Test
    void theMisfirePolicySparesManualRunsAndRunsAlreadyAttempted() {
        misfire(MisfirePolicy.SKIP, 0);
        Run manual = runs.insertManual(task.id(), FIRE, 1, java.util.Map.of());
        Run handedBack = claimed(fire(0), "node-a");
        runs.handBack(handedBack.id(), 1, handedBack.claim(), "node-a", clock.instant(), "node-a is shutting down");
        clock.set(FIRE.plus(Duration.ofHours(1)));

        assertThat(claim(manual, ConcurrencyPolicy.ALLOW, "node-b", Duration.ofSeconds(10), clock.instant()).result())
                .isEqualTo(Result.CLAIMED);
        assertThat(claim(handedBack, ConcurrencyPolicy.ALLOW, "node-b", Duration.ofSeconds(10), clock.instant())
                .result()).isEqualTo(Result.CLAIMED);
    }

    @Test
    void aBatchClaimHoldsALateCronFireForTheBeginThatWeighsItsPolicy() {
        misfire(MisfirePolicy.SKIP, 0);
        clock.set(FIRE.minusSeconds(2));
        Run late = fire(0);
        Run onTime = fire(1);
        clock.set(FIRE.plusSeconds(60));
        sql.update("UPDATE task SET concurrency_policy = 'ALLOW' WHERE id = ?", task.id());

        RunStore.BatchClaim batch = runs.claimAll(List.of(late.id(), onTime.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), Duration.ofSeconds(10));

        assertThat(batch.begun()).extracting(Run::id).containsExactly(onTime.id());
        assertThat(batch.held()).extracting(Run::id).containsExactly(late.id());
        assertThat(runs.beginAll("node-a", List.of(RunStore.StartMark.of(batch.held().get(0), clock.instant().plus(LEASE))),
                clock.instant(), Duration.ofSeconds(10), clock.instant()).get(0).result()).isEqualTo(Result.SKIPPED);
        assertThat(get(late).attempt()).as("the held claim was no attempt").isZero();
    }

    @Test
    void underReplaceARunOvertakenByALaterOneInFlightIsCancelled() {
        Run earlier = claimed(fire(0), "node-a");
        runs.handBack(earlier.id(), 1, earlier.claim(), "node-a", clock.instant(), "node-a is shutting down");
        clock.set(FIRE.plusSeconds(61));
        Run later = claim(fire(1), ConcurrencyPolicy.REPLACE, "node-b").run();

        Claim overtaken = claim(earlier, ConcurrencyPolicy.REPLACE, "node-c");

        assertThat(overtaken.result()).isEqualTo(Result.CANCELLED);
        assertThat(overtaken.run().error()).contains("run " + later.id()).contains("replace");
        assertThat(sql.cancelRequested(later.id())).isFalse();
    }

    @Test
    void aClaimAheadOfTheRunsTimeThatNeverBeganIsReleasedNotRecordedLost() {
        allow();
        Run ahead = fire(1);
        Run held = runs.claimAll(List.of(ahead.id()), "node-a", clock.instant(), clock.instant().plus(LEASE),
                Duration.ofSeconds(60)).held().get(0);
        assertThat(held.attempt()).isEqualTo(1);
        clock.set(FIRE.plusSeconds(60).plus(LEASE));

        assertThat(recovery.recoverLost(ahead.id(), 1, clock.instant(), 3, "attempt 1 lost")).isEqualTo(RunStatus.QUEUED);

        Run released = get(ahead);
        assertThat(released.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(released.attempt()).as("the claim was never an attempt").isZero();
        assertThat(released.lostAttempts()).isZero();
        assertThat(released.node()).isNull();
        assertThat(released.startedAt()).isNull();
        assertThat(released.error()).contains("node-a").contains("ahead of its time").contains("released");
    }

    @Test
    void aClaimAheadBecomesAnAttemptOnceBegunAndIsThenRecordedLost() {
        allow();
        Run ahead = fire(1);
        Run held = runs.claimAll(List.of(ahead.id()), "node-a", clock.instant(), clock.instant().plus(LEASE),
                Duration.ofSeconds(60)).held().get(0);
        clock.set(FIRE.plusSeconds(60));
        Instant lease = clock.instant().plus(LEASE);

        assertThat(begin("node-a", RunStore.StartMark.of(held, lease))).containsExactly(Result.CLAIMED);
        assertThat(get(ahead).leaseUntil()).isEqualTo(lease);
        clock.set(lease.plusSeconds(1));
        recovery.recoverLost(ahead.id(), 1, clock.instant(), 3, "attempt 1 lost");

        Run lost = get(ahead);
        assertThat(lost.attempt()).isEqualTo(1);
        assertThat(lost.lostAttempts()).isEqualTo(1);
    }

    @Test
    void aBeginIsFencedByNodeAndAttemptAndACancelEndsTheHeldRun() {
        allow();
        Run first = fire(1);
        Run second = fire(2);
        Run third = fire(3);
        List<Run> held = runs.claimAll(List.of(first.id(), second.id(), third.id()), "node-a", clock.instant(),
                clock.instant().plus(LEASE), Duration.ofSeconds(60)).held();
        runs.requestCancel(third.id(), clock.instant(), "stop");
        Instant lease = clock.instant().plus(LEASE);
        long claim = held.get(0).claim();

        assertThat(begin("node-b", new RunStore.StartMark(first.id(), 1, claim, lease))).containsExactly(Result.UNAVAILABLE);
        assertThat(begin("node-a", new RunStore.StartMark(first.id(), 1, claim + 1, lease))).as("another claim's token")
                .containsExactly(Result.UNAVAILABLE);
        assertThat(begin("node-a", new RunStore.StartMark(first.id(), 2, claim, lease),
                RunStore.StartMark.of(held.get(1), lease), RunStore.StartMark.of(held.get(2), lease)))
                .containsExactly(Result.UNAVAILABLE, Result.CLAIMED, Result.CANCELLED);
        assertThat(get(third).status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(get(third).attempt()).as("never begun, never attempted").isZero();
    }

    @Test
    void aHeldRunHandedBackBeforeItBeganIsReleased() {
        allow();
        Run ahead = fire(1);
        Run held = runs.claimAll(List.of(ahead.id()), "node-a", clock.instant(), clock.instant().plus(LEASE),
                Duration.ofSeconds(60)).held().get(0);

        assertThat(runs.handBack(ahead.id(), 1, held.claim() + 1, "node-a", clock.instant(), "another claim"))
                .as("a claim that never began is released only by its own token").isFalse();
        assertThat(runs.handBack(ahead.id(), 1, held.claim(), "node-a", clock.instant(), "node-a is shutting down")).isTrue();

        Run back = get(ahead);
        assertThat(back.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(back.attempt()).isZero();
        assertThat(back.lostAttempts()).isZero();
        assertThat(sql.dueAt(ahead.id())).isEqualTo(ahead.scheduledAt());
    }

    @Test
    void anOutcomeIsWrittenOnlyByTheNodeThatHoldsTheAttempt() {
        Run run = claimed(fire(0), "node-a");
        RunOutcome done = new RunOutcome(RunStatus.SUCCEEDED, clock.instant(), 0, "ok", null);

        assertThat(runs.completeAll(List.of(new RunStore.Completion(run.id(), 1, RunStatus.RUNNING, done, null,
                "node-b")))).containsExactly(false);
        assertThat(get(run).status()).isEqualTo(RunStatus.RUNNING);
        assertThat(runs.completeAll(List.of(new RunStore.Completion(run.id(), 1, RunStatus.RUNNING, done, null,
                "node-a")))).containsExactly(true);
    }

    @Test
    void claimingOrBeginningARunThatDoesNotExistFindsNothing() {
        assertThat(runs.claimAll(List.of(Long.MAX_VALUE), "node-a", clock.instant(), clock.instant().plus(LEASE),
                Duration.ZERO)).isEqualTo(new RunStore.BatchClaim(List.of(), List.of()));
        assertThat(runs.beginAll("node-a", List.of(new RunStore.StartMark(Long.MAX_VALUE, 1, 1, clock.instant())),
                clock.instant(), Duration.ZERO, clock.instant())).containsExactly(Claim.unavailable(null));
    }

    private List<Result> begin(String node, RunStore.StartMark... marks) {
        return runs.beginAll(node, List.of(marks), clock.instant(), Duration.ofSeconds(60), clock.instant()).stream()
                .map(Claim::result).toList();
    }

    private void allow() {
        sql.update("UPDATE task SET concurrency_policy = 'ALLOW' WHERE id = ?", task.id());
    }

    private void misfire(MisfirePolicy policy, int catchUpLimit) {
        sql.update("UPDATE task SET misfire_policy = ?, catch_up_limit = ? WHERE id = ?", policy.name(),
                Math.max(1, catchUpLimit), task.id());
    }

    private Task newTask(String name) {
        // Catch-up with a large limit: no claim here is dropped as a misfire, whatever the threshold.
        return tasks.create(shell(ns, name).retry(RetryPolicy.NONE).misfirePolicy(MisfirePolicy.CATCH_UP)
                .catchUpLimit(1000).build(), "alice");
    }

    private Run fire(int index) {
        return runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60L * index), task.retry().maxAttempts());
    }

    /** A claim that may not wait: FORBID skips a due run at once. */
    private Claim claim(Run run, ConcurrencyPolicy policy, String node) {
        return claim(run, policy, node, Duration.ZERO, clock.instant());
    }

    /**
     * A worker's claim of the run now, under the given policy (written to the task's row, which the
     * claim reads): the batch claim, then the begin of a claim held for its rules; a run this node
     * already holds (deferred before) is begun again.
     */
    private Claim claim(Run run, ConcurrencyPolicy policy, String node, Duration misfireThreshold, Instant recheckAt) {
        sql.update("UPDATE task SET concurrency_policy = ? WHERE id = ?", policy.name(), run.taskId());
        Instant now = clock.instant();
        Optional<Run> before = runs.get(run.id());
        if (before.isEmpty()) {
            return Claim.unavailable(null);
        }
        Run held = before.get();
        if (held.status() != RunStatus.RUNNING || !node.equals(held.node())) {
            RunStore.BatchClaim batch = runs.claimAll(List.of(run.id()), node, now, now.plus(LEASE), misfireThreshold);
            if (!batch.begun().isEmpty()) {
                return new Claim(Result.CLAIMED, batch.begun().get(0), List.of());
            }
            Run after = get(run);
            if (batch.held().isEmpty()) {
                return after.status() == RunStatus.CANCELLED && before.get().status() != RunStatus.CANCELLED
                        ? new Claim(Result.CANCELLED, after, List.of()) : Claim.unavailable(after);
            }
            held = batch.held().get(0);
        }
        return runs.beginAll(node, List.of(RunStore.StartMark.of(held, now.plus(LEASE))), now,
                misfireThreshold, recheckAt).get(0);
    }

    private Run claimed(Run run, String node) {
        Claim claim = claim(run, ConcurrencyPolicy.ALLOW, node);
        assertThat(claim.result()).isEqualTo(Result.CLAIMED);
        return claim.run();
    }

    /** Claims the run's next attempt and records it failed with a retry due at {@code retryAt}. */
    private Run retrying(Run run, Instant retryAt) {
        Run claimed = claimed(run, "node-a");
        runs.complete(run.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "boom", "exit 1", retryAt));
        return get(run);
    }

    private void succeed(Run claimed) {
        runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, clock.instant(), 0, "ok", null));
    }

    private Run get(Run run) {
        return runs.get(run.id()).orElseThrow();
    }
}
