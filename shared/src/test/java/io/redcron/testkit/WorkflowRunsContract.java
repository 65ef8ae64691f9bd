package io.redcron.testkit;

import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.port.AuditLog;
import io.redcron.port.DuplicateWorkflowException;
import io.redcron.port.FencedOutException;
import io.redcron.port.FencingEpochs;
import io.redcron.port.PageRequest;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.StaleWorkflowException;
import io.redcron.port.TaskStore;
import io.redcron.port.WorkflowRuns;
import io.redcron.port.WorkflowStore;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.PlannedFire;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;
import io.redcron.workflow.WorkflowRunStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What every {@link WorkflowStore} and {@link WorkflowRuns} pair must do; one subclass per
 * backend. Each test has a namespace of its own; step runs are ended through the run store, as a
 * worker ends them.
 */
public abstract class WorkflowRunsContract {
    private static final Instant NOW = Instant.parse("2030-05-01T12:00:00Z");

    protected final ManualClock clock = new ManualClock(NOW);
    protected WorkflowStore workflows;
    protected WorkflowRuns runs;
    protected TaskStore tasks;
    protected RunStore taskRuns;
    protected FencingEpochs epochs;
    protected AuditLog audit;
    protected String ns;
    private long epoch;

    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
        epoch = epochs.advance(ns, "leader-a");
        for (String name : List.of("extract", "clean", "enrich", "load", "notify")) {
            tasks.create(TaskFixtures.shell(ns, name).build(), "alice");
        }
    }

    private static Step step(String name, String task, Edge... after) {
        return new Step(name, StepTarget.task(task), Map.of(), Join.ALL, List.of(after));
    }

    /** extract → (clean, enrich) → load (all), and notify on load's failure. */
    private Workflow etl() {
        return Workflow.of(ns, "etl", List.of(
                step("extract", "extract"),
                step("clean", "clean", Edge.onSuccess("extract")),
                step("enrich", "enrich", Edge.onSuccess("extract")),
                step("load", "load", Edge.onSuccess("clean"), Edge.onSuccess("enrich")),
                step("notify", "notify", new Edge("load", EdgeCondition.FAILURE))));
    }

    private WorkflowRun started(Workflow workflow, Map<String, String> params) {
        Workflow stored = workflows.get(ns, workflow.name()).orElseGet(() -> workflows.create(workflow, clock.instant(), "alice"));
        WorkflowRun run = runs.record(stored, TriggerType.MANUAL, clock.instant(), params, "alice");
        runs.advance(ns, epoch, run.id(), clock.instant());
        return runs.get(run.id()).orElseThrow();
    }

    private Map<String, StepRun> steps(WorkflowRun run) {
        return runs.steps(run.id()).stream().collect(Collectors.toMap(StepRun::step, Function.identity()));
    }

    /** Ends the run of {@code step} as a worker would, and advances the workflow run. */
    private WorkflowRuns.Advance end(WorkflowRun run, String step, RunStatus status, String output) {
        finish(run, step, status, output);
        return runs.advance(ns, epoch, run.id(), clock.instant());
    }

    /** Ends the run of {@code step} as a worker would, without advancing the workflow run. */
    private void finish(WorkflowRun run, String step, RunStatus status, String output) {
        long runId = steps(run).get(step).runId();
        Run claimed = taskRuns.claim(runId, "node-a", clock.instant(), clock.instant().plusSeconds(30)).orElseThrow();
        assertThat(taskRuns.complete(runId, claimed.attempt(), RunStatus.RUNNING, new RunOutcome(status,
                clock.instant(), status == RunStatus.SUCCEEDED ? 0 : 1, output, status == RunStatus.SUCCEEDED ? null
                : "exit 1", null, null))).isTrue();
    }

    @Test
    void aWorkflowIsStoredFoundUpdatedPausedAndDeleted() {
        Workflow created = workflows.create(etl(), clock.instant(), "alice");
        assertThat(created.id()).isNotNull();
        assertThat(created.version()).isEqualTo(1);
        assertThat(workflows.get(ns, "etl")).contains(created);
        assertThat(workflows.get(created.id())).contains(created);
        assertThat(workflows.list(ns)).containsExactly(created);
        assertThatThrownBy(() -> workflows.create(etl(), clock.instant(), "alice"))
                .isInstanceOf(DuplicateWorkflowException.class).hasMessageStartingWith("name: ");

        Workflow scheduled = new Workflow(created.id(), ns, "etl", "nightly", "0 2 * * *", CronDialect.UNIX,
                ZoneId.of("Europe/Berlin"), MisfirePolicy.SKIP, 1, ConcurrencyPolicy.ALLOW, true, Map.of("A", "1"),
                created.steps(), created.version(), null, null, null);
        Workflow updated = workflows.update(scheduled, 1, clock.instant(), "bob");
        assertThat(updated.version()).isEqualTo(2);
        assertThat(updated.nextFireAt()).isEqualTo(Instant.parse("2030-05-02T00:00:00Z"));
        assertThatThrownBy(() -> workflows.update(scheduled, 1, clock.instant(), "bob"))
                .isInstanceOf(StaleWorkflowException.class);
        assertThat(workflows.due(ns, Instant.parse("2030-05-02T00:00:00Z"), 10)).extracting(Workflow::name)
                .containsExactly("etl");

        Workflow paused = workflows.setEnabled(ns, "etl", false, clock.instant(), "bob").orElseThrow();
        assertThat(paused.enabled()).isFalse();
        assertThat(paused.nextFireAt()).isNull();
        assertThat(workflows.due(ns, Instant.parse("2030-05-03T00:00:00Z"), 10)).isEmpty();
        assertThat(workflows.setEnabled(ns, "etl", true, clock.instant(), "bob").orElseThrow().nextFireAt())
                .isEqualTo(Instant.parse("2030-05-02T00:00:00Z"));

        assertThat(workflows.usersOf(ns, List.of("load", "nothing"))).containsOnlyKeys("load");
        assertThat(workflows.delete(ns, "etl", "bob")).isTrue();
        assertThat(workflows.delete(ns, "etl", "bob")).isFalse();
        assertThat(workflows.get(ns, "etl")).isEmpty();
        assertThat(audit.list(ns, null, PageRequest.first(50)).items()).extracting(entry -> entry.action())
                .contains("workflow.create", "workflow.update", "workflow.pause", "workflow.resume", "workflow.delete");
    }

    @Test
    void aRecordedRunWaitsQueuedWithEveryStepPendingAndTheParametersMerged() {
        Workflow workflow = workflows.create(new Workflow(null, ns, "etl", "", null, null, null, null, 1, null, true,
                Map.of("REGION", "eu", "MODE", "full"), etl().steps(), 0, null, null, null), clock.instant(), "alice");
        WorkflowRun run = runs.record(workflow, TriggerType.MANUAL, clock.instant(), Map.of("MODE", "delta"), "alice");

        assertThat(run.status()).isEqualTo(WorkflowRunStatus.QUEUED);
        assertThat(run.params()).isEqualTo(Map.of("REGION", "eu", "MODE", "delta"));
        assertThat(run.scheduledAt().getNano()).as("never a whole second, which a fire may take").isNotZero();
        assertThat(runs.steps(run.id())).extracting(StepRun::step)
                .containsExactly("extract", "clean", "enrich", "load", "notify");
        assertThat(runs.steps(run.id())).allMatch(step -> step.status() == StepStatus.PENDING);
        assertThat(runs.needingAttention(ns, 10)).containsExactly(run.id());
        assertThat(runs.list(ns, "etl", PageRequest.first(10)).items()).containsExactly(run);
        assertThat(runs.list(ns, "other", PageRequest.first(10)).items()).isEmpty();
    }

    @Test
    void eachStepStartsOnceFansOutAndFansInWhenAllItsParentsSucceeded() {
        WorkflowRun run = started(etl(), Map.of("REGION", "eu"));
        assertThat(run.status()).isEqualTo(WorkflowRunStatus.RUNNING);
        Map<String, StepRun> steps = steps(run);
        assertThat(steps.get("extract").status()).isEqualTo(StepStatus.RUNNING);
        Run extract = taskRuns.get(steps.get("extract").runId()).orElseThrow();
        assertThat(extract.trigger()).isEqualTo(TriggerType.WORKFLOW);
        assertThat(extract.taskName()).isEqualTo("extract");
        assertThat(extract.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(extract.params()).containsEntry("REGION", "eu");
        assertThat(runs.stepOfRun(extract.id())).map(StepRun::step).contains("extract");

        WorkflowRuns.Advance again = runs.advance(ns, epoch, run.id(), clock.instant());
        assertThat(again.queued()).as("nothing more to start").isEmpty();
        assertThat(steps(run).get("extract").runId()).isEqualTo(extract.id());

        WorkflowRuns.Advance fanOut = end(run, "extract", RunStatus.SUCCEEDED,
                "working\nredcron-output: {\"BATCH\": 42, \"DAY\": \"2030-05-01\"}\n");
        assertThat(fanOut.queued()).extracting(Run::taskName).containsExactlyInAnyOrder("clean", "enrich");
        assertThat(fanOut.queued()).allSatisfy(queued -> assertThat(queued.params())
                .containsEntry("BATCH", "42").containsEntry("DAY", "2030-05-01").containsEntry("REGION", "eu"));
        assertThat(steps(run).get("extract").output()).containsEntry("BATCH", "42");

        assertThat(end(run, "clean", RunStatus.SUCCEEDED, "").queued()).as("load waits for enrich too").isEmpty();
        assertThat(steps(run).get("load").status()).isEqualTo(StepStatus.PENDING);
        WorkflowRuns.Advance fanIn = end(run, "enrich", RunStatus.SUCCEEDED, "redcron-output: {\"ROWS\": \"7\"}");
        assertThat(fanIn.queued()).extracting(Run::taskName).containsExactly("load");
        assertThat(fanIn.queued().get(0).params()).as("a step passes its output to its children only")
                .containsEntry("ROWS", "7").doesNotContainKey("BATCH");

        WorkflowRuns.Advance last = end(run, "load", RunStatus.SUCCEEDED, "");
        assertThat(last.ended()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        Map<String, StepRun> done = steps(run);
        assertThat(done.get("notify").status()).isEqualTo(StepStatus.SKIPPED);
        assertThat(done.get("notify").reason()).isEqualTo("not reached: 'load' succeeded, the edge wants failure");
        WorkflowRun ended = runs.get(run.id()).orElseThrow();
        assertThat(ended.status()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        assertThat(ended.finishedAt()).isNotNull();
        assertThat(runs.needingAttention(ns, 10)).isEmpty();
        assertThat(runs.advance(ns, epoch, run.id(), clock.instant()).changed()).isFalse();
    }

    @Test
    void stepsWhoseRunsEndedTogetherSettleInOneAdvance() {
        WorkflowRun run = started(etl(), Map.of());
        end(run, "extract", RunStatus.SUCCEEDED, "");
        long enrichRun = steps(run).get("enrich").runId();
        finish(run, "clean", RunStatus.SUCCEEDED, "redcron-output: {\"ROWS\": \"3\"}");
        finish(run, "enrich", RunStatus.FAILED, "");

        WorkflowRuns.Advance advance = runs.advance(ns, epoch, run.id(), clock.instant());

        assertThat(advance.queued()).isEmpty();
        Map<String, StepRun> steps = steps(run);
        assertThat(steps.get("clean").status()).isEqualTo(StepStatus.SUCCEEDED);
        assertThat(steps.get("clean").output()).containsEntry("ROWS", "3");
        assertThat(steps.get("enrich").status()).isEqualTo(StepStatus.FAILED);
        assertThat(steps.get("enrich").reason()).isEqualTo("run " + enrichRun + " ended FAILED (exit 1): exit 1");
        assertThat(steps.get("load").status()).isEqualTo(StepStatus.SKIPPED);
    }

    @Test
    void advancesRacingOverOneRunStartEachStepOnce() throws Exception {
        Workflow workflow = workflows.create(etl(), clock.instant(), "alice");
        WorkflowRun run = runs.record(workflow, TriggerType.MANUAL, clock.instant(), Map.of(), "alice");
        List<java.util.concurrent.Callable<WorkflowRuns.Advance>> racers = java.util.Collections.nCopies(4,
                () -> runs.advance(ns, epoch, run.id(), clock.instant()));

        List<WorkflowRuns.Advance> first = runTogether(racers);
        assertThat(first.stream().mapToInt(advance -> advance.queued().size()).sum()).isEqualTo(1);
        finish(run, "extract", RunStatus.SUCCEEDED, "");
        List<WorkflowRuns.Advance> second = runTogether(racers);
        assertThat(second.stream().mapToInt(advance -> advance.queued().size()).sum()).isEqualTo(2);
        assertThat(taskRuns.list(io.redcron.port.RunFilter.all(ns), PageRequest.first(50)).items())
                .extracting(Run::taskName).containsExactlyInAnyOrder("extract", "clean", "enrich");
    }

    @Test
    void aFailedParentSkipsTheStepsThatWantedItsSuccessAndStartsItsFailureHandler() {
        WorkflowRun run = started(etl(), Map.of());
        end(run, "extract", RunStatus.SUCCEEDED, "");
        end(run, "clean", RunStatus.FAILED, "");
        WorkflowRuns.Advance afterEnrich = end(run, "enrich", RunStatus.SUCCEEDED, "");
        Map<String, StepRun> steps = steps(run);
        assertThat(steps.get("load").status()).isEqualTo(StepStatus.SKIPPED);
        assertThat(steps.get("load").reason()).isEqualTo("not reached: 'clean' failed, the edge wants success");
        assertThat(steps.get("notify").status()).as("its parent was never reached").isEqualTo(StepStatus.SKIPPED);
        assertThat(afterEnrich.ended()).isEqualTo(WorkflowRunStatus.FAILED);
        assertThat(runs.get(run.id()).orElseThrow().error()).startsWith("step clean failed: run ")
                .contains("ended FAILED");
    }

    @Test
    void aFailureEdgeRunsItsHandlerAndAnyJoinStartsOnTheFirstSatisfiedEdge() {
        Workflow workflow = Workflow.of(ns, "any", List.of(
                step("extract", "extract"),
                step("load", "load", Edge.onSuccess("extract")),
                step("notify", "notify", new Edge("load", EdgeCondition.FAILURE)),
                new Step("enrich", StepTarget.task("enrich"), Map.of(), Join.ANY,
                        List.of(new Edge("load", EdgeCondition.ALWAYS), Edge.onSuccess("notify")))));
        WorkflowRun run = started(workflow, Map.of());
        end(run, "extract", RunStatus.SUCCEEDED, "");
        WorkflowRuns.Advance failed = end(run, "load", RunStatus.TIMED_OUT, "");
        assertThat(failed.queued()).extracting(Run::taskName).containsExactlyInAnyOrder("notify", "enrich");
        end(run, "notify", RunStatus.SUCCEEDED, "");
        assertThat(steps(run).get("enrich").round()).as("started once").isEqualTo(1);
        WorkflowRuns.Advance last = end(run, "enrich", RunStatus.SUCCEEDED, "");
        assertThat(last.ended()).as("a step failed, even if handled").isEqualTo(WorkflowRunStatus.FAILED);
    }

    @Test
    void aStepWhoseTaskIsGoneFailsWithoutARunAndTheStepsAfterItAreDecidedAtOnce() {
        Workflow workflow = workflows.create(etl(), clock.instant(), "alice");
        tasks.delete(tasks.findByName(ns, "extract").orElseThrow().id(), "alice");
        WorkflowRun run = runs.record(workflow, TriggerType.MANUAL, clock.instant(), Map.of(), "alice");

        WorkflowRuns.Advance advance = runs.advance(ns, epoch, run.id(), clock.instant());
        assertThat(advance.queued()).isEmpty();
        assertThat(advance.ended()).isEqualTo(WorkflowRunStatus.FAILED);
        Map<String, StepRun> steps = steps(run);
        assertThat(steps.get("extract").status()).isEqualTo(StepStatus.FAILED);
        assertThat(steps.get("extract").reason()).isEqualTo("task 'extract' does not exist");
        assertThat(steps.get("extract").runId()).isNull();
        assertThat(steps.get("load").status()).isEqualTo(StepStatus.SKIPPED);
    }

    @Test
    void aShardedTasksStepRecordsTheParentOfItsShardsAndEndsWithIt() {
        tasks.create(TaskFixtures.shell(ns, "sharded").sharding(io.redcron.domain.Sharding.fixed(4)).build(), "alice");
        Workflow workflow = Workflow.of(ns, "map-reduce", List.of(step("map", "sharded"),
                step("reduce", "load", Edge.onSuccess("map"))));
        WorkflowRun run = started(workflow, Map.of());
        StepRun map = steps(run).get("map");
        assertThat(map.status()).isEqualTo(StepStatus.RUNNING);
        Run parent = taskRuns.get(map.runId()).orElseThrow();
        assertThat(parent.status()).isEqualTo(RunStatus.SHARDED);
        assertThat(parent.trigger()).isEqualTo(TriggerType.WORKFLOW);
        assertThat(runs.advance(ns, epoch, run.id(), clock.instant()).queued()).as("the leader splits it").isEmpty();
    }

    @Test
    void aBadOutputLineFailsTheStepThatPrintedIt() {
        WorkflowRun run = started(etl(), Map.of());
        end(run, "extract", RunStatus.SUCCEEDED, "redcron-output: [1, 2]");
        StepRun extract = steps(run).get("extract");
        assertThat(extract.status()).isEqualTo(StepStatus.FAILED);
        assertThat(extract.reason()).contains("output: '[1, 2]' is not a JSON object");
    }

    @Test
    void aStepMayRunAnotherWorkflowAndEndsWithIt() {
        workflows.create(Workflow.of(ns, "child", List.of(step("only", "load"))), clock.instant(), "alice");
        Workflow parent = Workflow.of(ns, "parent", List.of(
                new Step("sub", StepTarget.workflow("child"), Map.of("X", "1"), Join.ALL, List.of()),
                step("after", "notify", Edge.onSuccess("sub"))));
        WorkflowRun run = started(parent, Map.of());
        StepRun sub = steps(run).get("sub");
        assertThat(sub.status()).isEqualTo(StepStatus.RUNNING);
        WorkflowRun child = runs.get(sub.childRunId()).orElseThrow();
        assertThat(child.trigger()).isEqualTo(TriggerType.WORKFLOW);
        assertThat(child.parentRunId()).isEqualTo(run.id());
        assertThat(child.parentStep()).isEqualTo("sub");
        assertThat(child.params()).containsEntry("X", "1");
        assertThat(runs.needingAttention(ns, 10)).contains(child.id());

        runs.advance(ns, epoch, child.id(), clock.instant());
        assertThat(end(child, "only", RunStatus.SUCCEEDED, "").ended()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        assertThat(runs.needingAttention(ns, 10)).containsExactly(run.id());
        WorkflowRuns.Advance next = runs.advance(ns, epoch, run.id(), clock.instant());
        assertThat(next.queued()).extracting(Run::taskName).containsExactly("notify");
        assertThat(steps(run).get("sub").status()).isEqualTo(StepStatus.SUCCEEDED);
    }

    @Test
    void aCancelEndsTheRunCancelsPendingStepsAndLeavesRunningOnesToSettle() {
        WorkflowRun run = started(etl(), Map.of());
        long extractRun = steps(run).get("extract").runId();

        WorkflowRuns.Cancellation cancellation = runs.cancel(run.id(), "cancelled by bob", clock.instant(), "bob")
                .orElseThrow();
        assertThat(cancellation.cancelled()).isTrue();
        assertThat(cancellation.runsToStop()).containsExactly(extractRun);
        assertThat(cancellation.run().status()).isEqualTo(WorkflowRunStatus.CANCELLED);
        assertThat(steps(run).get("load").status()).isEqualTo(StepStatus.CANCELLED);
        assertThat(runs.cancel(run.id(), "again", clock.instant(), "bob").orElseThrow().cancelled())
                .as("ended already").isFalse();

        WorkflowRuns.Advance settled = end(run, "extract", RunStatus.SUCCEEDED, "");
        assertThat(settled.queued()).as("nothing starts in a cancelled run").isEmpty();
        assertThat(steps(run).get("extract").status()).isEqualTo(StepStatus.SUCCEEDED);
        assertThat(steps(run).get("clean").status()).isEqualTo(StepStatus.CANCELLED);
        assertThat(runs.get(run.id()).orElseThrow().status()).isEqualTo(WorkflowRunStatus.CANCELLED);
        assertThat(runs.needingAttention(ns, 10)).isEmpty();
        assertThat(runs.cancel(Long.MAX_VALUE, "x", clock.instant(), "bob")).isEmpty();
    }

    @Test
    void aRerunStartsTheFailedStepsAgainAndKeepsWhatSucceeded() {
        WorkflowRun run = started(etl(), Map.of());
        end(run, "extract", RunStatus.SUCCEEDED, "");
        end(run, "clean", RunStatus.FAILED, "");
        end(run, "enrich", RunStatus.SUCCEEDED, "");
        long enrichRun = steps(run).get("enrich").runId();
        assertThat(runs.get(run.id()).orElseThrow().status()).isEqualTo(WorkflowRunStatus.FAILED);

        WorkflowRun again = runs.rerun(run.id(), clock.instant(), "bob").orElseThrow();
        assertThat(again.status()).isEqualTo(WorkflowRunStatus.RUNNING);
        assertThat(again.error()).isNull();
        Map<String, StepRun> reset = steps(run);
        assertThat(reset.get("clean").status()).isEqualTo(StepStatus.PENDING);
        assertThat(reset.get("clean").round()).isEqualTo(2);
        assertThat(reset.get("load").status()).isEqualTo(StepStatus.PENDING);
        assertThat(reset.get("notify").status()).isEqualTo(StepStatus.PENDING);
        assertThat(reset.get("enrich").status()).isEqualTo(StepStatus.SUCCEEDED);
        assertThat(runs.needingAttention(ns, 10)).containsExactly(run.id());

        WorkflowRuns.Advance restarted = runs.advance(ns, epoch, run.id(), clock.instant());
        assertThat(restarted.queued()).extracting(Run::taskName).containsExactly("clean");
        end(run, "clean", RunStatus.SUCCEEDED, "");
        assertThat(steps(run).get("enrich").runId()).isEqualTo(enrichRun);
        assertThat(end(run, "load", RunStatus.SUCCEEDED, "").ended()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        assertThatThrownBy(() -> runs.rerun(run.id(), clock.instant(), "bob"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("SUCCEEDED");
    }

    @Test
    void underForbidANewRunWaitsForTheEarlierOneAndUnderReplaceItCancelsIt() {
        Workflow forbid = workflows.create(Workflow.of(ns, "forbid", List.of(step("only", "load"))), clock.instant(),
                "alice");
        WorkflowRun first = started(forbid, Map.of());
        clock.advance(Duration.ofSeconds(1));
        WorkflowRun second = started(forbid, Map.of());
        assertThat(second.status()).isEqualTo(WorkflowRunStatus.QUEUED);
        clock.advance(Duration.ofSeconds(1));
        WorkflowRun third = runs.record(forbid, TriggerType.MANUAL, clock.instant(), Map.of(), "alice");
        assertThat(runs.needingAttention(ns, 10)).as("only the first in line is looked at")
                .contains(second.id()).doesNotContain(third.id());
        end(first, "only", RunStatus.SUCCEEDED, "");
        runs.advance(ns, epoch, second.id(), clock.instant());
        assertThat(runs.get(second.id()).orElseThrow().status()).isEqualTo(WorkflowRunStatus.RUNNING);

        Workflow replace = workflows.create(new Workflow(null, ns, "replace", "", null, null, null, null, 1,
                ConcurrencyPolicy.REPLACE, true, Map.of(), List.of(step("only", "load")), 0, null, null, null),
                clock.instant(), "alice");
        WorkflowRun old = started(replace, Map.of());
        long oldRun = steps(old).get("only").runId();
        clock.advance(Duration.ofSeconds(1));
        WorkflowRun newer = runs.record(replace, TriggerType.MANUAL, clock.instant(), Map.of(), "alice");
        WorkflowRuns.Advance advance = runs.advance(ns, epoch, newer.id(), clock.instant());
        assertThat(advance.runsToStop()).containsExactly(oldRun);
        assertThat(runs.get(old.id()).orElseThrow().status()).isEqualTo(WorkflowRunStatus.CANCELLED);
        assertThat(runs.get(old.id()).orElseThrow().error()).isEqualTo("replaced by workflow run " + newer.id());
        assertThat(runs.get(newer.id()).orElseThrow().status()).isEqualTo(WorkflowRunStatus.RUNNING);
    }

    @Test
    void cronFiresAreRecordedOnceEachSkippedOnesWithTheirReason() {
        Workflow workflow = workflows.create(new Workflow(null, ns, "nightly", "", "0 2 * * *", null, null, null, 1,
                null, true, Map.of(), etl().steps(), 0, null, null, null), clock.instant(), "alice");
        Instant first = Instant.parse("2030-05-02T02:00:00Z");
        Instant second = Instant.parse("2030-05-03T02:00:00Z");
        List<PlannedFire> fires = List.of(new PlannedFire(first, true, "misfire: policy skip"),
                new PlannedFire(second, false, null));
        Instant next = Instant.parse("2030-05-04T02:00:00Z");

        List<WorkflowRun> recorded = runs.recordFires(ns, epoch, workflow, fires, next, clock.instant());
        assertThat(recorded).extracting(WorkflowRun::status)
                .containsExactly(WorkflowRunStatus.SKIPPED, WorkflowRunStatus.QUEUED);
        assertThat(recorded.get(0).error()).isEqualTo("misfire: policy skip");
        assertThat(runs.steps(recorded.get(0).id())).allMatch(step -> step.status() == StepStatus.SKIPPED);
        assertThat(recorded.get(1).scheduledAt()).isEqualTo(second);
        assertThat(workflows.get(ns, "nightly").orElseThrow().nextFireAt()).isEqualTo(next);

        assertThat(runs.recordFires(ns, epoch, workflow, fires, next, clock.instant())).as("the workflow moved on")
                .isEmpty();
        Workflow reread = workflows.get(ns, "nightly").orElseThrow();
        assertThat(runs.recordFires(ns, epoch, reread, fires, next, clock.instant())).as("each fire once").isEmpty();
        assertThat(runs.list(ns, "nightly", PageRequest.first(10)).items()).hasSize(2);
    }

    @Test
    void aPauseOrAnotherCronRecordsTheFiresDueThatNoLeaderRecordedYet() {
        workflows.create(new Workflow(null, ns, "nightly", "", "0 2 * * *", null, null, null, 1, null, true,
                Map.of(), etl().steps(), 0, null, null, null), clock.instant(), "alice");
        clock.set(Instant.parse("2030-05-02T02:00:00.400Z"));
        workflows.setEnabled(ns, "nightly", false, clock.instant(), "bob");
        assertThat(runs.list(ns, "nightly", PageRequest.first(10)).items()).singleElement().satisfies(run -> {
            assertThat(run.scheduledAt()).isEqualTo(Instant.parse("2030-05-02T02:00:00Z"));
            assertThat(run.trigger()).isEqualTo(TriggerType.CRON);
            assertThat(run.status()).isEqualTo(WorkflowRunStatus.QUEUED);
        });
        clock.set(Instant.parse("2030-05-03T02:00:00.400Z"));
        assertThat(runs.list(ns, "nightly", PageRequest.first(10)).items()).as("paused: nothing due").hasSize(1);

        Workflow resumed = workflows.setEnabled(ns, "nightly", true, clock.instant(), "bob").orElseThrow();
        clock.set(Instant.parse("2030-05-04T02:00:01Z"));
        workflows.update(new Workflow(resumed.id(), ns, "nightly", "", "0 3 * * *", null, null, null, 1, null, true,
                Map.of(), resumed.steps(), resumed.version(), null, null, null), resumed.version(), clock.instant(), "bob");
        assertThat(runs.list(ns, "nightly", PageRequest.first(10)).items()).extracting(WorkflowRun::scheduledAt)
                .containsExactly(Instant.parse("2030-05-04T02:00:00Z"), Instant.parse("2030-05-02T02:00:00Z"));
    }

    @Test
    void anOldLeaderCanNeitherAdvanceNorRecord() {
        Workflow workflow = workflows.create(etl(), clock.instant(), "alice");
        WorkflowRun run = runs.record(workflow, TriggerType.MANUAL, clock.instant(), Map.of(), "alice");
        epochs.advance(ns, "leader-b");

        assertThatThrownBy(() -> runs.advance(ns, epoch, run.id(), clock.instant()))
                .isInstanceOf(FencedOutException.class);
        assertThatThrownBy(() -> runs.recordFires(ns, epoch, workflow, List.of(), null, clock.instant()))
                .isInstanceOf(FencedOutException.class);
        assertThat(runs.steps(run.id())).allMatch(step -> step.status() == StepStatus.PENDING);
    }

    @Test
    void anotherNamespacesRunIsNotAdvanced() {
        Workflow workflow = workflows.create(etl(), clock.instant(), "alice");
        WorkflowRun run = runs.record(workflow, TriggerType.MANUAL, clock.instant(), Map.of(), "alice");
        String other = TaskFixtures.freshNamespace();
        long otherEpoch = epochs.advance(other, "leader-a");
        assertThat(runs.advance(other, otherEpoch, run.id(), clock.instant()).changed()).isFalse();
        assertThat(runs.get(run.id()).orElseThrow().status()).isEqualTo(WorkflowRunStatus.QUEUED);
    }
}
