package io.redcron.node.engine;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Several scheduler+worker nodes, many tasks firing every second: every fire runs exactly once. */
class ExactlyOnceIT {
    private static final int TASKS = 20;
    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @Test
    void everyFireOfEveryTaskEndsAsExactlyOneSucceededRun() {
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            tasks.add(cluster.add(cluster.shell("every-second-" + i, "* * * * * ?", "echo fired $REDCRON_RUN_ID")));
        }
        cluster.start("node-a");
        cluster.start("node-b");
        cluster.start("node-c");

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                .until(() -> cluster.runsOf(tasks.get(TASKS - 1)).size() >= 30);
        java.util.Map<Long, Instant> switchedOff = new java.util.HashMap<>();
        for (Task task : tasks) {
            switchedOff.put(task.id(), cluster.switchOff(task));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> tasks.stream().allMatch(cluster::allFinal));

        for (Task task : tasks) {
            List<Run> runs = cluster.runsOf(task);
            Instant off = switchedOff.get(task.id());
            assertThat(runs).as(task.name()).allMatch(run -> TestCluster.succeededOrWithdrawn(run, off),
                    "succeeded, or withdrawn when the task was switched off before its time");
            assertThat(runs).as(task.name()).filteredOn(run -> !run.scheduledAt().isAfter(off))
                    .allMatch(run -> run.attempt() == 1, "one attempt");
            List<Instant> fires = runs.stream().map(Run::scheduledAt).sorted().toList();
            assertThat(fires).doesNotHaveDuplicates();
            Instant first = fires.get(0);
            Instant last = fires.get(fires.size() - 1);
            assertThat(fires).as(task.name() + ": one run for every second from the first to the last")
                    .hasSize((int) Duration.between(first, last).toSeconds() + 1);
            assertThat(cluster.runsWithOutputOf(task)).filteredOn(run -> !run.scheduledAt().isAfter(off))
                    .allSatisfy(run -> assertThat(run.output()).startsWith("fired " + run.id()));
        }
    }
}
