package io.redcron.node.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.redcron.config.WorkerConfig;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.EventBus;
import io.redcron.port.QueueInspector;
import io.redcron.port.QueuedRun;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The worker driven one step at a time on the in-memory stores and a clock moved by hand: no
 * thread of its own runs, its results and start marks are written at once, and only the attempts
 * run on slot threads. Every check reads what the stores hold afterwards: the run's row, the
 * stream, the delayed set, the dead list and the events published.
 */
class WorkerByHandTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final String NAMESPACE = "by-hand";
    private static final String GROUP = Task.DEFAULT_GROUP;
    private static final String ECHO = "test.echo";
    private static final String FAILING = "io.redcron.node.worker.execution.TestHandlers$Failing";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final SlotThreads threads = new SlotThreads(2, "by-hand-slot");
    private final WorkerLoop worker = new WorkerLoop(
            new WorkerLoop.Settings("node-a", Set.of(GROUP), 2, LEASE, Duration.ofMinutes(1),
                    Duration.ofMinutes(1), 16, 100),
            stores.queue(), stores.runs(), stores.tasks(),
            new ExecutorRegistry(WorkerConfig.of(LEASE, 65536, EnumSet.allOf(TaskType.class), List.of()), "node-a"),
            new LiveLog(stores.liveOutput()), stores.events(), clock, threads,
            new NodeMetrics("node-a", NAMESPACE), AlertSink.NONE, stores.failing());
    private int nextName = 1;

    WorkerByHandTest() {
        // Nothing can arrive while the test's one thread reads: an empty read returns at once.
        stores.queue().readsWait(false);
    }

    @AfterEach
    void stop() {
        worker.halt();
    }

    @Test
    void aRunDueNowIsClaimedAcknowledgedExecutedAndItsSuccessWritten() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run run = queuedManual(task);

        assertThat(worker.takeOnce()).isEqualTo(1);

        Run done = finished(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.attempt()).isEqualTo(1);
        assertThat(done.output()).contains("run " + run.id() + " of task " + task.id());
        assertThat(done.node()).isEqualTo("node-a");
        assertAcknowledged();
        assertThat(stores.events().published()).contains(finishedEvent(run));
        await().atMost(Duration.ofSeconds(10)).until(() -> worker.running() == 0);
    }

    @Test
    void aDrainedWorkerTakesNothingUntilUndrainedAndKeepsWhatItHeld() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run aheadOfTime = queuedCron(task, NOW.plusSeconds(2));
        worker.takeOnce();
        assertThat(worker.inFlight()).as("held for its time").isOne();
        Run waiting = queuedManual(task);

        worker.pauseIntake(true);
        assertThat(worker.takeOnce()).isZero();
        assertThat(stored(waiting).status()).isEqualTo(RunStatus.QUEUED);

        clock.advance(Duration.ofSeconds(2));
        worker.startDue();
        assertThat(finished(aheadOfTime).status()).as("what it held still ran").isEqualTo(RunStatus.SUCCEEDED);
        awaitNoneInFlight();
        assertThat(worker.inFlight()).isZero();

        worker.pauseIntake(false);
        assertThat(worker.takeOnce()).isEqualTo(1);
        assertThat(finished(waiting).status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    @Test
    void aFailureWithAttemptsLeftIsWrittenAsARetryAndDelayedByItsBackoff() throws InterruptedException {
        Task task = task(FAILING, new RetryPolicy(2, Duration.ofSeconds(10), 2.0, Duration.ofMinutes(1), 0.0));
        Run run = queuedManual(task);

        worker.takeOnce();

        Run done = finished(run);
        assertThat(done.status()).isEqualTo(RunStatus.RETRYING);
        assertThat(done.attempt()).isEqualTo(1);
        assertThat(done.error()).isEqualTo("IllegalStateException: the report database is read-only; retry 1 of 1 at "
                + NOW.plusSeconds(10));
        assertAcknowledged();
        await().atMost(Duration.ofSeconds(10)).until(() -> !stores.inspector().delayed(10).isEmpty());
        assertThat(stores.inspector().delayed(10))
                .containsExactly(new QueueInspector.DelayedRun(GROUP, run.id(), NOW.plusSeconds(10)));
        assertThat(stores.deadLetters().count()).isZero();
    }

    @Test
    void theLastFailedAttemptFailsTheRunAndSendsItToTheDeadRuns() throws InterruptedException {
        Run run = queuedManual(task(FAILING, RetryPolicy.NONE));

        worker.takeOnce();

        Run done = finished(run);
        assertThat(done.status()).isEqualTo(RunStatus.FAILED);
        await().atMost(Duration.ofSeconds(10)).until(() -> stores.deadLetters().count() > 0);
        assertThat(stores.deadLetters().recent(10)).singleElement().satisfies(dead -> {
            assertThat(dead.runId()).isEqualTo(run.id());
            assertThat(dead.group()).isEqualTo(GROUP);
            assertThat(dead.reason()).isEqualTo(done.error());
        });
        assertThat(stores.inspector().delayed(10)).isEmpty();
    }

    @Test
    void aCronRunReadAheadIsClaimedAndHeldUntilItsTimeThenStarted() throws InterruptedException {
        Run run = queuedCron(task(ECHO, RetryPolicy.NONE), NOW.plusSeconds(2));

        worker.takeOnce();

        Run held = stored(run);
        assertThat(held.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(held.node()).isEqualTo("node-a");
        assertAcknowledged();
        assertThat(worker.running()).isZero();
        assertThat(worker.startDue()).isZero();
        clock.advance(Duration.ofSeconds(2));
        assertThat(worker.startDue()).isEqualTo(1);
        Run done = finished(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.startedAt()).isEqualTo(NOW.plusSeconds(2));
    }

    @Test
    void aHeldRunWhoseTaskNoLongerFiresIsWithdrawnAtItsTimeWithoutRunning() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run run = queuedCron(task, NOW.plusSeconds(2));
        worker.takeOnce();

        Task stored = stores.tasks().get(task.id()).orElseThrow();
        stores.tasks().update(stored.toBuilder().cron("0 0 0 1 1 ? 2099").build(), "test");
        worker.taskChanged(task.id());
        clock.advance(Duration.ofSeconds(2));

        assertThat(worker.startDue()).isZero();
        Run done = stored(run);
        assertThat(done.status()).as("a held claim is no attempt: withdrawn like a queued fire")
                .isEqualTo(RunStatus.SKIPPED);
        assertThat(done.error()).startsWith("withdrawn");
        assertThat(done.attempt()).isZero();
        assertThat(done.startedAt()).isNull();
    }

    @Test
    void aHeldRunsLeaseIsRenewedOnceAThirdIsUsedAndARunWhoseLeaseWasLostIsStopped() throws InterruptedException {
        Run run = queuedCron(task(ECHO, RetryPolicy.NONE), NOW.plusSeconds(60));
        worker.takeOnce();
        assertThat(stored(run).leaseUntil()).isEqualTo(NOW.plus(LEASE));

        // Just short of a third: a renewal now would move the lease on by that much.
        clock.advance(LEASE.dividedBy(3).minusSeconds(1));
        worker.renewLeases();
        assertThat(stored(run).leaseUntil()).as("a held run's fresh lease is not renewed yet").isEqualTo(NOW.plus(LEASE));
        clock.advance(Duration.ofSeconds(2));
        worker.renewLeases();
        Instant renewedUntil = clock.instant().plus(LEASE);
        assertThat(stored(run).leaseUntil()).isEqualTo(renewedUntil);

        // The node stalls past its lease; the reaper releases the claim that never began.
        clock.set(renewedUntil.plusSeconds(1));
        assertThat(stores.recovery().expiredLeases(NAMESPACE, clock.instant(), 10)).extracting(Run::id)
                .containsExactly(run.id());
        assertThat(stores.recovery().recoverLost(run.id(), 1, clock.instant(), 3, "lease expired"))
                .isEqualTo(RunStatus.QUEUED);
        Run released = stored(run);

        worker.renewLeases();

        // Stopped here: its end is refused (the run is no longer this node's), and it never starts.
        awaitNoneInFlight();
        assertThat(stored(run)).isEqualTo(released);
        assertThat(released.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(released.attempt()).isZero();
        clock.set(NOW.plusSeconds(60));
        assertThat(worker.startDue()).isZero();
        assertThat(worker.running()).isZero();
        assertThat(stores.events().published()).doesNotContain(finishedEvent(run));
    }

    @Test
    void aHeldClaimThatLapsedAndThatThisWorkerClaimedAgainRunsOnceAsTheNewClaim() throws InterruptedException {
        Run run = queuedCron(task(ECHO, RetryPolicy.NONE), NOW.plusSeconds(60));
        worker.takeOnce();

        // The node cannot renew its lease (the database unreachable) until it lapses; the reaper
        // releases the claim, which never began, and queues the run again; this worker reads it again.
        clock.set(NOW.plus(LEASE).plusSeconds(1));
        assertThat(stores.recovery().recoverLost(run.id(), 1, clock.instant(), 3, "lease expired"))
                .isEqualTo(RunStatus.QUEUED);
        enqueued(stored(run));
        worker.takeOnce();
        Run claimedAgain = stored(run);
        assertThat(claimedAgain.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(claimedAgain.node()).isEqualTo("node-a");
        assertThat(claimedAgain.attempt()).as("the released claim gave its attempt back").isEqualTo(1);

        clock.set(NOW.plusSeconds(60));
        assertThat(worker.startDue()).as("the lapsed claim does not begin beside the new one").isEqualTo(1);
        Run done = finished(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.attempt()).isEqualTo(1);
        assertThat(done.lostAttempts()).isZero();
        awaitNoneInFlight();
        assertThat(worker.startDue()).isZero();
        assertThat(stores.events().published()).filteredOn(finishedEvent(run)::equals).hasSize(1);
    }

    @Test
    void aRunWhoseTaskWasDeletedFailsAtOnce() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run run = queuedManual(task);
        assertThat(stores.tasks().delete(task.id(), "test")).isTrue();

        worker.takeOnce();

        Run done = finished(run);
        assertThat(done.status()).isEqualTo(RunStatus.FAILED);
        assertThat(done.error()).contains("was deleted before this run started");
        assertThat(worker.running()).isZero();
    }

    @Test
    void drainingGivesHeldRunsBackAtOnce() throws InterruptedException {
        Run run = queuedCron(task(ECHO, RetryPolicy.NONE), NOW.plusSeconds(60));
        worker.takeOnce();
        assertAcknowledged();

        worker.drain(Duration.ofSeconds(5));

        // A claim that never began is released, not counted as an attempt, and queued again.
        Run back = stored(run);
        assertThat(back.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(back.attempt()).isZero();
        assertThat(back.node()).isNull();
        assertThat(back.error()).isEqualTo("handed back: node node-a shut down");
        assertThat(stores.queue().waiting(GROUP, 10)).containsExactly(run.id());
        assertThat(stores.events().published()).doesNotContain(finishedEvent(run));
        assertThat(worker.isStopped()).isTrue();
    }

    /** The stream holds no entry: the run was read and acknowledged, none is left pending. */
    private void assertAcknowledged() {
        assertThat(stores.queue().length(GROUP)).isZero();
        assertThat(stores.inspector().pending(GROUP, 10)).isEmpty();
    }

    /** The run once its result is written: it has left RUNNING. */
    private Run finished(Run run) {
        await().atMost(Duration.ofSeconds(10)).until(() -> stored(run).status() != RunStatus.RUNNING);
        return stored(run);
    }

    private void awaitNoneInFlight() {
        await().atMost(Duration.ofSeconds(10)).until(() -> worker.running() == 0);
    }

    private Run stored(Run run) {
        return stores.runs().get(run.id()).orElseThrow();
    }

    private static EventBus.Event finishedEvent(Run run) {
        return new EventBus.Event(EventBus.Event.Kind.RUN_FINISHED, run.id());
    }

    private Task task(String handler, RetryPolicy retry) {
        return stores.tasks().create(Task.builder().namespace(NAMESPACE).name("task-" + nextName++)
                .cron("* * * * * ?").dialect(CronDialect.QUARTZ).payload(new JavaPayload(handler, Map.of()))
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW).retry(retry).build(), "test");
    }

    /** A manual run due now, queued as an operator's trigger queues it. */
    private Run queuedManual(Task task) {
        return enqueued(stores.runs().insertManual(task.id(), clock.instant(), task.retry().maxAttempts(), Map.of()));
    }

    /** A cron fire recorded and queued by the leader, ahead of its time when {@code scheduledAt} is later. */
    private Run queuedCron(Task task, Instant scheduledAt) {
        return enqueued(stores.runs().insertOrGetCronFire(task.id(), scheduledAt, task.retry().maxAttempts()));
    }

    private Run enqueued(Run run) {
        assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
        stores.queue().enqueue(List.of(QueuedRun.of(run.group(), run.id())));
        assertThat(stores.queue().length(GROUP)).isEqualTo(1);
        return run;
    }
}
