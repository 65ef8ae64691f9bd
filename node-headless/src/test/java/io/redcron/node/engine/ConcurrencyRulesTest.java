package io.redcron.node.engine;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.testkit.ManualCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The concurrency policies, on a cluster driven by hand. */
class ConcurrencyRulesTest {
    private static final String NEVER = "0 0 1 1 *";

    private final ManualCluster cluster = new ManualCluster();

    @AfterEach
    void close() throws Exception {
        cluster.close();
    }

    @Test
    void allowRunsTwoRunsOfATaskAtOnce() {
        Task task = cluster.add(task("allow", ConcurrencyPolicy.ALLOW));
        Run first = cluster.trigger(task);
        Run second = cluster.trigger(task);

        cluster.workerIntake();

        assertThat(cluster.isExecuting(first)).isTrue();
        assertThat(cluster.isExecuting(second)).isTrue();
    }

    @Test
    void forbidLetsARunWaitForTheOneInFlightInsteadOfOverlapping() {
        Task task = cluster.add(task("forbid-short", ConcurrencyPolicy.FORBID));
        Run first = cluster.trigger(task);
        cluster.workerIntake();
        Run second = cluster.trigger(task);

        cluster.workerIntake();
        assertThat(cluster.run(second).status()).as("waits").isEqualTo(RunStatus.QUEUED);
        assertThat(cluster.isExecuting(second)).isFalse();
        cluster.advance(Duration.ofSeconds(1));
        cluster.schedulerPass();
        cluster.workerIntake();
        assertThat(cluster.isExecuting(second)).as("still waits").isFalse();

        cluster.advance(Duration.ofSeconds(1));
        cluster.succeed(first);
        cluster.advance(Duration.ofSeconds(1));
        cluster.schedulerPass();
        cluster.workerIntake();

        assertThat(cluster.isExecuting(second)).isTrue();
        cluster.succeed(second);
        Run done = cluster.run(second);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.startedAt()).as("never overlapping").isAfterOrEqualTo(cluster.run(first).finishedAt());
    }

    @Test
    void forbidSkipsARunStillBlockedByTheOneInFlightAfterTheMisfireThreshold() {
        Task task = cluster.add(task("forbid", ConcurrencyPolicy.FORBID));
        Run first = cluster.trigger(task);
        cluster.workerIntake();
        Run second = cluster.trigger(task);

        for (int elapsed = 1; elapsed <= 61; elapsed++) {
            cluster.advance(Duration.ofSeconds(1));
            cluster.schedulerPass();
            cluster.workerIntake();
            if (elapsed % 10 == 0) {
                cluster.renewLeases();
            }
        }

        Run skipped = cluster.run(second);
        assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(skipped.error()).contains("run " + first.id()).contains("forbid");
        assertThat(cluster.run(first).status()).as("skipped while the first still ran").isEqualTo(RunStatus.RUNNING);
        cluster.succeed(first);
        assertThat(cluster.run(first).status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    @Test
    void forbidLetsARunWhoseAttemptWasLostGoFirstAndNeverSkipsIt() {
        Task task = cluster.add(task("forbid-rerun", ConcurrencyPolicy.FORBID).retry(RetryPolicy.NONE));
        Run lost = cluster.trigger(task);
        cluster.workerIntake();
        cluster.crashWorker();
        Run later = cluster.trigger(task);
        cluster.advance(Duration.ofSeconds(31));
        assertThat(cluster.reap()).isEqualTo(1);

        cluster.workerIntake();

        assertThat(cluster.isExecuting(lost)).as("the re-run goes first").isTrue();
        assertThat(cluster.run(lost).lostAttempts()).isEqualTo(1);
        assertThat(cluster.run(later).status()).isEqualTo(RunStatus.QUEUED);
        // However long the re-run takes, the run behind it waits; it is not skipped for the re-run.
        cluster.advance(Duration.ofSeconds(10));
        cluster.renewLeases();
        cluster.succeed(lost);
        cluster.advance(Duration.ofSeconds(1));
        cluster.schedulerPass();
        cluster.workerIntake();
        assertThat(cluster.isExecuting(later)).isTrue();
    }

    @Test
    void replaceCancelsTheRunningOneAndStartsTheNew() {
        Task task = cluster.add(task("replace", ConcurrencyPolicy.REPLACE));
        Run first = cluster.trigger(task);
        cluster.workerIntake();
        Run second = cluster.trigger(task);

        cluster.workerIntake();

        Run replaced = cluster.run(first);
        assertThat(replaced.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cluster.isExecuting(second)).isTrue();
        cluster.stores().runs().requestCancel(second.id(), cluster.now(), "by an operator");
        cluster.stores().events().publish(new io.redcron.port.EventBus.Event(
                io.redcron.port.EventBus.Event.Kind.CANCEL_RUN, second.id()));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> cluster.run(second).status() == RunStatus.CANCELLED);
    }

    private static Task.Builder task(String name, ConcurrencyPolicy policy) {
        return Task.builder().name(name).cron(NEVER).concurrencyPolicy(policy);
    }
}
