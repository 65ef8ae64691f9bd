package io.redcron.node.engine;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A task deleted or edited while one of its runs is running: that run ends with one final status
 * under the definition it started with, and later fires follow the new definition (or stop).
 */
class TaskChangedWhileRunningIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @Test
    void aTaskDeletedWhileItRunsFinishesThatRunAndFiresNoMore() {
        Task task = cluster.add(cluster.shell("doomed", "* * * * * ?", "sleep 2; echo finished"));
        Task bystander = cluster.add(cluster.shell("bystander", "* * * * * ?", "echo still here"));
        cluster.start("node");
        Run running = awaitRunning(task);

        assertThat(cluster.tasks().delete(task.id(), "test")).isTrue();

        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.allFinal(task));
        Run ended = cluster.runs().get(running.id()).orElseThrow();
        assertThat(ended.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(ended.output()).isEqualTo("finished\n");
        int runsAfterDelete = cluster.runsOf(task).size();
        long bystanderRuns = cluster.runsOf(bystander).size();
        await().atMost(Duration.ofSeconds(10)).until(() -> cluster.runsOf(bystander).size() >= bystanderRuns + 3);
        assertThat(cluster.runsOf(task)).as("no fire after the delete").hasSize(runsAfterDelete)
                .allMatch(TestCluster::isFinal);
        assertThat(cluster.runsOf(task)).allMatch(run -> run.status() == RunStatus.SUCCEEDED
                || run.status() == RunStatus.SKIPPED || (run.status() == RunStatus.FAILED
                && run.error().contains("was deleted before this run started")),
                "succeeded, skipped (met the run in flight) or failed as deleted before it started");
    }

    @Test
    void aTaskEditedWhileItRunsFinishesThatRunAsItWasAndFiresTheNewDefinitionNext() {
        Task task = cluster.add(cluster.shell("edited", "* * * * * ?", "sleep 2; echo old"));
        cluster.start("node");
        Run running = awaitRunning(task);

        Task current = cluster.tasks().get(task.id()).orElseThrow();
        cluster.tasks().update(current.toBuilder().payload(new ShellPayload("echo new", null, Map.of())).build(), "test");
        announceChange(task); // as the CLI and the desktop do: workers drop their cached definition

        await().atMost(Duration.ofSeconds(20)).until(() -> TestCluster.isFinal(cluster.runs().get(running.id()).orElseThrow()));
        Run ended = cluster.runs().get(running.id()).orElseThrow();
        assertThat(ended.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(ended.output()).isEqualTo("old\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.runsOf(task).stream()
                .anyMatch(run -> run.id() > running.id() && run.status() == RunStatus.SUCCEEDED));
        cluster.tasks().setEnabled(task.id(), false, "test");
        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.allFinal(task));

        List<Run> later = cluster.runsWithOutputOf(task).stream().filter(run -> run.startedAt() != null
                && run.startedAt().isAfter(ended.finishedAt())).sorted(Comparator.comparing(Run::id)).toList();
        assertThat(later).isNotEmpty().allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(run.output()).isEqualTo("new\n");
        });
        assertThat(cluster.runsOf(task)).allMatch(run -> run.status() == RunStatus.SUCCEEDED
                || run.status() == RunStatus.SKIPPED, "succeeded or skipped (a fire that met the run in flight)");
    }

    private void announceChange(Task task) {
        io.redcron.config.RedisConfig redisConfig = cluster.config("probe", Map.of()).redis();
        try (redis.clients.jedis.UnifiedJedis redis = io.redcron.store.redis.RedisConnector.open(redisConfig, "probe", 1)) {
            new io.redcron.store.redis.RedisEventBus(redis, new io.redcron.store.redis.RedisKeys(cluster.namespace()),
                    redisConfig).publish(new io.redcron.port.EventBus.Event(io.redcron.port.EventBus.Event.Kind.TASK_CHANGED,
                    task.id()));
        }
    }

    /** A run whose attempt began: RUNNING and begun (a claim held for its time is RUNNING, not begun). */
    private Run awaitRunning(Task task) {
        long[] begun = new long[1];
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> {
            try (java.sql.Connection connection = cluster.dataSource().getConnection();
                 java.sql.PreparedStatement query = connection.prepareStatement("SELECT id FROM task_run"
                         + " WHERE task_id = ? AND status = 'RUNNING' AND attempt_began = TRUE ORDER BY id LIMIT 1")) {
                query.setLong(1, task.id());
                try (java.sql.ResultSet row = query.executeQuery()) {
                    begun[0] = row.next() ? row.getLong(1) : 0;
                }
            }
            return begun[0] != 0;
        });
        return cluster.runs().get(begun[0]).orElseThrow();
    }
}
