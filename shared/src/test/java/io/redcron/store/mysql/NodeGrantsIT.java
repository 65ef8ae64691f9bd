package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.AlertOutbox;
import io.redcron.port.Claim;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.RunStore.BatchClaim;
import io.redcron.port.RunStore.Completion;
import io.redcron.port.SchedulerStore.Fire;
import io.redcron.port.SchedulerStore.TaskFires;
import io.redcron.testing.LockedDownStores;
import io.redcron.testing.LockedDownStores.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every statement of the node's stores, run as the node user of installers/sql/roles.sql: the
 * leader's epoch and fence, fires queued, skipped and recorded twice, claims under each concurrency
 * policy, lease renewals, results and retries, hand-backs, the reaper's and the reconciler's
 * changes, the alert outbox, the database clock and the schema check. What an operator does on the way (tasks,
 * manual runs, cancels) runs as the operator user. A statement refused here would stop nodes in
 * production: should one fail, the grants are wrong. NodeRolesIT runs a whole node the same way.
 */
class NodeGrantsIT {
    /** Far beyond any fire time in these tests: no run is judged a misfire when it is claimed. */
    private static final java.time.Duration NO_MISFIRE = java.time.Duration.ofDays(3650);
    private static final Duration LEASE = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static LockedDownStores stores;
    static HikariDataSource operator;
    static HikariDataSource node;

