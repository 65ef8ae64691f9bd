package io.redcron.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunRequest;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Sharding;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.RunOutbox;
import io.redcron.store.mysql.MysqlRunOutbox;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testing.TestDatabase;
import io.redcron.testkit.Concurrently;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** The JDBC client on a real MariaDB, read back through the core's own stores. */
class JdbcRedcronClientIT {
    private static HikariDataSource pool;
    private String ns;
    private Task task;
    private JdbcRedcronClient client;
    private final MysqlRunStore runs = new MysqlRunStore(pool, Clock.systemUTC());
    private final RunOutbox outbox = new MysqlRunOutbox(pool);

    @BeforeAll
    static void openDatabase() {
        pool = TestDatabase.freshDataSource();
    }

    @AfterAll
    static void closeDatabase() {
        pool.close();
    }

    @BeforeEach
    void createTask() {
        ns = TaskFixtures.freshNamespace();
        task = new MysqlTaskStore(pool, Clock.systemUTC()).create(TaskFixtures.shell(ns, "cancel-order").group("orders")
                .retry(RetryPolicy.retries(2)).build(), "test");
        client = RedcronClient.jdbc(pool, ns);
    }

    private interface InTransaction<T> {
        T run(Connection connection) throws SQLException;
    }

    private static <T> T inTransaction(boolean commit, InTransaction<T> work) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            try {
                return work.run(connection);
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

    private static long count(String sql, Object value) throws SQLException {
        try (Connection connection = pool.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, value);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    private long runsOfTask() throws SQLException {
        return count("SELECT COUNT(*) FROM task_run WHERE task_id = ?", task.id());
    }

    @Test
    void aRunScheduledInACommittedTransactionIsRecordedWithItsOutboxEntry() throws SQLException {
        ScheduledRun scheduled = inTransaction(true, connection -> client.schedule(connection,
                ScheduleRequest.of("cancel-order").in(Duration.ofMinutes(30)).param("ORDER_ID", "42")));

        Run run = runs.get(scheduled.id()).orElseThrow();
        assertThat(scheduled.created()).isTrue();
        assertThat(scheduled.task()).isEqualTo("cancel-order");
        assertThat(run.scheduledAt()).isEqualTo(scheduled.scheduledAt());
        assertThat(run.scheduledAt()).isBetween(Instant.now().plus(Duration.ofMinutes(29)),
                Instant.now().plus(Duration.ofMinutes(31)));
        assertThat(run.scheduledAt().getNano()).as("never a whole second").isNotZero();
        assertThat(run.trigger()).isEqualTo(TriggerType.ONE_OFF);
        assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(run.maxAttempts()).isEqualTo(task.retry().maxAttempts());
        assertThat(run.params()).isEqualTo(Map.of("ORDER_ID", "42"));
        assertThat(run.group()).isEqualTo("orders");
        assertThat(outbox.pending(ns, 10)).containsExactly(
                new RunOutbox.Entry(run.id(), "orders", run.scheduledAt(), RunStatus.QUEUED));
    }

    @Test
    void aRunScheduledInARolledBackTransactionLeavesNothing() throws SQLException {
        inTransaction(false, connection -> client.schedule(connection, ScheduleRequest.of("cancel-order")
                .in(Duration.ofSeconds(5)).idempotencyKey("cancel-order-7")));

        assertThat(runsOfTask()).isZero();
        assertThat(count("SELECT COUNT(*) FROM run_request_key WHERE task_id = ?", task.id())).isZero();
        assertThat(outbox.pending(ns, 10)).isEmpty();
    }

    /** Field by field as the core records the same request, but for the id and the moment. */
    @Test
    void aRunIsRecordedAsTheCoreRecordsARequestedRun() throws SQLException {
        Instant at = Instant.now().plus(Duration.ofHours(2)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        ScheduledRun fromClient = client.schedule(ScheduleRequest.of("cancel-order").at(at).param("A", "1 \"2\""));
        Run core = runs.insertRequested(task.id(), new RunRequest(Map.of("A", "1 \"2\""), at, null), Instant.now(),
                task.retry().maxAttempts()).run();
        ScheduledRun now = client.schedule(ScheduleRequest.of("cancel-order"));
        Run coreNow = runs.insertManual(task.id(), Instant.now(), task.retry().maxAttempts(), Map.of());

        assertThat(comparable(runs.get(fromClient.id()).orElseThrow())).isEqualTo(comparable(core));
        assertThat(fromClient.scheduledAt()).isEqualTo(at.plusMillis(1));
        assertThat(core.scheduledAt()).isEqualTo(at.plusMillis(2));
        assertThat(comparable(runs.get(now.id()).orElseThrow())).isEqualTo(comparable(coreNow));
    }

    private static Run comparable(Run run) {
        return new Run(0, run.taskId(), run.namespace(), run.taskName(), run.group(), run.trigger(), Instant.EPOCH, run.status(),
                run.attempt(), run.maxAttempts(), run.lostAttempts(), run.node(), run.leaseUntil(), Instant.EPOCH, run.startedAt(),
                run.finishedAt(), run.exitCode(), run.output(), run.error(), run.params(), run.shardIndex(),
                run.shardTotal());
    }

    @Test
    void theSameKeyFromEightTransactionsAtOnceIsOneRun() throws Exception {
        List<Callable<ScheduledRun>> requests = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            int client = i;
            requests.add(() -> inTransaction(true, connection -> this.client.schedule(connection,
                    ScheduleRequest.of("cancel-order").in(Duration.ofMinutes(10)).param("FROM", "client-" + client)
                            .idempotencyKey("cancel-order-42"))));
        }

        List<ScheduledRun> scheduled = Concurrently.runTogether(requests);

        assertThat(scheduled).extracting(ScheduledRun::id).containsOnly(scheduled.get(0).id());
        assertThat(scheduled).filteredOn(ScheduledRun::created).hasSize(1);
        assertThat(scheduled).extracting(ScheduledRun::scheduledAt).containsOnly(scheduled.get(0).scheduledAt());
        assertThat(runsOfTask()).isOne();
        assertThat(outbox.pending(ns, 10)).hasSize(1);
    }

    @Test
    void aKeyHeldByATransactionThatRollsBackGoesToTheNextRequest() throws Exception {
        ScheduleRequest request = ScheduleRequest.of("cancel-order").idempotencyKey("order-9");
        ScheduledRun second;
        try (Connection first = pool.getConnection()) {
            first.setAutoCommit(false);
            client.schedule(first, request);
            CompletableFuture<ScheduledRun> waiting = CompletableFuture.supplyAsync(() -> client.schedule(request));
            first.rollback();
            first.setAutoCommit(true);
            second = waiting.get();
        }

        assertThat(second.created()).isTrue();
        assertThat(runsOfTask()).isOne();
        assertThat(client.schedule(request)).isEqualTo(new ScheduledRun(second.id(), "cancel-order",
                second.scheduledAt(), false));
    }

    @Test
    void aKeyWhoseRunWasDeletedGetsANewRun() throws SQLException {
        ScheduleRequest request = ScheduleRequest.of("cancel-order").idempotencyKey("order-10");
        ScheduledRun first = client.schedule(request);
        try (Connection connection = pool.getConnection();
             PreparedStatement delete = connection.prepareStatement("DELETE FROM task_run WHERE id = ?")) {
            delete.setLong(1, first.id());
            delete.executeUpdate();
        }

        ScheduledRun again = client.schedule(request);

        assertThat(again.created()).isTrue();
        assertThat(again.id()).isNotEqualTo(first.id());
        assertThat(client.schedule(request).id()).isEqualTo(again.id());
    }

    @Test
    void aShardedTasksRunIsTheParentTheLeaderSplitsAndNeedsNoOutboxEntry() throws SQLException {
        new MysqlTaskStore(pool, Clock.systemUTC()).create(TaskFixtures.shell(ns, "reindex").sharding(Sharding.fixed(3))
                .build(), "test");

        ScheduledRun scheduled = client.schedule(ScheduleRequest.of("reindex"));

        assertThat(runs.get(scheduled.id()).orElseThrow().status()).isEqualTo(RunStatus.SHARDED);
        assertThat(outbox.pending(ns, 10)).isEmpty();
    }

    @Test
    void aTaskOfAnotherNamespaceOrNoneIsRefusedNamingTheTask() {
        JdbcRedcronClient elsewhere = RedcronClient.jdbc(pool, TaskFixtures.freshNamespace());
        assertThatThrownBy(() -> elsewhere.schedule(ScheduleRequest.of("cancel-order")))
                .isInstanceOfSatisfying(RedcronClientException.class, e -> assertThat(e.field()).isEqualTo("task"))
                .hasMessageContaining("no task 'cancel-order' in namespace");
        assertThatThrownBy(() -> client.schedule(ScheduleRequest.of("cancel-order").in(Duration.ofDays(367))))
                .isInstanceOfSatisfying(RedcronClientException.class, e -> assertThat(e.field()).isEqualTo("at"));
    }

    @Test
    void aConnectionInAutoCommitModeIsRefused() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            assertThatThrownBy(() -> client.schedule(connection, ScheduleRequest.of("cancel-order")))
                    .isInstanceOfSatisfying(RedcronClientException.class,
                            e -> assertThat(e.field()).isEqualTo("connection"));
        }
        assertThat(runsOfTask()).isZero();
    }

