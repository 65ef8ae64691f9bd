package io.redcron.node.worker;

import io.redcron.domain.AlertRule;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.alert.AlertKind;
import io.redcron.node.alert.RecordedAlerts;
import io.redcron.node.testkit.ManualCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** RUN_SLOW: a run still executing past its task's limit, watched on a cluster driven by hand. */
class SlowRunWatchTest {
    private final RecordedAlerts alerts = new RecordedAlerts();
    private final ManualCluster cluster = new ManualCluster(ManualCluster.Settings.defaults()
            .withLease(Duration.ofHours(1)), alerts);
    private final SlowRunWatch watch = new SlowRunWatch(cluster.worker(), ManualCluster.NAMESPACE,
            cluster.stores().alertRules(), cluster.stores().statistics(), alerts, cluster.clock());

    @AfterEach
    void close() throws Exception {
        cluster.close();
    }

    @Test
    void aRunPastItsFixedLimitIsReportedOnceWhileItRuns() {
        Task task = task("export", new AlertRule(Duration.ofMinutes(10), null, null));
        Task other = task("import", null);
        Run run = cluster.trigger(task);
        cluster.trigger(other);
        cluster.workerIntake();

        cluster.advance(Duration.ofMinutes(10));
        watch.run();
        assertThat(alerts.all()).as("not past the limit yet").isEmpty();

        cluster.advance(Duration.ofSeconds(1));
        watch.run();
        cluster.advance(Duration.ofMinutes(5));
        watch.run();
        assertThat(alerts.of(AlertKind.RUN_SLOW)).singleElement().satisfies(alert -> {
            assertThat(alert.runId()).isEqualTo(run.id());
            assertThat(alert.details()).containsEntry("limit", "slowAfter 10m");
        });
    }

    @Test
    void aFactorOfTheTasksOwnP95CountsOnceThereIsOne() {
        Task task = task("nightly", null);
        for (int i = 0; i < 3; i++) {
            Run run = cluster.trigger(task);
            cluster.workerIntake();
            cluster.advance(Duration.ofMinutes(2));
            cluster.succeed(run);
        }
        cluster.stores().alertRules().change(ManualCluster.NAMESPACE, task.id(),
                new AlertRule(null, new BigDecimal("2"), null), "alice");
        Run slow = cluster.trigger(task);
        cluster.workerIntake();

        cluster.advance(Duration.ofMinutes(4));
        watch.run();
        assertThat(alerts.of(AlertKind.RUN_SLOW)).as("twice the p95 of 2m, not more").isEmpty();

        cluster.advance(Duration.ofSeconds(1));
        watch.run();
        assertThat(alerts.of(AlertKind.RUN_SLOW)).singleElement().satisfies(alert -> {
            assertThat(alert.runId()).isEqualTo(slow.id());
            assertThat(alert.details().get("limit")).isEqualTo("2 × p95 (2m)");
        });
    }

    private Task task(String name, AlertRule rule) {
        Task task = cluster.add(Task.builder().name(name).cron("0 12 * * *").concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        if (rule != null) {
            cluster.stores().alertRules().change(ManualCluster.NAMESPACE, task.id(), rule, "alice");
        }
        return task;
    }
}
