package io.redcron.node.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.redcron.client.JdbcRedcronClient;
import io.redcron.client.RedcronClient;
import io.redcron.client.ScheduleRequest;
import io.redcron.client.ScheduledRun;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.store.redis.RedisRunQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Runs an application schedules with the JDBC client inside its own transactions, run by a real
 * node: the leader's outbox relay queues them once the transaction commits, and a run whose
 * transaction rolled back does not exist, so nothing can ever run it.
 */
class ClientRunsIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    private Task task(String name, String command) {
        // A schedule that never comes: these tasks run only when asked.
        return cluster.add(cluster.shell(name, "0 0 0 1 1 ? 2099", command));
    }

    private ScheduledRun scheduleIn(boolean commit, JdbcRedcronClient client, ScheduleRequest request)
            throws SQLException {
        try (Connection connection = cluster.dataSource().getConnection()) {
            connection.setAutoCommit(false);
            try {
                return client.schedule(connection, request);
            } finally {
                if (commit) {
                    connection.commit();
                } else {
                    connection.rollback();
                }
                connection.setAutoCommit(true);
            }
        }
    }

    private Run ended(long runId) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> cluster.runs().get(runId).orElseThrow().status().isFinal());
        return cluster.runs().get(runId).orElseThrow();
    }

    @Test
    void aDelayedRunScheduledInACommittedTransactionIsHeldByTheRelayAndRunsAtItsTime() throws SQLException {
        task("cancel-order", "echo \"cancelling order $REDCRON_PARAM_ORDER_ID\"");
        cluster.start("node-a");
        JdbcRedcronClient client = RedcronClient.jdbc(cluster.dataSource(), cluster.namespace());

        ScheduledRun now = scheduleIn(true, client, ScheduleRequest.of("cancel-order").param("ORDER_ID", "41"));
        ScheduledRun later = scheduleIn(true, client, ScheduleRequest.of("cancel-order").in(Duration.ofSeconds(10))
                .param("ORDER_ID", "42").idempotencyKey("cancel-order-42"));

        // On the delayed set well before it is due: the relay put it there, not the reconciler,
        // which only queues runs that are due.
        RedisRunQueue queue = new RedisRunQueue(cluster.redis(), cluster.keys());
        await().atMost(Duration.ofSeconds(8)).pollInterval(Duration.ofMillis(50))
                .until(() -> queue.delayed(1000).contains(later.id()));
        assertThat(cluster.runs().get(later.id()).orElseThrow().status()).isEqualTo(RunStatus.QUEUED);

        Run first = ended(now.id());
        assertThat(first.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(first.output()).contains("cancelling order 41");
        Run second = ended(later.id());
        assertThat(second.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(second.output()).contains("cancelling order 42");
        assertThat(second.startedAt()).isAfterOrEqualTo(later.scheduledAt());
        assertThat(client.schedule(ScheduleRequest.of("cancel-order").idempotencyKey("cancel-order-42")).id())
                .isEqualTo(later.id());
    }

    @Test
    void aDelayedRunScheduledInARolledBackTransactionNeverRuns() throws SQLException {
        Task rolledBack = task("rolled-back", "echo ran");
        Task witness = task("witness", "echo witnessed");
        cluster.start("node-a");
        JdbcRedcronClient client = RedcronClient.jdbc(cluster.dataSource(), cluster.namespace());

        scheduleIn(false, client, ScheduleRequest.of("rolled-back").in(Duration.ofSeconds(2)).idempotencyKey("k-1"));
        // Scheduled after, due after: once it has run, the rolled-back run's time has long passed.
        ScheduledRun witnessed = scheduleIn(true, client, ScheduleRequest.of("witness").in(Duration.ofSeconds(4)));

        assertThat(ended(witnessed.id()).status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(cluster.runsOf(rolledBack)).isEmpty();
        assertThat(cluster.runsOf(witness)).hasSize(1);
        ScheduledRun again = client.schedule(ScheduleRequest.of("rolled-back").idempotencyKey("k-1"));
        assertThat(again.created()).as("the rolled-back request never took the key").isTrue();
    }

    @Test
    void aRunCancelledBeforeItsTimeNeverRuns() throws SQLException {
        Task task = task("reminder", "echo reminded");
        Task witness = task("witness", "echo witnessed");
        cluster.start("node-a");
        JdbcRedcronClient client = RedcronClient.jdbc(cluster.dataSource(), cluster.namespace());

        ScheduledRun reminder = client.schedule(ScheduleRequest.of("reminder").in(Duration.ofSeconds(6)));
        RedisRunQueue queue = new RedisRunQueue(cluster.redis(), cluster.keys());
        await().atMost(Duration.ofSeconds(5)).until(() -> queue.delayed(1000).contains(reminder.id()));
        assertThat(client.cancel(reminder.id())).isTrue();
        ScheduledRun witnessed = client.schedule(ScheduleRequest.of("witness").in(Duration.ofSeconds(8)));

        assertThat(ended(witnessed.id()).status()).isEqualTo(RunStatus.SUCCEEDED);
        Run cancelled = cluster.runs().get(reminder.id()).orElseThrow();
        assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.attempt()).isZero();
        assertThat(cluster.runsOf(task)).hasSize(1);
    }
}