    @Test
    void aRunIsCancelledOnlyBeforeItStartsAndOnlyInItsNamespace() throws SQLException {
        ScheduledRun waiting = client.schedule(ScheduleRequest.of("cancel-order").in(Duration.ofHours(1)));
        ScheduledRun claimed = client.schedule(ScheduleRequest.of("cancel-order"));
        Instant now = Instant.now();
        runs.claim(claimed.id(), "worker-a", now, now.plusSeconds(30)).orElseThrow();

        assertThat(RedcronClient.jdbc(pool, TaskFixtures.freshNamespace()).cancel(waiting.id())).isFalse();
        boolean cancelledThenRolledBack = inTransaction(false, connection -> client.cancel(connection, waiting.id()));
        assertThat(cancelledThenRolledBack).isTrue();
        assertThat(runs.get(waiting.id()).orElseThrow().status()).as("rolled back").isEqualTo(RunStatus.QUEUED);
        assertThat(client.cancel(waiting.id())).isTrue();
        assertThat(client.cancel(waiting.id())).isFalse();
        assertThat(client.cancel(claimed.id())).isFalse();
        assertThat(client.cancel(987_654_321L)).isFalse();

        Run cancelled = runs.get(waiting.id()).orElseThrow();
        assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.finishedAt()).isNotNull();
        assertThat(cancelled.error()).contains("cancelled by the application");
        assertThat(outbox.pending(ns, 10)).filteredOn(entry -> entry.runId() == waiting.id())
                .singleElement().satisfies(entry -> assertThat(entry.waits()).isFalse());
    }
}
