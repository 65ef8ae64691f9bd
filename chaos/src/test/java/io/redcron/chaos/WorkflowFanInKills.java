package io.redcron.chaos;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
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
import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;

/**
 * A workflow that fans out and back in (extract, then clean and enrich at once, then load when
 * both succeeded), fired by its own cron every 2 s, while the leader is killed and then a worker
 * running one of its steps. Every fire of the workflow must have exactly one run, every run must
 * succeed, and every step of every run must have exactly one task run, which ran.
 */
final class WorkflowFanInKills implements Fault {
    private static final String CRON = "*/2 * * * * ?";
    private static final String NEVER = "0 0 0 1 1 ? 2099";
    private static final List<String> STEPS = List.of("extract", "clean", "enrich", "load");

    private Workflow workflow;
    private Instant paused;

    @Override
    public String name() {
        return "workflow-fan-in-kills";
    }

    @Override
    public String description() {
        return "a fan-out/fan-in workflow fired every 2 s: SIGKILL of the leader, then of a worker running one of its"
                + " steps; each fire one run, each step of each run one task run";
    }

    @Override
    public void inject(Cluster cluster) {
        Map<String, Integer> sleeps = Map.of("extract", 0, "clean", 1, "enrich", 2, "load", 0);
        for (String step : STEPS) {
            cluster.taskStore().create(Task.builder().namespace(cluster.namespace()).name("wf-" + step).cron(NEVER)
                    .dialect(CronDialect.QUARTZ).payload(new ShellPayload(script(cluster, sleeps.get(step)), null,
                            Map.of())).timeout(Duration.ofSeconds(30)).retry(RetryPolicy.NONE)
                    .concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "chaos");
        }
        List<Step> steps = List.of(step("extract"), step("clean", Edge.onSuccess("extract")),
                step("enrich", Edge.onSuccess("extract")),
                step("load", Edge.onSuccess("clean"), Edge.onSuccess("enrich")));
        // Catch-up with room for every fire missed while no leader runs: each one must get its run.
        workflow = new MysqlWorkflowStore(cluster.dataSource()).create(new Workflow(null, cluster.namespace(),
                "fan-in", "", CRON, CronDialect.QUARTZ, ZoneOffset.UTC, MisfirePolicy.CATCH_UP, 100,
                ConcurrencyPolicy.ALLOW, true, Map.of(), steps, 0, null, null, null), Instant.now(), "chaos");
        Holds.hold(Duration.ofSeconds(6));

        NodeProcess leader = cluster.awaitLeader();
        leader.kill();
        await("a new leader").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                .until(() -> cluster.leaderId().filter(id -> !id.equals(leader.id())).isPresent());
        cluster.replace(leader);
        Holds.hold(Duration.ofSeconds(4));

        NodeProcess worker = stepWorker(cluster);
        worker.kill();
        Holds.hold(Duration.ofSeconds(2));
        cluster.replace(worker);
        Holds.hold(Duration.ofSeconds(6));
        paused = new MysqlWorkflowStore(cluster.dataSource()).setEnabled(cluster.namespace(), "fan-in", false,
                Instant.now(), "chaos").orElseThrow().updatedAt();
    }

    private static Step step(String name, Edge... after) {
        return new Step(name, StepTarget.task("wf-" + name), Map.of(), Join.ALL, List.of(after));
    }

    private static String script(Cluster cluster, int sleepSeconds) {
        String line = "\"$REDCRON_RUN_ID $REDCRON_ATTEMPT $REDCRON_NODE_ID";
        String file = "'" + cluster.workload().effects() + "'";
        return "echo " + line + " start\" >> " + file + (sleepSeconds > 0 ? "; sleep " + sleepSeconds : "")
                + "; echo " + line + " end\" >> " + file;
    }

    /** A live worker (not the leader) running a step's run. */
    private static NodeProcess stepWorker(Cluster cluster) {
        String leader = cluster.leaderId().orElse("");
        await("a worker running a step").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(100))
                .ignoreExceptions().until(() -> busyStepNode(cluster, leader) != null);
        return busyStepNode(cluster, leader);
    }

    private static NodeProcess busyStepNode(Cluster cluster, String leader) {
        for (RunRow row : cluster.rows()) {
            if (row.status().equals("RUNNING") && row.triggerType().equals("WORKFLOW") && row.node() != null
                    && !row.node().equals(leader)) {
                NodeProcess node = cluster.node(row.node()).filter(NodeProcess::isAlive).orElse(null);
                if (node != null) {
                    return node;
                }
            }
        }
        return null;
    }

    @Override
    public List<String> checks(Cluster cluster) {
        List<String> problems = new ArrayList<>();
        MysqlWorkflowRuns runs = new MysqlWorkflowRuns(cluster.dataSource());
        try {
            await(name() + ": every workflow run ends").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions().until(() -> all(runs).stream().allMatch(run -> run.status().isFinal()));
        } catch (ConditionTimeoutException e) {
            problems.add("workflow runs still unfinished " + Cluster.PATIENCE.toMinutes() + " min after the fault");
        }
        List<WorkflowRun> all = all(runs);
        Map<Instant, Integer> perFire = new HashMap<>();
        all.forEach(run -> perFire.merge(run.scheduledAt(), 1, Integer::sum));
        // The pause records the fires due before it that no leader had recorded yet: every one counts.
        for (Instant fire : fires(workflow.createdAt(), paused)) {
            int count = perFire.getOrDefault(fire, 0);
            if (count != 1) {
                problems.add("workflow fire at " + fire + " has " + count + " runs");
            }
        }
        Map<Long, String> stepOfRun = new HashMap<>();
        for (WorkflowRun run : all) {
            if (run.status() != WorkflowRunStatus.SUCCEEDED) {
                problems.add("workflow run " + run.id() + " (" + run.scheduledAt() + ") ended " + run.status() + ": "
                        + run.error());
            }
            for (StepRun step : runs.steps(run.id())) {
                if (step.status() != StepStatus.SUCCEEDED || step.runId() == null) {
                    problems.add("workflow run " + run.id() + ": step " + step.step() + " is " + step.status());
                } else if (stepOfRun.put(step.runId(), run.id() + "/" + step.step()) != null) {
                    problems.add("run " + step.runId() + " is the run of two steps");
                }
            }
        }
        Set<Long> stepTasks = new HashSet<>();
        for (String step : STEPS) {
            cluster.taskStore().findByName(cluster.namespace(), "wf-" + step).ifPresent(task -> stepTasks.add(task.id()));
        }
        for (RunRow row : cluster.rows()) {
            if (stepTasks.contains(row.taskId()) && !stepOfRun.containsKey(row.id())) {
                problems.add("run " + row.id() + " of a step task belongs to no step: a step started twice");
            }
        }
        System.out.println(name() + ": " + all.size() + " workflow runs, " + stepOfRun.size() + " step runs");
        return problems;
    }

    private List<WorkflowRun> all(MysqlWorkflowRuns runs) {
        return runs.list(workflow.namespace(), workflow.name(), io.redcron.port.PageRequest.first(10_000)).items();
    }

    /** The workflow's fires after it was created, up to its pause. */
    private static List<Instant> fires(Instant from, Instant until) {
        CronSchedule schedule = CronSchedule.parse(CRON, CronDialect.QUARTZ);
        List<Instant> fires = new ArrayList<>();
        Instant at = from;
        while (true) {
            Instant next = schedule.nextAfter(at, ZoneOffset.UTC).map(ZonedDateTime::toInstant).orElseThrow();
            if (!next.isBefore(until)) {
                return fires;
            }
            fires.add(next);
            at = next;
        }
    }
}
