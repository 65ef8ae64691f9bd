package io.redcron.node.engine;

import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.testkit.ManualCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Retries with backoff, run leases and lost attempts, on a cluster driven by hand. */
class RetryAndLeaseRulesTest {
    private static final String NEVER = "0 0 1 1 *";

    private final ManualCluster cluster = new ManualCluster();

    @AfterEach
    void close() throws Exception {
        cluster.close();
    }

    @Test
    void failuresAreRetriedAfterAGrowingBackoffThenFailAndGoToTheDeadRuns() {
        Task task = cluster.add(Task.builder().name("failing").cron(NEVER)
                .retry(new RetryPolicy(3, Duration.ofSeconds(10), 2.0, Duration.ofMinutes(1), 0.0)));
        Run run = cluster.trigger(task);
        cluster.workerIntake();

        cluster.fail(run, "attempt 1 failed");
        assertThat(cluster.run(run).status()).isEqualTo(RunStatus.RETRYING);
        assertAttemptAfter(run, Duration.ofSeconds(10), 2);
        cluster.fail(run, "attempt 2 failed");
        assertAttemptAfter(run, Duration.ofSeconds(20), 3);
        cluster.fail(run, "attempt 3 failed");

        Run done = cluster.run(run);
        assertThat(done.status()).isEqualTo(RunStatus.FAILED);
        assertThat(done.attempt()).isEqualTo(3);
        assertThat(done.error()).contains("attempt 3 failed");
        assertThat(cluster.stores().inspector().stats().recentDead())
                .anySatisfy(dead -> assertThat(dead.runId()).isEqualTo(run.id()));
    }

    /** Not a moment before the backoff is over, and at once when it is. */
    private void assertAttemptAfter(Run run, Duration backoff, int attempt) {
        cluster.advance(backoff.minusMillis(1));
        cluster.schedulerPass();
        cluster.workerIntake();
        assertThat(cluster.isExecuting(run)).as("still in its backoff").isFalse();
        cluster.advance(Duration.ofMillis(1));
        cluster.schedulerPass();
        cluster.workerIntake();
        assertThat(cluster.isExecuting(run)).isTrue();
        assertThat(cluster.run(run).attempt()).isEqualTo(attempt);
    }

    @Test
    void aRunOfACrashedWorkerIsRecoveredOnceItsLeaseRunsOutAndTheLostAttemptIsRecorded() {
        Task task = cluster.add(Task.builder().name("crashing").cron(NEVER).retry(RetryPolicy.NONE));
        Run run = cluster.trigger(task);
        cluster.workerIntake();
        cluster.crashWorker();

        cluster.advance(Duration.ofSeconds(29));
        assertThat(cluster.reap()).as("the lease still runs").isZero();
        cluster.advance(Duration.ofSeconds(2));
        assertThat(cluster.reap()).isEqualTo(1);
        cluster.workerIntake();
        cluster.succeed(run);

        Run done = cluster.run(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.attempt()).isEqualTo(2);
        assertThat(done.lostAttempts()).as("a lost attempt does not use up the only one").isEqualTo(1);
        assertThat(done.node()).isEqualTo("worker-2");
    }

    @Test
    void aRenewedLeaseOutlivesItsFirstLength() {
        Task task = cluster.add(Task.builder().name("long").cron(NEVER));
        Run run = cluster.trigger(task);
        cluster.workerIntake();

        for (int i = 0; i < 4; i++) {
            cluster.advance(Duration.ofSeconds(20));
            cluster.renewLeases();
            assertThat(cluster.reap()).isZero();
        }

        assertThat(cluster.isExecuting(run)).isTrue();
        cluster.succeed(run);
        assertThat(cluster.run(run).status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    @Test
    void aRunThatKeepsLosingItsWorkerFailsAfterTheMostAttemptsItMayLose() {
        Task task = cluster.add(Task.builder().name("killer").cron(NEVER).retry(RetryPolicy.NONE));
        Run run = cluster.trigger(task);

        for (int lost = 1; lost <= 4; lost++) {
            cluster.workerIntake();
            assertThat(cluster.isExecuting(run)).isTrue();
            cluster.crashWorker();
            cluster.advance(Duration.ofSeconds(31));
            cluster.reap();
        }

        Run failed = cluster.run(run);
        assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
        assertThat(failed.lostAttempts()).isEqualTo(4);
        assertThat(failed.error()).contains("4 attempts lost");
    }
}
