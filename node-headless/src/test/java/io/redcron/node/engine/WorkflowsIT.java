package io.redcron.node.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.node.Node;
import io.redcron.store.mysql.MysqlWorkflowRuns;
import io.redcron.store.mysql.MysqlWorkflowStore;
import io.redcron.workflow.Edge;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;
import io.redcron.workflow.WorkflowRunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Workflows run by real nodes: steps in order, outputs passed on, each step run once whatever dies. */
class WorkflowsIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    private MysqlWorkflowStore workflows() {
        return new MysqlWorkflowStore(cluster.dataSource());
    }

    private MysqlWorkflowRuns workflowRuns() {
        return new MysqlWorkflowRuns(cluster.dataSource());
    }

    private Task task(String name, String command) {
        // A schedule that never comes: these tasks run only as steps.
        return cluster.add(cluster.shell(name, "0 0 0 1 1 ? 2099", command));
    }

    private static Step step(String name, Edge... after) {
        return new Step(name, StepTarget.task(name), Map.of(), Join.ALL, List.of(after));
    }

    /** extract → (clean, enrich) → load: a fan-out and a fan-in. */
    private Workflow fanIn(String slowStep) {
        task("extract", "echo 'redcron-output: {\"BATCH\": \"b-'$REDCRON_RUN_ID'\"}'");
        task("clean", (slowStep.equals("clean") ? "sleep 3; " : "") + "echo 'redcron-output: {\"CLEAN\": \"ok\"}'");
        task("enrich", "echo \"enriching $REDCRON_PARAM_BATCH\"; echo 'redcron-output: {\"ENRICH\": \"ok\"}'");
        task("load", "echo \"loading $REDCRON_PARAM_CLEAN $REDCRON_PARAM_ENRICH\"");
        return workflows().create(Workflow.of(cluster.namespace(), "etl", List.of(step("extract"),
                step("clean", Edge.onSuccess("extract")), step("enrich", Edge.onSuccess("extract")),
                step("load", Edge.onSuccess("clean"), Edge.onSuccess("enrich")))), Instant.now(), "test");
    }

    private WorkflowRun ended(WorkflowRun run) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> workflowRuns().get(run.id()).orElseThrow().status().isFinal());
        return workflowRuns().get(run.id()).orElseThrow();
    }

    private Map<String, StepRun> steps(WorkflowRun run) {
        return workflowRuns().steps(run.id()).stream().collect(Collectors.toMap(StepRun::step, step -> step));
    }

    @Test
    void aFanOutAndFanInRunsInOrderAndPassesOutputsOn() {
        Workflow workflow = fanIn("none");
        cluster.start("node-a");
        WorkflowRun run = workflowRuns().record(workflow, TriggerType.MANUAL, Instant.now(), Map.of(), "test");

        assertThat(ended(run).status()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        Map<String, StepRun> steps = steps(run);
        assertThat(steps.values()).allMatch(step -> step.status() == StepStatus.SUCCEEDED);
        Run extract = cluster.runs().get(steps.get("extract").runId()).orElseThrow();
        Run enrich = cluster.runs().get(steps.get("enrich").runId()).orElseThrow();
        Run load = cluster.runs().get(steps.get("load").runId()).orElseThrow();
        assertThat(enrich.output()).startsWith("enriching b-" + extract.id());
        assertThat(load.output()).startsWith("loading ok ok");
        assertThat(load.startedAt()).isAfterOrEqualTo(cluster.runs().get(steps.get("clean").runId()).orElseThrow()
                .finishedAt());
        assertThat(load.trigger()).isEqualTo(TriggerType.WORKFLOW);
    }

    @Test
    void whenTheLeaderDiesMidWorkflowEveryStepStillRunsExactlyOnce() {
        Workflow workflow = fanIn("clean");
        Node a = cluster.start("node-a");
        Node b = cluster.start("node-b");
        await().atMost(Duration.ofSeconds(10)).until(() -> a.isLeader() || b.isLeader());
        WorkflowRun run = workflowRuns().record(workflow, TriggerType.MANUAL, Instant.now(), Map.of(), "test");
        await().atMost(Duration.ofSeconds(20)).until(() -> steps(run).get("clean").status() == StepStatus.RUNNING);

        cluster.crash(a.isLeader() ? a : b);

        assertThat(ended(run).status()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        for (String name : List.of("extract", "clean", "enrich", "load")) {
            Task task = cluster.tasks().findByName(cluster.namespace(), name).orElseThrow();
            List<Run> runs = cluster.runsOf(task);
            assertThat(runs).as(name + ": one run for its one step").hasSize(1);
            assertThat(runs.get(0).status()).as(name).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(steps(run).get(name).runId()).isEqualTo(runs.get(0).id());
        }
    }

    @Test
    void aShardedStepEndsWhenEveryShardHasAndTheReduceStepRunsAfter() {
        cluster.add(cluster.shell("map", "0 0 0 1 1 ? 2099", "echo \"shard $REDCRON_SHARD_INDEX of $REDCRON_SHARD_TOTAL\"")
                .sharding(io.redcron.domain.Sharding.fixed(3)));
        task("reduce", "echo reduced");
        Workflow workflow = workflows().create(Workflow.of(cluster.namespace(), "map-reduce", List.of(step("map"),
                step("reduce", Edge.onSuccess("map")))), Instant.now(), "test");
        cluster.start("node-a");
        WorkflowRun run = workflowRuns().record(workflow, TriggerType.MANUAL, Instant.now(), Map.of(), "test");

        assertThat(ended(run).status()).isEqualTo(WorkflowRunStatus.SUCCEEDED);
        Run parent = cluster.runs().get(steps(run).get("map").runId()).orElseThrow();
        assertThat(parent.status()).isEqualTo(RunStatus.SUCCEEDED);
        List<Run> shards = cluster.runs().shards(parent);
        assertThat(shards).hasSize(3).allMatch(shard -> shard.status() == RunStatus.SUCCEEDED);
        Run reduce = cluster.runs().get(steps(run).get("reduce").runId()).orElseThrow();
        assertThat(reduce.startedAt()).as("after every shard").isAfterOrEqualTo(shards.stream().map(Run::finishedAt)
                .max(java.util.Comparator.naturalOrder()).orElseThrow());
    }

    @Test
    void aWorkflowFiresByItsCronOncePerFire() {
        task("tick", "echo tick");
        Workflow workflow = workflows().create(new Workflow(null, cluster.namespace(), "every-second", "",
                "* * * * * ?", io.redcron.schedule.CronDialect.QUARTZ, null, null, 1,
                io.redcron.domain.ConcurrencyPolicy.ALLOW, true, Map.of(), List.of(step("tick")), 0, null, null,
                null), Instant.now(), "test");
        cluster.start("node-a");
        await().atMost(Duration.ofSeconds(30)).until(() -> workflowRuns().list(cluster.namespace(), "every-second",
                io.redcron.port.PageRequest.first(100)).items().stream()
                .filter(run -> run.status() == WorkflowRunStatus.SUCCEEDED).count() >= 3);
        workflows().setEnabled(cluster.namespace(), "every-second", false, Instant.now(), "test");

        List<WorkflowRun> fired = workflowRuns().list(cluster.namespace(), workflow.name(),
                io.redcron.port.PageRequest.first(100)).items();
        assertThat(fired).allMatch(run -> run.trigger() == TriggerType.CRON);
        assertThat(fired).extracting(WorkflowRun::scheduledAt).doesNotHaveDuplicates()
                .allMatch(at -> at.getNano() == 0);
    }
}
