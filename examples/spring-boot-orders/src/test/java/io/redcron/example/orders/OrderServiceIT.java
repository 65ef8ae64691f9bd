package io.redcron.example.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.redcron.client.ScheduledRun;
import io.redcron.config.MysqlConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testing.TestDatabase;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The order service in its real Spring Boot application, on a real MariaDB with Redcron's schema
 * (a database of its own, from the project's test kit). No Redcron node runs here: the tests read
 * what a node would find, the run, its outbox entry and its idempotency key.
 */
// The test kit brings Redcron's Flyway (for its own migrations) onto the class path; the
// application does not migrate Redcron's schema, so Spring Boot's Flyway support stays off.
@SpringBootTest(properties = "spring.flyway.enabled=false")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OrderServiceIT {
    private static final MysqlConfig DATABASE = TestDatabase.freshSchema();
    private static final String NAMESPACE = TaskFixtures.freshNamespace();

    @DynamicPropertySource
    static void redcronDatabase(DynamicPropertyRegistry properties) {
        properties.add("spring.datasource.url", DATABASE::connectorUrl);
        properties.add("spring.datasource.username", DATABASE::user);
        properties.add("spring.datasource.password", () -> DATABASE.password().reveal());
        properties.add("redcron.namespace", () -> NAMESPACE);
    }

    @Autowired
    OrderService orders;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    DataSource dataSource;
    @Autowired
    HealthEndpoint health;
    @Autowired
    MeterRegistry meters;

    private Task cancelTask;
    private MysqlRunStore runs;

    /** The task as an operator defines it (CLI, desktop, task file); here through the core's store. */
    @BeforeAll
    void defineTheTask() {
        cancelTask = new MysqlTaskStore(dataSource, Clock.systemUTC())
                .create(TaskFixtures.shell(NAMESPACE, OrderService.CANCEL_TASK).build(), "test");
        runs = new MysqlRunStore(dataSource, Clock.systemUTC());
    }

    private long count(String sql, Object... args) {
        return jdbc.queryForObject(sql, Long.class, args);
    }

    @Test
    void aPlacedOrderHasItsCancellationQueuedForThirtyMinutesLater() {
        ScheduledRun cancellation = orders.placeOrder(1001, "ada", 4_200);

        Run run = runs.get(cancellation.id()).orElseThrow();
        assertThat(run.taskId()).isEqualTo(cancelTask.id());
        assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(run.trigger()).isEqualTo(TriggerType.ONE_OFF);
        assertThat(run.params()).isEqualTo(Map.of("ORDER_ID", "1001"));
        assertThat(run.scheduledAt()).isBetween(Instant.now().plus(Duration.ofMinutes(29)),
                Instant.now().plus(Duration.ofMinutes(31)));
        assertThat(count("SELECT COUNT(*) FROM run_outbox WHERE run_id = ?", run.id()))
                .as("the outbox entry a leader relays").isOne();
        assertThat(count("SELECT COUNT(*) FROM shop_order WHERE id = 1001 AND status = 'UNPAID' AND cancel_run_id = ?",
                run.id())).isOne();
    }

    @Test
    void anOrderThatFailsLeavesNoOrderNoRunNoOutboxEntryAndNoKey() {
        long runsBefore = count("SELECT COUNT(*) FROM task_run WHERE task_id = ?", cancelTask.id());
        long outboxBefore = count("SELECT COUNT(*) FROM run_outbox");

        assertThatThrownBy(() -> orders.placeOrderThenFail(1002, "bob", 990))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("payment provider");

        assertThat(count("SELECT COUNT(*) FROM shop_order WHERE id = 1002")).isZero();
        assertThat(count("SELECT COUNT(*) FROM task_run WHERE task_id = ?", cancelTask.id())).isEqualTo(runsBefore);
        assertThat(count("SELECT COUNT(*) FROM run_outbox")).isEqualTo(outboxBefore);
        assertThat(count("SELECT COUNT(*) FROM run_request_key WHERE idempotency_key = 'cancel-order-1002'")).isZero();
    }

    @Test
    void theSameOrderPlacedTwiceHasOneCancellation() {
        ScheduledRun first = orders.placeOrder(1003, "cy", 100);
        ScheduledRun retried = orders.placeOrder(1003, "cy", 100);

        assertThat(retried.id()).isEqualTo(first.id());
        assertThat(retried.created()).isFalse();
        assertThat(count("SELECT COUNT(*) FROM task_run WHERE task_id = ? AND params LIKE '%\"1003\"%'",
                cancelTask.id())).isOne();
        assertThat(count("SELECT COUNT(*) FROM shop_order WHERE id = 1003")).isOne();
    }

    @Test
    void payingAnOrderCancelsItsCancellation() {
        ScheduledRun cancellation = orders.placeOrder(1004, "dee", 2_500);

        assertThat(orders.pay(1004)).isTrue();
        assertThat(runs.get(cancellation.id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(orders.pay(1004)).as("already paid").isFalse();
    }

    @Test
    void theHealthEndpointShowsRedcronAndItsNamespacesLeader() {
        Health before = (Health) health.healthForPath("redcron");
        assertThat(before.getStatus()).as("no node has led the namespace yet").isEqualTo(Status.UNKNOWN);
        assertThat(before.getDetails()).containsEntry("namespace", NAMESPACE);

        // What a node does when it becomes the namespace's leader.
        new MysqlFencingEpochs(dataSource, Clock.systemUTC()).advance(NAMESPACE, "node-1");

        Health after = (Health) health.healthForPath("redcron");
        assertThat(after.getStatus()).isEqualTo(Status.UP);
        assertThat(after.getDetails()).containsEntry("leader", "node-1");
    }

    @Test
    void theMetersCountRecordedAndRolledBackCancellations() {
        double recorded = schedules("recorded");
        double rolledBack = schedules("rolled-back");

        orders.placeOrder(1005, "eve", 700);
        assertThatThrownBy(() -> orders.placeOrderThenFail(1006, "fay", 800)).isInstanceOf(IllegalStateException.class);

        assertThat(schedules("recorded")).isEqualTo(recorded + 1);
        assertThat(schedules("rolled-back")).isEqualTo(rolledBack + 1);
        assertThat(meters.get("redcron.client.schedule").tags("outcome", "recorded").timer().count()).isPositive();
    }

    private double schedules(String outcome) {
        return meters.get("redcron.client.schedules").tags("namespace", NAMESPACE, "outcome", outcome).counter().count();
    }
}
