package io.redcron.node.alert;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.testkit.ManualCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** RUN_RECOVERED, raised by the worker that ran the success, on a cluster driven by hand. */
class RecoveryAlertsTest {
    private final RecordedAlerts alerts = new RecordedAlerts();
    private final ManualCluster cluster = new ManualCluster(ManualCluster.Settings.defaults(), alerts);

    @AfterEach
    void close() throws Exception {
        cluster.close();
    }

    @Test
    void aSuccessAfterAFailureIsExactlyOneRecovery() {
        Task task = cluster.add(task("nightly"));
        Run failed = runAndEnd(task, "exit code 3");
        Run success = runAndEnd(task, null);
        runAndEnd(task, null);

        assertThat(alerts.of(AlertKind.RUN_RECOVERED)).singleElement().satisfies(alert -> {
            assertThat(alert.runId()).isEqualTo(success.id());
            assertThat(alert.taskId()).isEqualTo(task.id());
            assertThat(alert.details()).containsEntry("previousStatus", "FAILED");
        });
        assertThat(alerts.of(AlertKind.RUN_FAILED)).extracting(Alert::runId).containsExactly(failed.id());
    }

    @Test
    void successesAloneRecoverNothing() {
        Task task = cluster.add(task("steady"));
        runAndEnd(task, null);
        runAndEnd(task, null);

        assertThat(alerts.of(AlertKind.RUN_RECOVERED)).isEmpty();
    }

    @Test
    void aNewerFailureIsNotClearedByAnOlderRunThatSucceedsAfterIt() {
        Task task = cluster.add(task("overlapping"));
        Run older = cluster.trigger(task);
        cluster.advance(Duration.ofSeconds(1));
        Run newer = cluster.trigger(task);
        cluster.workerIntake();

        cluster.fail(newer, "exit code 1");
        cluster.succeed(older);
        assertThat(alerts.of(AlertKind.RUN_RECOVERED)).as("the older fire says nothing of the newer").isEmpty();

        cluster.advance(Duration.ofSeconds(1));
        Run next = runAndEnd(task, null);
        assertThat(alerts.of(AlertKind.RUN_RECOVERED)).singleElement().extracting(Alert::runId).isEqualTo(next.id());
    }

    @Test
    void aRunTheLeaderFailedAfterLostAttemptsIsRecoveredFromToo() {
        Task task = cluster.add(task("crashing"));
        Run run = cluster.trigger(task);
        for (int lost = 0; lost < 4; lost++) {
            cluster.workerIntake();
            cluster.crashWorker();
            cluster.advance(Duration.ofMinutes(1));
            cluster.reap();
        }
        assertThat(cluster.run(run).status()).isEqualTo(RunStatus.FAILED);

        Run success = runAndEnd(task, null);

        assertThat(alerts.of(AlertKind.RUN_DEAD)).extracting(Alert::runId).containsExactly(run.id());
        assertThat(alerts.of(AlertKind.RUN_RECOVERED)).singleElement().extracting(Alert::runId).isEqualTo(success.id());
    }

    /** A manual run, executed and ended: a success, or a failure with this error. */
    private Run runAndEnd(Task task, String error) {
        cluster.advance(Duration.ofSeconds(1));
        Run run = cluster.trigger(task);
        cluster.workerIntake();
        if (error == null) {
            cluster.succeed(run);
        } else {
            cluster.fail(run, error);
        }
        return cluster.run(run);
    }

    private static Task.Builder task(String name) {
        return Task.builder().name(name).cron("0 12 * * *").concurrencyPolicy(ConcurrencyPolicy.ALLOW);
    }
}
