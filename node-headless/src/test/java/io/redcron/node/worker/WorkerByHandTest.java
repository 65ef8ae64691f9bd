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
import io.redcron.domain.TriggerType;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.EventBus;
import io.redcron.port.RunStore;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.redis.RedisKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The worker driven one step at a time on a clock moved by hand: no thread of its own runs, its
 * results and start marks are written at once, and only the attempts run on slot threads.
 */
class WorkerByHandTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final String ECHO = "test.echo";
    private static final String FAILING = "io.redcron.node.worker.execution.TestHandlers$Failing";

    private final MutableClock clock = new MutableClock(NOW);
    private final FakePorts ports = new FakePorts();
    private final SlotThreads threads = new SlotThreads(2, "by-hand-slot");
    private final WorkerLoop worker = new WorkerLoop(
            new WorkerLoop.Settings("node-a", Set.of("default"), 2, LEASE, Duration.ofMinutes(1),
                    Duration.ofMinutes(1), 16, 100),
            ports.queue, ports.runStore, ports.taskStore,
            new ExecutorRegistry(WorkerConfig.of(LEASE, 65536, EnumSet.allOf(TaskType.class), List.of()), "node-a"),
            new LiveLog(new io.redcron.testkit.InMemoryLiveOutput()), ports.eventBus, clock, threads,
            new NodeMetrics("node-a", "by-hand"), AlertSink.NONE);
    private long nextId = 1;

    @AfterEach
    void stop() {
        worker.halt();
    }

    @Test
    void aRunDueNowIsClaimedAcknowledgedExecutedAndItsSuccessWritten() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run run = queued(task, TriggerType.MANUAL, NOW);

        assertThat(worker.takeOnce()).isEqualTo(1);

        RunStore.Completion done = completion(run);
        assertThat(done.outcome().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.outcome().output()).contains("run " + run.id() + " of task " + task.id());
        assertThat(done.node()).isEqualTo("node-a");
        assertThat(ports.acked).extracting(entry -> entry.runId()).containsExactly(run.id());
        assertThat(ports.events).contains(new EventBus.Event(EventBus.Event.Kind.RUN_FINISHED, run.id()));
        await().atMost(Duration.ofSeconds(10)).until(() -> worker.running() == 0);
    }

    @Test
    void aFailureWithAttemptsLeftIsWrittenAsARetryAndDelayedByItsBackoff() throws InterruptedException {
        Task task = task(FAILING, new RetryPolicy(2, Duration.ofSeconds(10), 2.0, Duration.ofMinutes(1), 0.0));
        Run run = queued(task, TriggerType.MANUAL, NOW);

        worker.takeOnce();

        RunStore.Completion done = completion(run);
        assertThat(done.outcome().status()).isEqualTo(RunStatus.RETRYING);
        assertThat(done.outcome().retryAt()).isEqualTo(NOW.plusSeconds(10));
        assertThat(done.outcome().error()).isEqualTo("IllegalStateException: the report database is read-only; retry 1 of 1 at "
                + NOW.plusSeconds(10));
        await().atMost(Duration.ofSeconds(10)).until(() -> ports.delayed.containsKey(run.id()));
        assertThat(ports.delayed).containsEntry(run.id(), NOW.plusSeconds(10));
        assertThat(ports.dead).isEmpty();
    }

    @Test
    void theLastFailedAttemptFailsTheRunAndSendsItToTheDeadRuns() throws InterruptedException {
        Run run = queued(task(FAILING, RetryPolicy.NONE), TriggerType.MANUAL, NOW);

        worker.takeOnce();

        assertThat(completion(run).outcome().status()).isEqualTo(RunStatus.FAILED);
        await().atMost(Duration.ofSeconds(10)).until(() -> !ports.dead.isEmpty());
        assertThat(ports.delayed).isEmpty();
    }

    @Test
    void aCronRunReadAheadIsClaimedAndHeldUntilItsTimeThenStarted() throws InterruptedException {
        Run run = queued(task(ECHO, RetryPolicy.NONE), TriggerType.CRON, NOW.plusSeconds(2));

        worker.takeOnce();

        assertThat(ports.runs.get(run.id()).status()).isEqualTo(RunStatus.RUNNING);
        assertThat(ports.acked).hasSize(1);
        assertThat(worker.running()).isZero();
        assertThat(worker.startDue()).isZero();
        clock.advance(Duration.ofSeconds(2));
        assertThat(worker.startDue()).isEqualTo(1);
        assertThat(completion(run).outcome().status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    @Test
    void aHeldRunWhoseTaskNoLongerFiresThenEndsCancelledWithoutRunning() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run run = queued(task, TriggerType.CRON, NOW.plusSeconds(2));
        worker.takeOnce();

        ports.tasks.put(task.id(), task.toBuilder().cron("0 0 0 1 1 ? 2099").build());
        worker.taskChanged(task.id());

        RunStore.Completion done = completion(run);
        assertThat(done.outcome().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(done.outcome().error()).endsWith("(before it started)");
        assertThat(done.startedAt()).isNull();
        clock.advance(Duration.ofSeconds(2));
        assertThat(worker.startDue()).isZero();
    }

    @Test
    void leasesAreRenewedEveryThirdAndARunWhoseLeaseWasLostIsStopped() throws InterruptedException {
        Run run = queued(task(ECHO, RetryPolicy.NONE), TriggerType.CRON, NOW.plusSeconds(60));
        worker.takeOnce();

        worker.renewLeases();
        assertThat(ports.renewed).as("a held run's fresh lease is not renewed yet").isEmpty();
        clock.advance(LEASE.dividedBy(3).plusSeconds(1));
        worker.renewLeases();
        assertThat(ports.renewed).containsExactly(run.id());

        ports.leasesKept = false;
        clock.advance(LEASE.dividedBy(3).plusSeconds(1));
        worker.renewLeases();
        assertThat(completion(run).outcome().error()).startsWith("node node-a no longer owns this run");
    }

    @Test
    void aRunWhoseTaskWasDeletedFailsAtOnce() throws InterruptedException {
        Task task = task(ECHO, RetryPolicy.NONE);
        Run run = queued(task, TriggerType.MANUAL, NOW);
        ports.tasks.remove(task.id());

        worker.takeOnce();

        RunStore.Completion done = completion(run);
        assertThat(done.outcome().status()).isEqualTo(RunStatus.FAILED);
        assertThat(done.outcome().error()).contains("was deleted before this run started");
        assertThat(worker.running()).isZero();
    }

    @Test
    void drainingGivesHeldRunsBackAtOnce() throws InterruptedException {
        Run run = queued(task(ECHO, RetryPolicy.NONE), TriggerType.CRON, NOW.plusSeconds(60));
        worker.takeOnce();

        worker.drain(Duration.ofSeconds(5));

        assertThat(ports.handedBack).containsExactly(run.id());
        assertThat(ports.enqueued).extracting(entry -> entry.runId()).containsExactly(run.id());
        assertThat(ports.completed).isEmpty();
        assertThat(worker.isStopped()).isTrue();
    }

    private RunStore.Completion completion(Run run) {
        await().atMost(Duration.ofSeconds(10)).until(() -> ports.completed.containsKey(run.id()));
        return ports.completed.get(run.id());
    }

    private Task task(String handler, RetryPolicy retry) {
        Task task = Task.builder().id(nextId++).namespace("by-hand").name("task-" + nextId).cron("* * * * * ?")
                .dialect(io.redcron.schedule.CronDialect.QUARTZ).payload(new JavaPayload(handler, Map.of()))
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW).retry(retry).build();
        ports.tasks.put(task.id(), task);
        return task;
    }

    private Run queued(Task task, TriggerType trigger, Instant scheduledAt) {
        Run run = new Run(100 + nextId++, task.id(), "by-hand", task.name(), "default", trigger, scheduledAt,
                RunStatus.QUEUED, 0, task.retry().maxAttempts(), 0, null, null, NOW, null, null, null, null, null,
                Map.of());
        ports.deliver(run);
        return run;
    }
}