    private final String ns = TaskFixtures.freshNamespace();
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @BeforeAll
    static void start() {
        stores = LockedDownStores.start(dir);
        operator = MysqlDataSources.open(stores.mysql(Role.OPERATOR));
        node = MysqlDataSources.open(stores.mysql(Role.NODE));
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {node, operator, stores}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // the next one still closes
            }
        }
    }

    @Test
    void theNodeChecksTheSchemaAndReadsTheDatabasesClock() {
        assertThat(Migrations.apply(node).applied()).isZero();
        assertThat(DatabaseClock.sync(node, Clock.systemUTC()).offset().abs()).isLessThan(Duration.ofMinutes(1));
    }

    @Test
    void theLeaderTakesAnEpochAndRecordsQueuedAndSkippedFiresOnceAndMovesTheNextFireOn() {
        Task task = task("fires", ConcurrencyPolicy.ALLOW);
        MysqlSchedulerStore scheduler = new MysqlSchedulerStore(node, Clock.systemUTC());
        long epoch = new MysqlFencingEpochs(node, Clock.systemUTC()).advance(ns, "node-a:1");
        assertThat(new MysqlFencingEpochs(node, Clock.systemUTC()).advance(ns, "node-b:1")).isEqualTo(epoch + 1);
        Instant fire = now.plusSeconds(3600);
        List<TaskFires> batch = List.of(new TaskFires(task, List.of(new Fire(fire, false, null),
                new Fire(fire.plusSeconds(60), true, "misfire: skipped")), fire.plusSeconds(120)));

        List<Run> recorded = scheduler.recordFires(ns, epoch + 1, batch);
        List<Run> again = scheduler.recordFires(ns, epoch + 1, batch);

        assertThat(recorded).extracting(Run::status).containsExactly(RunStatus.QUEUED, RunStatus.SKIPPED);
        assertThat(again).extracting(Run::id).containsExactlyElementsOf(recorded.stream().map(Run::id).toList());
        assertThat(scheduler.tasks(List.of(task.id())).get(task.id()).nextFireAt()).isEqualTo(fire.plusSeconds(120));
        assertThat(scheduler.changedSince(ns, now.minusSeconds(60), 0, 10)).hasSize(1);
        assertThat(scheduler.planned(ns, 0, 10)).hasSize(1);
        assertThat(scheduler.groups(ns)).containsExactly("default");
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        assertThat(runs.insertOrGetCronFire(task.id(), fire, 1).id()).isEqualTo(recorded.get(0).id());
        assertThat(runs.insertOrGetCronFire(task.id(), fire.plusSeconds(180), 1).status()).isEqualTo(RunStatus.QUEUED);
    }

    @Test
    void aRunIsClaimedRenewedRetriedAndFinished() {
        Task task = task("retried", ConcurrencyPolicy.ALLOW);
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        Run run = manual(task, 2);

        BatchClaim batch = runs.claimAll(List.of(run.id()), "node-a", now, now.plus(LEASE), NO_MISFIRE);
        assertThat(batch.begun()).extracting(Run::attempt).containsExactly(1);
        assertThat(runs.renewLease(run.id(), 1, "node-a", now.plus(LEASE).plusSeconds(10))).isTrue();
        assertThat(runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, now.plusSeconds(1),
                3, "first try\n", "exit code 3", now.plusSeconds(2)))).isTrue();
        Run retried = runs.claim(run.id(), "node-b", now.plusSeconds(3), now.plusSeconds(3).plus(LEASE)).orElseThrow();
        assertThat(retried.attempt()).isEqualTo(2);

        List<Boolean> written = runs.completeAll(List.of(new Completion(run.id(), 2, RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, now.plusSeconds(4), 0, "done\n", null), now.plusSeconds(3))));

        assertThat(written).containsExactly(true);
        assertThat(runs.get(run.id())).hasValueSatisfying(done -> {
            assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(done.output()).isEqualTo("done\n");
        });
    }

    /** The batch paths that only a race takes: an outcome whose fence fails, one run twice in a batch. */
    @Test
    void resultsThatLostTheirRunAreRefusedByTheirFenceNotByTheGrants() {
        Task task = task("fenced", ConcurrencyPolicy.ALLOW);
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        Run run = manual(task, 1);
        runs.claimAll(List.of(run.id()), "node-a", now, now.plus(LEASE), NO_MISFIRE);
        RunOutcome failed = new RunOutcome(RunStatus.FAILED, now.plusSeconds(1), 1, "", "exit code 1");

        List<Boolean> stale = runs.completeAll(List.of(new Completion(run.id(), 7, RunStatus.RUNNING, failed, now)));
        List<Boolean> twice = runs.completeAll(List.of(new Completion(run.id(), 1, RunStatus.RUNNING, failed, now),
                new Completion(run.id(), 1, RunStatus.RUNNING, failed, now)));

        assertThat(stale).containsExactly(false);
        assertThat(twice).containsExactly(true, false);
    }

    @Test
    void forbidDefersThenSkipsARunWhileAnotherIsInFlight() {
        Task task = task("forbid", ConcurrencyPolicy.FORBID);
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        Run first = manual(task, 1);
        Run second = manual(task, 1);
        assertThat(claim(runs, first, ConcurrencyPolicy.FORBID, "node-a", Duration.ofSeconds(10)).result())
                .isEqualTo(Claim.Result.CLAIMED);

        Claim deferred = claim(runs, second, ConcurrencyPolicy.FORBID, "node-b", Duration.ofSeconds(10));
        // Past any misfire threshold: the run is judged from its creation, up to a second or more
        // after this test's whole-second "now", so a threshold of -1 s was not always past it.
        Claim skipped = claim(runs, second, ConcurrencyPolicy.FORBID, "node-b", Duration.ofMinutes(-1));

        assertThat(deferred.result()).isEqualTo(Claim.Result.DEFERRED);
        assertThat(skipped.result()).isEqualTo(Claim.Result.SKIPPED);
        assertThat(skipped.run().error()).contains("run " + first.id());
    }

    @Test
    void replaceClaimsTheNewRunAndAsksTheOldOneToStop() {
        Task task = task("replace", ConcurrencyPolicy.REPLACE);
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        Run old = manual(task, 1);
        Run newer = manual(task, 1);
        claim(runs, old, ConcurrencyPolicy.REPLACE, "node-a", Duration.ofSeconds(10));

        Claim replacing = claim(runs, newer, ConcurrencyPolicy.REPLACE, "node-b", Duration.ofSeconds(10));

        assertThat(replacing.result()).isEqualTo(Claim.Result.CLAIMED);
        assertThat(replacing.replaced()).extracting(Run::id).containsExactly(old.id());
        assertThat(runs.renewLease(old.id(), 1, "node-a", now.plus(LEASE))).as("a run asked to stop").isFalse();
        assertThat(runs.complete(old.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.CANCELLED, now.plusSeconds(1),
                null, "", "replaced"))).isTrue();
    }

    @Test
    void aCancelledRunHandedBackIsCancelledByTheNextClaimAndAWaitingRunCanBeFailed() {
        Task task = task("cancelled", ConcurrencyPolicy.ALLOW);
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        Run run = manual(task, 1);
        runs.claimAll(List.of(run.id()), "node-a", now, now.plus(LEASE), NO_MISFIRE);
        new MysqlRunStore(operator, Clock.systemUTC()).requestCancel(run.id(), now, "cancelled by operator");
        assertThat(runs.handBack(run.id(), 1, run.claim(), "node-a", now, "handed back: node node-a shut down")).isTrue();

        Claim claim = claim(runs, run, ConcurrencyPolicy.ALLOW, "node-b", Duration.ofSeconds(10));
        Run overdue = manual(task, 1);
        boolean failed = runs.changeIdle(overdue.id(), RunStatus.QUEUED, RunStatus.FAILED, "not started within 1h", now);

        assertThat(claim.result()).isEqualTo(Claim.Result.CANCELLED);
        assertThat(failed).isTrue();
        assertThat(new MysqlRecoveryStore(node).waitingSince(ns, now.plusSeconds(3600), 10)).isEmpty();
    }

    @Test
    void theReaperRecoversLostAttemptsAsQueuedCancelledOrFailed() {
        Task task = task("lost", ConcurrencyPolicy.ALLOW);
        MysqlRunStore runs = new MysqlRunStore(node, Clock.systemUTC());
        MysqlRecoveryStore recovery = new MysqlRecoveryStore(node);
        Run requeued = lost(runs, task);
        Run cancelled = lost(runs, task);
        Run failed = lost(runs, task);
        new MysqlRunStore(operator, Clock.systemUTC()).requestCancel(cancelled.id(), now, "cancelled by operator");

        assertThat(recovery.expiredLeases(ns, now, 10)).extracting(Run::id)
                .containsExactlyInAnyOrder(requeued.id(), cancelled.id(), failed.id());
        assertThat(recovery.recoverLost(requeued.id(), 1, now, 3, "attempt 1 lost")).isEqualTo(RunStatus.QUEUED);
        assertThat(recovery.recoverLost(cancelled.id(), 1, now, 3, "attempt 1 lost")).isEqualTo(RunStatus.CANCELLED);
        assertThat(recovery.recoverLost(failed.id(), 1, now, 0, "attempt 1 lost")).isEqualTo(RunStatus.FAILED);
        assertThat(recovery.overdue(ns, now.plusSeconds(1), 10)).extracting(Run::id).containsExactly(requeued.id());
    }

    @Test
    void anAlertIsAddedClaimedPostponedDeliveredOrGivenUpAndPurged() {
        MysqlAlertOutbox outbox = new MysqlAlertOutbox(node);
        for (String key : List.of("RUN_FAILED:run:1:1", "RUN_FAILED:run:2:1")) {
            assertThat(outbox.add(ns, new AlertOutbox.NewAlert(key, "RUN_FAILED", 1L, 1L, "{}", now))).isTrue();
        }
        assertThat(outbox.add(ns, new AlertOutbox.NewAlert("RUN_FAILED:run:1:1", "RUN_FAILED", 1L, 1L, "{}", now)))
                .isFalse();
        List<AlertOutbox.ClaimedAlert> claimed = outbox.claimDue(ns, "node-a", now, LEASE, 10);
        assertThat(claimed).hasSize(2);

        assertThat(outbox.retryLater(claimed.get(0), java.util.Set.of("a1b2"), "HTTP 503", now.plusSeconds(1))).isTrue();
        assertThat(outbox.giveUp(claimed.get(1), "HTTP 404", now)).isTrue();
        AlertOutbox.ClaimedAlert again = outbox.claimDue(ns, "node-b", now.plusSeconds(1), LEASE, 10).get(0);
        assertThat(outbox.markDelivered(again, now.plusSeconds(2), null)).isTrue();

        assertThat(outbox.purgeFinished(ns, now.plusSeconds(3), 10)).isEqualTo(2);
    }

    private Task task(String name, ConcurrencyPolicy policy) {
        return new MysqlTaskStore(operator, Clock.systemUTC()).create(TaskFixtures.shell(ns, name)
                .concurrencyPolicy(policy).retry(new RetryPolicy(2, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0))
                .build(), "operator");
    }

    /** A run triggered by an operator. */
    private Run manual(Task task, int maxAttempts) {
        return new MysqlRunStore(operator, Clock.systemUTC()).insertManual(task.id(), now, maxAttempts, Map.of());
    }

    /** A run claimed by a node that then died: its lease ran out a minute ago. */
    private Run lost(MysqlRunStore runs, Task task) {
        // Requested before the claim, so the claim began at once (one made ahead would be released).
        Run run = new MysqlRunStore(operator, Clock.systemUTC()).insertManual(task.id(), now.minusSeconds(180), 1,
                Map.of());
        runs.claimAll(List.of(run.id()), "ghost", now.minusSeconds(120), now.minusSeconds(60), NO_MISFIRE);
        return run;
    }

    /**
     * Claims as a worker does (the batch claim, then the begin of a claim held for its task's
     * rules); the policy is the task's own (its row), named here for the reader.
     */
    private Claim claim(MysqlRunStore runs, Run run, ConcurrencyPolicy policy, String node, Duration misfireThreshold) {
        Run held = runs.get(run.id()).orElseThrow();
        if (held.status() != RunStatus.RUNNING || !node.equals(held.node())) {
            RunStatus before = held.status();
            BatchClaim batch = runs.claimAll(List.of(run.id()), node, now, now.plus(LEASE), misfireThreshold);
            if (!batch.begun().isEmpty()) {
                return new Claim(Claim.Result.CLAIMED, batch.begun().get(0), List.of());
            }
            Run after = runs.get(run.id()).orElseThrow();
            if (batch.held().isEmpty()) {
                return after.status() == RunStatus.CANCELLED && before != RunStatus.CANCELLED
                        ? new Claim(Claim.Result.CANCELLED, after, List.of()) : Claim.unavailable(after);
            }
            held = batch.held().get(0);
        }
        return runs.beginAll(node, List.of(RunStore.StartMark.of(held, now.plus(LEASE))), now,
                misfireThreshold, now.plusMillis(250)).get(0);
    }
}
