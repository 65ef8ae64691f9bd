package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RecoveryStore;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.SchedulerStore;
import io.redcron.port.SchedulerStore.Fire;
import io.redcron.port.SchedulerStore.TaskFires;
import io.redcron.port.TaskStore;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

class MysqlRecoveryStoreIT {
    private static final Instant FIRE = Instant.parse("2030-01-01T10:05:00Z");
    private static final Instant QUEUED_AT = FIRE.plusMillis(250);
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final String LOST = "attempt lost: node-a stopped renewing its lease";

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private static EngineSql sql;

    private final MutableClock clock = new MutableClock(FIRE.minus(Duration.ofMinutes(10)));
    private TaskStore tasks;
    private RunStore runs;
    private RecoveryStore recovery;
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
        task = tasks.create(shell(ns, "backup").retry(RetryPolicy.NONE).concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(),
                "alice");
        clock.set(QUEUED_AT);
    }

    @Test
    void expiredLeasesAreThoseOfRunningRunsOfTheNamespacePastTheirLease() {
        Instant now = clock.instant();
        Run shortLease = claimed(fire(0), now.plusSeconds(10));
        Run longLease = claimed(fire(1), now.plusSeconds(60));
        fire(2);
        Run done = claimed(fire(3), now.plusSeconds(10));
        runs.complete(done.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, now, 0, "ok", null));
        Task elsewhere = tasks.create(shell(TaskFixtures.freshNamespace(), "backup").build(), "alice");
        claimed(runs.insertOrGetCronFire(elsewhere.id(), FIRE, 1), now.plusSeconds(10));

        assertThat(recovery.expiredLeases(ns, now.plusSeconds(10), 10)).isEmpty();
        assertThat(recovery.expiredLeases(ns, now.plusSeconds(10).plusMillis(1), 10)).containsExactly(shortLease);
        assertThat(recovery.expiredLeases(ns, now.plusSeconds(61), 10)).containsExactly(shortLease, longLease);
        assertThat(recovery.expiredLeases(ns, now.plusSeconds(61), 1)).containsExactly(shortLease);
    }

    @Test
    void aLostAttemptIsQueuedAgainAndDoesNotUseUpTheRunsAttempts() {
        Run run = claimed(fire(0), clock.instant().plus(LEASE));
        clock.advance(LEASE.plusSeconds(1));
        Instant now = clock.instant();

        assertThat(recovery.recoverLost(run.id(), 1, now, 3, LOST)).isEqualTo(RunStatus.QUEUED);

        Run queued = runs.get(run.id()).orElseThrow();
        assertThat(queued.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(queued.attempt()).isEqualTo(1);
        assertThat(queued.maxAttempts()).isEqualTo(1);
        assertThat(queued.lostAttempts()).isEqualTo(1);
        assertThat(queued.error()).isEqualTo(LOST);
        assertThat(queued.leaseUntil()).isNull();
        assertThat(queued.finishedAt()).isNull();
        assertThat(sql.dueAt(run.id())).isEqualTo(now);
        assertThat(recovery.expiredLeases(ns, now, 10)).isEmpty();
        assertThat(runs.attempts(run.id())).as("the lost attempt is kept beside the run").singleElement()
                .satisfies(lost -> {
                    assertThat(lost.attempt()).isEqualTo(1);
                    assertThat(lost.ending()).isEqualTo(io.redcron.domain.AttemptEnding.LOST);
                    assertThat(lost.node()).isEqualTo(run.node());
                    assertThat(lost.startedAt()).isEqualTo(run.startedAt());
                    assertThat(lost.finishedAt()).isEqualTo(now);
                    assertThat(lost.error()).isEqualTo(LOST);
                    assertThat(lost.nextAttemptAt()).isEqualTo(now);
                });

        Run again = runs.claim(run.id(), "node-b", now, now.plus(LEASE)).orElseThrow();
        assertThat(again.attempt()).isEqualTo(2);
        assertThat(again.node()).isEqualTo("node-b");
        assertThat(again.status()).isEqualTo(RunStatus.RUNNING);
    }

    @Test
    void aRunThatKeepsLosingItsAttemptsFailsAfterTheMostItMayLose() {
        long id = fire(0).id();
        int maxLost = 2;
        for (int attempt = 1; attempt <= maxLost; attempt++) {
            claimed(runs.get(id).orElseThrow(), clock.instant().plus(LEASE));
            clock.advance(LEASE.plusSeconds(1));
            assertThat(recovery.recoverLost(id, attempt, clock.instant(), maxLost, LOST)).isEqualTo(RunStatus.QUEUED);
        }
        claimed(runs.get(id).orElseThrow(), clock.instant().plus(LEASE));
        clock.advance(LEASE.plusSeconds(1));

        assertThat(recovery.recoverLost(id, maxLost + 1, clock.instant(), maxLost, LOST)).isEqualTo(RunStatus.FAILED);

        Run failed = runs.get(id).orElseThrow();
        assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
        assertThat(failed.lostAttempts()).isEqualTo(maxLost + 1);
        assertThat(failed.finishedAt()).isEqualTo(clock.instant());
        assertThat(failed.leaseUntil()).isNull();
        assertThat(failed.error()).startsWith(LOST).contains("3 attempts lost");
        assertThat(runs.claim(id, "node-b", clock.instant(), clock.instant().plus(LEASE))).isEmpty();
    }

    @Test
    void aLostRunWhoseCancellationWasRequestedEndsCancelled() {
        Run run = claimed(fire(0), clock.instant().plus(LEASE));
        runs.requestCancel(run.id(), clock.instant(), "stop it");
        clock.advance(LEASE.plusSeconds(1));

        assertThat(recovery.recoverLost(run.id(), 1, clock.instant(), 3, LOST)).isEqualTo(RunStatus.CANCELLED);

        Run cancelled = runs.get(run.id()).orElseThrow();
        assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.finishedAt()).isEqualTo(clock.instant());
        assertThat(cancelled.lostAttempts()).isZero();
        assertThat(cancelled.error()).startsWith("cancelled").contains(LOST);
        assertThat(runs.claim(run.id(), "node-b", clock.instant(), clock.instant().plus(LEASE))).isEmpty();
    }

    @Test
    void aRunThatMovedOnIsNotRecovered() {
        Run renewed = claimed(fire(0), clock.instant().plus(LEASE));
        Run requeued = claimed(fire(1), clock.instant().plus(LEASE));
        Run finished = claimed(fire(2), clock.instant().plus(LEASE));
        Instant leaseEnd = clock.instant().plus(LEASE);
        runs.renewLease(renewed.id(), 1, "node-a", leaseEnd.plus(LEASE));
        runs.complete(finished.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, clock.instant(), 0, "done", null));
        clock.set(leaseEnd.plusSeconds(1));
        recovery.recoverLost(requeued.id(), 1, clock.instant(), 3, LOST);
        claimed(runs.get(requeued.id()).orElseThrow(), clock.instant().plus(LEASE));
        clock.advance(LEASE.plusSeconds(1));
        List<Run> before = List.of(get(renewed), get(requeued), get(finished));

        assertThat(recovery.recoverLost(renewed.id(), 1, leaseEnd.plusSeconds(1), 3, LOST)).isNull();
        assertThat(recovery.recoverLost(requeued.id(), 1, clock.instant(), 3, LOST)).isNull();
        assertThat(recovery.recoverLost(finished.id(), 1, clock.instant(), 3, LOST)).isNull();
        assertThat(recovery.recoverLost(Long.MAX_VALUE, 1, clock.instant(), 3, LOST)).isNull();

        assertThat(List.of(get(renewed), get(requeued), get(finished))).isEqualTo(before);
    }

    @Test
    void waitingRunsAreQueuedOnesByWhenTheyWereQueuedAndRetriesByWhenTheyAreDue() {
        Run queued = fire(0);
        Run retrying = claimed(fire(1), clock.instant().plus(LEASE));
        Instant retryAt = QUEUED_AT.plus(Duration.ofMinutes(10));
        runs.complete(retrying.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, QUEUED_AT, 1, "boom", "exit 1", retryAt));
        claimed(fire(2), clock.instant().plus(LEASE));
        Task elsewhere = tasks.create(shell(TaskFixtures.freshNamespace(), "backup").build(), "alice");
        runs.insertOrGetCronFire(elsewhere.id(), FIRE, 1);

        assertThat(recovery.waitingSince(ns, QUEUED_AT, 10)).isEmpty();
        assertThat(recovery.waitingSince(ns, QUEUED_AT.plusMillis(1), 10)).containsExactly(get(queued));
        assertThat(recovery.waitingSince(ns, retryAt, 10)).containsExactly(get(queued));
        assertThat(recovery.waitingSince(ns, retryAt.plusMillis(1), 10)).containsExactly(get(queued), get(retrying));
        assertThat(recovery.waitingSince(ns, retryAt.plusMillis(1), 1)).containsExactly(get(queued));
    }

    @Test
    void aFireRecordedLateWaitsFromWhenItWasRecorded() {
        // The scheduler was down for two hours; the fire-once policy records the missed fire now.
        Instant missed = FIRE.minus(Duration.ofHours(2));
        MysqlFencingEpochs epochs = new MysqlFencingEpochs(pool, clock);
        SchedulerStore scheduler = new MysqlSchedulerStore(pool, clock);
        long epoch = epochs.advance(ns, "node-a");
        Instant now = clock.instant();
        Task late = tasks.create(shell(ns, "late").build(), "alice").toBuilder().nextFireAt(missed).build();
        sql.update("UPDATE task SET next_fire_at = ? WHERE id = ?", missed, late.id());

        TaskFires fireOnce = new TaskFires(late, List.of(new Fire(missed, false, null)), FIRE.plusSeconds(300));
        Run recorded = scheduler.recordFires(ns, epoch, List.of(fireOnce)).get(0);
        Run inserted = runs.insertOrGetCronFire(task.id(), missed, 1);

        assertThat(sql.dueAt(recorded.id())).isEqualTo(now);
        assertThat(sql.dueAt(inserted.id())).isEqualTo(now);
        assertThat(recovery.waitingSince(ns, now.minus(LEASE), 10)).isEmpty();
        assertThat(recovery.overdue(ns, now.minus(Duration.ofHours(1)), 10)).isEmpty();
        assertThat(recovery.waitingSince(ns, now.plusMillis(1), 10)).extracting(Run::id)
                .containsExactlyInAnyOrder(recorded.id(), inserted.id());
    }

    @Test
    void overdueRunsAreThoseWaitingSinceBeforeTheDeadline() {
        Run forgotten = fire(0);
        Run requeued = claimed(fire(1), clock.instant().plus(LEASE));
        Run retrying = claimed(fire(2), clock.instant().plus(LEASE));
        Instant retryAt = clock.instant().plus(Duration.ofHours(2));
        runs.complete(retrying.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, clock.instant(), 1, "boom", "exit 1", retryAt));
        // A long run lost its node after an hour and a half: it is queued again from then.
        clock.advance(Duration.ofMinutes(90));
        runs.renewLease(requeued.id(), 1, "node-a", clock.instant().minusSeconds(1));
        recovery.recoverLost(requeued.id(), 1, clock.instant(), 3, LOST);
        Instant deadline = clock.instant().minus(Duration.ofHours(1));

        assertThat(recovery.overdue(ns, deadline, 10)).containsExactly(get(forgotten));
    }

    @Test
    void stillWaitingKeepsOnlyTheRunsThatAreQueuedOrRetrying() {
        Run queued = fire(0);
        Run running = claimed(fire(1), clock.instant().plus(LEASE));
        Run retrying = claimed(fire(2), clock.instant().plus(LEASE));
        runs.complete(retrying.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, QUEUED_AT, 1, "boom", "exit 1", QUEUED_AT.plusSeconds(60)));
        Run done = claimed(fire(3), clock.instant().plus(LEASE));
        runs.complete(done.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, QUEUED_AT, 0, "ok", null));
        long gone = done.id() + 1_000_000;

        assertThat(recovery.stillWaiting(List.of(queued.id(), running.id(), retrying.id(), done.id(), gone, queued.id())))
                .containsExactlyInAnyOrder(queued.id(), retrying.id());
        assertThat(recovery.stillWaiting(List.of())).isEmpty();
    }

    @Test
    void stillWaitingAnswersForMoreRunsThanOneStatementNames() {
        Run first = fire(0);
        Run last = fire(1);
        List<Long> ids = new java.util.ArrayList<>();
        ids.add(first.id());
        for (long id = 1; id <= 2_500; id++) {
            ids.add(last.id() + 1_000_000 + id);
        }
        ids.add(last.id());

        assertThat(recovery.stillWaiting(ids)).containsExactlyInAnyOrder(first.id(), last.id());
    }

    @Test
    void theBacklogOfAGroupCountsItsRunsDueBeforeAMomentAndNamesTheOldest() {
        Task load = tasks.create(shell(ns, "load").group("etl").build(), "alice");
        runs.insertOrGetCronFire(load.id(), FIRE, 1);
        claimed(runs.insertOrGetCronFire(load.id(), FIRE.minusSeconds(60), 1), clock.instant().plus(LEASE));
        fire(0);
        Task elsewhere = tasks.create(shell(TaskFixtures.freshNamespace(), "load").group("etl").build(), "alice");
        runs.insertOrGetCronFire(elsewhere.id(), FIRE, 1);
        clock.advance(Duration.ofSeconds(60));
        runs.insertOrGetCronFire(load.id(), FIRE.plusSeconds(60), 1);
        Instant later = clock.instant();

        assertThat(recovery.backlog(ns, "etl", later.plusMillis(1))).isEqualTo(new RecoveryStore.Backlog(2, QUEUED_AT));
        assertThat(recovery.backlog(ns, "etl", later)).isEqualTo(new RecoveryStore.Backlog(1, QUEUED_AT));
        assertThat(recovery.backlog(ns, "etl", QUEUED_AT)).isEqualTo(RecoveryStore.Backlog.NONE);
        assertThat(recovery.backlog(ns, "nobody", later.plusMillis(1))).isEqualTo(RecoveryStore.Backlog.NONE);
    }

    private Run fire(int index) {
        return runs.insertOrGetCronFire(task.id(), FIRE.plusSeconds(60L * index), 1);
    }

    /** Claimed by node-a, which began executing it (a claim ahead of the run's time is begun). */
    private Run claimed(Run run, Instant leaseUntil) {
        Run claimed = runs.claim(run.id(), "node-a", clock.instant(), leaseUntil).orElseThrow();
        assertThat(runs.beginAll("node-a", List.of(RunStore.StartMark.of(claimed, leaseUntil)),
                clock.instant(), java.time.Duration.ofDays(1), clock.instant())).extracting(io.redcron.port.Claim::result)
                .containsExactly(io.redcron.port.Claim.Result.CLAIMED);
        return get(claimed);
    }

    private Run get(Run run) {
        return runs.get(run.id()).orElseThrow();
    }
}
