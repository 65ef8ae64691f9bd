package io.redcron.testkit;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.AgedRun;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.AuditLog;
import io.redcron.port.HistoryCleanup;
import io.redcron.port.HistoryCleanup.Position;
import io.redcron.port.PageRequest;
import io.redcron.port.RetentionStore;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What every {@link RetentionStore} and {@link HistoryCleanup} must do; one subclass per backend
 * supplies the stores, all over one database. Each test works in a namespace of its own.
 */
public abstract class RetentionContract {
    /** Now, as the database's own clock says: a MySQL store also judges by it. */
    private static final Instant NOW = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    private static final Instant FAR = Instant.parse("2100-01-01T00:00:00Z");

    protected final ManualClock clock = new ManualClock(NOW);
    protected TaskStore tasks;
    protected RunStore runs;
    protected RetentionStore retention;
    protected HistoryCleanup cleanup;
    protected AuditLog audit;
    protected io.redcron.port.WorkflowStore workflows;
    protected io.redcron.port.WorkflowRuns workflowRuns;
    protected io.redcron.port.FencingEpochs epochs;
    protected String ns;
    protected Task task;

    /** Stores over one fresh database (or one set of in-memory tables), reading {@code clock}. */
    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
        task = tasks.create(shell(ns, "nightly").build(), "alice");
    }

    // ---- policies ----

    @Test
    void aNamespaceWithoutAPolicyKeepsTheDefaults() {
        RetentionStore.RetentionSettings settings = retention.settings(ns);

        assertThat(settings.namespace()).isEqualTo(RetentionPolicy.INHERIT);
        assertThat(settings.tasks()).isEmpty();
        assertThat(settings.effective()).isEqualTo(RetentionPolicy.DEFAULTS);
        assertThat(settings.forTask(task.id())).isEqualTo(RetentionPolicy.DEFAULTS);
    }

    @Test
    void aChangeSetsOnlyTheFieldsItNamesAndIsAudited() {
        retention.changeNamespace(ns, new RetentionPolicy(7, null, null, null, null), "alice");
        RetentionPolicy after = retention.changeNamespace(ns, new RetentionPolicy(null, 60, 3, null, null), "bob");

        assertThat(after).isEqualTo(new RetentionPolicy(7, 60, 3, null, null));
        assertThat(retention.settings(ns).effective()).isEqualTo(new RetentionPolicy(7, 60, 3, 30, 400));
        assertThat(audit.list(ns, "namespace:" + ns, PageRequest.first(10)).items())
                .extracting(entry -> entry.action() + " by " + entry.actor())
                .containsExactlyInAnyOrder("retention.change by alice", "retention.change by bob");
    }

    @Test
    void aTaskDiffersFromItsNamespaceUntilCleared() {
        retention.changeNamespace(ns, new RetentionPolicy(14, null, null, null, null), "alice");
        retention.changeTask(ns, task.id(), new RetentionPolicy(null, 365, 50, null, null), "alice");

        assertThat(retention.settings(ns).forTask(task.id())).isEqualTo(new RetentionPolicy(14, 365, 50, 30, 400));
        assertThat(retention.clearTask(ns, task.id(), "alice")).isTrue();
        assertThat(retention.clearTask(ns, task.id(), "alice")).as("already follows its namespace").isFalse();
        assertThat(retention.settings(ns).tasks()).isEmpty();
        assertThatThrownBy(() -> retention.changeTask(ns, task.id(), new RetentionPolicy(null, null, null, null, 90),
                "alice")).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("audit:");
        assertThatThrownBy(() -> retention.changeNamespace(ns, new RetentionPolicy(1, null, null, null, null), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("actor:");
    }

    // ---- pins ----

    @Test
    void aPinnedRunIsListedOnceAndAnUnknownRunCannotBePinned() {
        Run first = ended(NOW.minus(Duration.ofDays(40)), RunStatus.SUCCEEDED, "out");
        Run second = ended(NOW.minus(Duration.ofDays(39)), RunStatus.FAILED, "out");

        assertThat(retention.pin(first.id(), "incident 4711", "alice")).isTrue();
        clock.advance(Duration.ofSeconds(1));
        assertThat(retention.pin(second.id(), null, "bob")).isTrue();
        assertThat(retention.pin(first.id(), "again", "bob")).isFalse();

        assertThat(retention.pins(ns)).extracting(RetentionStore.RunPin::runId).containsExactly(second.id(), first.id());
        assertThat(retention.pins(ns).get(1).note()).isEqualTo("incident 4711");
        assertThat(retention.pinned(List.of(first.id(), second.id(), 999_999_999L)))
                .containsExactlyInAnyOrder(first.id(), second.id());
        assertThat(retention.unpin(first.id(), "alice")).isTrue();
        assertThat(retention.unpin(first.id(), "alice")).isFalse();
        assertThatThrownBy(() -> retention.pin(999_999_999L, null, "alice"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("run:");
    }

    @Test
    void aRunsPinSaysWhoPinnedItWhenAndWhy() {
        Run kept = ended(NOW.minus(Duration.ofDays(40)), RunStatus.FAILED, "out");
        Run other = ended(NOW.minus(Duration.ofDays(39)), RunStatus.SUCCEEDED, "out");
        retention.pin(kept.id(), "  incident 4711 ", "alice");

        assertThat(retention.pin(kept.id())).hasValueSatisfying(pin -> {
            assertThat(pin.runId()).isEqualTo(kept.id());
            assertThat(pin.namespace()).isEqualTo(ns);
            assertThat(pin.pinnedBy()).isEqualTo("alice");
            assertThat(pin.note()).isEqualTo("incident 4711");
            assertThat(pin.pinnedAt()).isEqualTo(NOW);
        });
        assertThat(retention.pin(other.id())).isEmpty();
        assertThat(retention.pin(999_999_999L)).isEmpty();
        retention.unpin(kept.id(), "bob");
        assertThat(retention.pin(kept.id())).as("unpinned").isEmpty();
    }

    // ---- scans ----

    @Test
    void theOldestRunsComeInOrderFromAPositionEvenWhenManyShareTheirTime() {
        Task other = tasks.create(shell(ns, "hourly").build(), "alice");
        Instant fire = NOW.minus(Duration.ofDays(40));
        Run a = runs.insertOrGetCronFire(task.id(), fire, 1);
        Run b = runs.insertOrGetCronFire(other.id(), fire, 1);
        Run c = runs.insertOrGetCronFire(task.id(), fire.plusSeconds(60), 1);
        runs.insertOrGetCronFire(task.id(), NOW.minus(Duration.ofDays(1)), 1);
        Task elsewhere = tasks.create(shell(TaskFixtures.freshNamespace(), "nightly").build(), "alice");
        runs.insertOrGetCronFire(elsewhere.id(), fire, 1);

        List<AgedRun> first = cleanup.oldest(ns, null, Position.START, NOW.minus(Duration.ofDays(2)), 1);
        List<AgedRun> rest = cleanup.oldest(ns, null, Position.of(first.get(0)), NOW.minus(Duration.ofDays(2)), 10);

        assertThat(first).extracting(AgedRun::id).containsExactly(Math.min(a.id(), b.id()));
        assertThat(rest).extracting(AgedRun::id).containsExactly(Math.max(a.id(), b.id()), c.id());
        assertThat(rest.get(1)).isEqualTo(new AgedRun(c.id(), task.id(), RunStatus.QUEUED, fire.plusSeconds(60), false));
        assertThat(cleanup.oldest(ns, other.id(), Position.START, FAR, 10)).extracting(AgedRun::id)
                .containsExactly(b.id());
        assertThat(cleanup.oldestRun(ns)).contains(fire);
        assertThat(cleanup.oldestRun(TaskFixtures.freshNamespace())).isEmpty();
    }

    @Test
    void theNthNewestRunOfATaskBoundsWhatItKeeps() {
        for (int day = 1; day <= 5; day++) {
            runs.insertOrGetCronFire(task.id(), NOW.minus(Duration.ofDays(day)), 1);
        }

        assertThat(cleanup.nthNewest(java.util.Map.of(task.id(), 1))).containsExactly(
                java.util.Map.entry(task.id(), NOW.minus(Duration.ofDays(1))));
        assertThat(cleanup.nthNewest(java.util.Map.of(task.id(), 3))).containsEntry(task.id(),
                NOW.minus(Duration.ofDays(3)));
        assertThat(cleanup.nthNewest(java.util.Map.of(task.id(), 6))).as("fewer runs than that").isEmpty();
        assertThat(cleanup.nthNewest(java.util.Map.of(task.id(), 0))).isEmpty();
        assertThat(cleanup.nthNewest(java.util.Map.of())).isEmpty();
    }

    @Test
    void theNthNewestRunsOfManyTasksAreReadTogether() {
        java.util.Map<Long, Integer> asked = new java.util.HashMap<>();
        java.util.Map<Long, Instant> expected = new java.util.HashMap<>();
        for (int i = 0; i < 450; i++) {
            Task other = tasks.create(TaskFixtures.shell(ns, "many-" + i).build(), "test");
            for (int day = 1; day <= 3; day++) {
                runs.insertOrGetCronFire(other.id(), NOW.minus(Duration.ofDays(day)).plusSeconds(i), 1);
            }
            int n = 1 + i % 4;
            asked.put(other.id(), n);
            if (n <= 3) {
                expected.put(other.id(), NOW.minus(Duration.ofDays(n)).plusSeconds(i));
            }
        }

        assertThat(cleanup.nthNewest(asked)).isEqualTo(expected);
    }

    // ---- deletes ----

    @Test
    void onlyEndedUnpinnedRunsOlderThanTheLimitAreDeletedWithTheirAttempts() {
        Instant old = NOW.minus(Duration.ofDays(40));
        Run succeeded = ended(old, RunStatus.SUCCEEDED, "done");
        Run pinned = ended(old.plusSeconds(1), RunStatus.FAILED, "boom");
        Run young = ended(NOW.minus(Duration.ofDays(2)), RunStatus.SUCCEEDED, "done");
        Run hours = ended(NOW.minus(Duration.ofHours(12)), RunStatus.SUCCEEDED, "done");
        Run waiting = runs.insertOrGetCronFire(task.id(), old.plusSeconds(60), 1);
        retention.pin(pinned.id(), null, "alice");

        int deleted = cleanup.delete(ns, List.of(succeeded.id(), pinned.id(), young.id(), waiting.id()),
                NOW.minus(Duration.ofDays(30)));

        assertThat(deleted).isEqualTo(1);
        assertThat(runs.get(succeeded.id())).isEmpty();
        assertThat(runs.attempts(succeeded.id())).isEmpty();
        assertThat(runs.getAll(List.of(pinned.id(), young.id(), waiting.id()))).hasSize(3);
        assertThat(cleanup.delete(ns, List.of(succeeded.id()), FAR)).as("gone already").isZero();
        assertThat(cleanup.delete(TaskFixtures.freshNamespace(), List.of(young.id()), FAR)).as("elsewhere").isZero();
        assertThat(cleanup.delete(ns, List.of(young.id(), hours.id()), FAR)).as("never younger than a day").isOne();
        assertThat(runs.get(hours.id())).isPresent();
    }

    @Test
    void aDeletedRunsIdempotencyKeyIsFreeAgain() {
        Instant old = NOW.minus(Duration.ofDays(40));
        io.redcron.domain.RunRequest request = new io.redcron.domain.RunRequest(Map.of(), null, "order-42");
        Run first = runs.insertRequested(task.id(), request, old, 1).run();
        runs.claim(first.id(), "node-1", old, old.plusSeconds(60));
        runs.complete(first.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, old.plusSeconds(5), 0, "done",
                null));
        assertThat(runs.insertRequested(task.id(), request, NOW, 1).run().id()).as("the key finds its run")
                .isEqualTo(first.id());

        assertThat(cleanup.delete(ns, List.of(first.id()), NOW.minus(Duration.ofDays(30)))).isOne();

        RunStore.Requested again = runs.insertRequested(task.id(), request, NOW, 1);
        assertThat(again.recorded()).isTrue();
        assertThat(again.run().id()).isNotEqualTo(first.id());
    }

    @Test
    void droppingOutputsKeepsTheRowsAndSparesPinnedAndUnfinishedRuns() {
        Instant old = NOW.minus(Duration.ofDays(40));
        Run plain = ended(old, RunStatus.SUCCEEDED, "a long report");
        Run pinned = ended(old.plusSeconds(1), RunStatus.SUCCEEDED, "evidence");
        retention.pin(pinned.id(), null, "alice");

        assertThat(cleanup.dropOutputs(List.of(plain.id(), pinned.id()))).isEqualTo(1);
        assertThat(runs.get(plain.id())).hasValueSatisfying(run -> {
            assertThat(run.output()).isNull();
            assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        });
        assertThat(runs.get(pinned.id())).hasValueSatisfying(run -> assertThat(run.output()).isEqualTo("evidence"));
        assertThat(cleanup.oldest(ns, null, Position.START, FAR, 10)).extracting(AgedRun::hasOutput)
                .containsExactly(false, true);
    }

    @Test
    void recentAuditRowsStayWhateverTheCallerAsks() {
        retention.changeNamespace(ns, new RetentionPolicy(7, null, null, null, null), "alice");

        assertThat(cleanup.purgeAudit(ns, FAR, 100)).isZero();
        assertThat(audit.list(ns, null, PageRequest.first(10)).items()).isNotEmpty();
    }

    @Test
    void workflowRunsGoWithTheirStepsOnceTheNamespacesPolicyLetsThemGo() {
        retention.changeNamespace(ns, new RetentionPolicy(30, 60, null, null, null), "alice");
        io.redcron.workflow.Workflow workflow = workflows.create(io.redcron.workflow.Workflow.of(ns, "wf",
                List.of(new io.redcron.workflow.Step("only", io.redcron.workflow.StepTarget.task(task.name()), Map.of(),
                        io.redcron.workflow.Join.ALL, List.of()))), NOW, "alice");
        long epoch = epochs.advance(ns, "leader");
        long oldSuccess = endedWorkflowRun(workflow, epoch, NOW.minus(Duration.ofDays(40)), RunStatus.SUCCEEDED);
        long oldFailure = endedWorkflowRun(workflow, epoch, NOW.minus(Duration.ofDays(40)), RunStatus.FAILED);
        long young = endedWorkflowRun(workflow, epoch, NOW.minus(Duration.ofDays(10)), RunStatus.SUCCEEDED);
        long older = endedWorkflowRun(workflow, epoch, NOW.minus(Duration.ofDays(70)), RunStatus.FAILED);
        io.redcron.workflow.WorkflowRun unfinished = workflowRuns.record(workflow, io.redcron.domain.TriggerType.MANUAL,
                NOW.minus(Duration.ofDays(90)), Map.of(), "alice");

        assertThat(cleanup.purgeWorkflowRuns(ns, 1)).as("oldest first, up to the limit").isEqualTo(1);
        assertThat(workflowRuns.get(older)).isEmpty();
        assertThat(workflowRuns.steps(older)).isEmpty();
        assertThat(cleanup.purgeWorkflowRuns(ns, 100)).isEqualTo(1);
        assertThat(workflowRuns.get(oldSuccess)).isEmpty();
        assertThat(workflowRuns.get(oldFailure)).as("failures are kept 60 days").isPresent();
        assertThat(workflowRuns.get(young)).isPresent();
        assertThat(workflowRuns.get(unfinished.id())).as("not ended").isPresent();
        assertThat(cleanup.purgeWorkflowRuns(TaskFixtures.freshNamespace(), 100)).isZero();

        retention.changeNamespace(ns, new RetentionPolicy(RetentionPolicy.FOREVER, RetentionPolicy.FOREVER, null, null,
                null), "alice");
        assertThat(cleanup.purgeWorkflowRuns(ns, 100)).as("kept forever").isZero();
    }

    /** A workflow run whose one step's run ended as {@code status}, all at {@code at}. */
    private long endedWorkflowRun(io.redcron.workflow.Workflow workflow, long epoch, Instant at, RunStatus status) {
        io.redcron.workflow.WorkflowRun run = workflowRuns.record(workflow, io.redcron.domain.TriggerType.MANUAL, at,
                Map.of(), "alice");
        Run step = workflowRuns.advance(ns, epoch, run.id(), at).queued().get(0);
        runs.claim(step.id(), "node-1", at, at.plusSeconds(60));
        runs.complete(step.id(), 1, RunStatus.RUNNING, new RunOutcome(status, at, 0, "", null));
        assertThat(workflowRuns.advance(ns, epoch, run.id(), at).ended()).isNotNull();
        return run.id();
    }

    /** A manual run requested at {@code at} that ended as {@code status} with {@code output}. */
    private Run ended(Instant at, RunStatus status, String output) {
        Run run = runs.insertManual(task.id(), at, 1, Map.of());
        runs.claim(run.id(), "node-1", at, at.plusSeconds(60));
        runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(status, at.plusSeconds(5),
                status == RunStatus.SUCCEEDED ? 0 : 1, output, status == RunStatus.SUCCEEDED ? null : "exited with 1"));
        return runs.get(run.id()).orElseThrow();
    }
}
