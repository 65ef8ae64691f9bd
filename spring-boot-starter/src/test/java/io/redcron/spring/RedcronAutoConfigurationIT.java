package io.redcron.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.client.JdbcRedcronClient;
import io.redcron.client.RedcronClientException;
import io.redcron.client.ScheduleRequest;
import io.redcron.client.ScheduledRun;
import io.redcron.config.MysqlConfig;
import io.redcron.domain.Task;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testing.TestDatabase;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.autoconfigure.transaction.TransactionAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/** The auto-configuration in real application contexts, over a real MariaDB. */
class RedcronAutoConfigurationIT {
    private static MysqlConfig database;
    private String ns;
    private ApplicationContextRunner runner;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.freshSchema();
    }

    @BeforeEach
    void createTask() {
        ns = TaskFixtures.freshNamespace();
        runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                        RedcronAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + database.connectorUrl(),
                        "spring.datasource.username=" + database.user(),
                        "spring.datasource.password=" + database.password().reveal(),
                        "redcron.namespace=" + ns);
    }

    private Task task(AssertableApplicationContext context) {
        return new MysqlTaskStore(context.getBean(DataSource.class), Clock.systemUTC())
                .create(TaskFixtures.shell(ns, "send-reminder").build(), "test");
    }

    private static long count(AssertableApplicationContext context, String sql, Object... args) {
        return new JdbcTemplate(context.getBean(DataSource.class)).queryForObject(sql, Long.class, args);
    }

    private static ScheduleRequest reminder(String key) {
        ScheduleRequest request = ScheduleRequest.of("send-reminder").in(Duration.ofHours(1)).param("USER", "7");
        return key == null ? request : request.idempotencyKey(key);
    }

    @Test
    void theClientAndTheTemplateServeTheConfiguredNamespace() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(JdbcRedcronClient.class).hasSingleBean(RedcronTemplate.class)
                    .hasSingleBean(RedcronHealthIndicator.class).doesNotHaveBean(RedcronMeters.class);
            assertThat(context.getBean(RedcronTemplate.class).namespace()).isEqualTo(ns);
        });
    }

    @Test
    void nothingIsConfiguredWhenDisabledOrWithoutADataSource() {
        runner.withPropertyValues("redcron.enabled=false").run(context ->
                assertThat(context).doesNotHaveBean(JdbcRedcronClient.class).doesNotHaveBean(RedcronTemplate.class));
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedcronAutoConfiguration.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RedcronTemplate.class));
        runner.withPropertyValues("management.health.redcron.enabled=false").run(context ->
                assertThat(context).hasSingleBean(RedcronTemplate.class).doesNotHaveBean(RedcronHealthIndicator.class));
    }

    @Test
    void aBadNamespaceStopsTheApplicationFromStarting() {
        runner.withPropertyValues("redcron.namespace= ").run(context ->
                assertThat(context).hasFailed().getFailure().hasRootCauseInstanceOf(RedcronClientException.class));
    }

    @Test
    void aRunScheduledInACommittedTransactionExistsWithItsOutboxEntry() {
        runner.run(context -> {
            Task task = task(context);
            TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
            ScheduledRun run = transaction.execute(status -> context.getBean(RedcronTemplate.class)
                    .schedule(reminder("reminder-7")));

            assertThat(run.created()).isTrue();
            assertThat(count(context, "SELECT COUNT(*) FROM task_run WHERE id = ? AND task_id = ? AND status = 'QUEUED'"
                    + " AND trigger_type = 'ONE_OFF'", run.id(), task.id())).isOne();
            assertThat(count(context, "SELECT COUNT(*) FROM run_outbox WHERE run_id = ?", run.id())).isOne();
            assertThat(count(context, "SELECT COUNT(*) FROM run_request_key WHERE run_id = ?", run.id())).isOne();
        });
    }

    @Test
    void aRunScheduledInARolledBackTransactionNeverExistedAndItsKeyIsFree() {
        runner.run(context -> {
            Task task = task(context);
            RedcronTemplate redcron = context.getBean(RedcronTemplate.class);
            TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
            ScheduledRun undone = transaction.execute(status -> {
                ScheduledRun run = redcron.schedule(reminder("reminder-8"));
                status.setRollbackOnly();
                return run;
            });

            assertThat(count(context, "SELECT COUNT(*) FROM task_run WHERE task_id = ?", task.id())).isZero();
            assertThat(count(context, "SELECT COUNT(*) FROM run_outbox WHERE run_id = ?", undone.id())).isZero();
            assertThat(count(context, "SELECT COUNT(*) FROM run_request_key WHERE task_id = ?", task.id())).isZero();
            ScheduledRun again = transaction.execute(status -> redcron.schedule(reminder("reminder-8")));
            assertThat(again.created()).as("the key was free again").isTrue();
        });
    }

    @Test
    void theTemplateRefusesToScheduleOrCancelOutsideATransaction() {
        runner.run(context -> {
            Task task = task(context);
            RedcronTemplate redcron = context.getBean(RedcronTemplate.class);
            assertThatThrownBy(() -> redcron.schedule(reminder(null))).isInstanceOfSatisfying(
                    RedcronClientException.class, e -> assertThat(e.field()).isEqualTo("transaction"));
            assertThatThrownBy(() -> redcron.cancel(1)).isInstanceOf(RedcronClientException.class);
            assertThat(count(context, "SELECT COUNT(*) FROM task_run WHERE task_id = ?", task.id())).isZero();

            ScheduledRun own = redcron.client().schedule(reminder(null));
            assertThat(count(context, "SELECT COUNT(*) FROM task_run WHERE id = ?", own.id()))
                    .as("the client commits in a transaction of its own").isOne();
            TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
            assertThat((Boolean) transaction.execute(status -> redcron.cancel(own.id()))).isTrue();
            assertThat(count(context, "SELECT COUNT(*) FROM task_run WHERE id = ? AND status = 'CANCELLED'", own.id()))
                    .isOne();
        });
    }

    @Test
    void theHealthShowsTheNamespacesLeaderOnceOneTookItsTerm() {
        runner.run(context -> {
            RedcronHealthIndicator indicator = context.getBean(RedcronHealthIndicator.class);
            Health none = indicator.health();
            assertThat(none.getStatus()).isEqualTo(Status.UNKNOWN);
            assertThat(none.getDetails()).containsEntry("namespace", ns);

            new MysqlFencingEpochs(context.getBean(DataSource.class), Clock.systemUTC()).advance(ns, "node-1");
            Health led = indicator.health();
            assertThat(led.getStatus()).isEqualTo(Status.UP);
            assertThat(led.getDetails()).containsEntry("namespace", ns).containsEntry("leader", "node-1")
                    .containsEntry("epoch", 1L).containsKey("leaderSince");
        });
    }

    @Test
    void theHealthIsDownWhenTheDatabaseDoesNotAnswer() {
        runner.withPropertyValues("spring.datasource.password=wrong-" + database.password().reveal(),
                "spring.datasource.hikari.connection-timeout=250",
                "spring.datasource.hikari.initialization-fail-timeout=-1").run(context ->
                assertThat(context.getBean(RedcronHealthIndicator.class).health().getStatus()).isEqualTo(Status.DOWN));
    }

    @Test
    void theMetersCountCommittedRolledBackExistingAndRefusedRuns() {
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
            task(context);
            RedcronTemplate redcron = context.getBean(RedcronTemplate.class);
            TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
            transaction.execute(status -> redcron.schedule(reminder("a")));
            transaction.execute(status -> redcron.schedule(reminder("a")));
            transaction.execute(status -> {
                redcron.schedule(reminder("b"));
                status.setRollbackOnly();
                return null;
            });
            assertThatThrownBy(() -> transaction.execute(status -> redcron.schedule(ScheduleRequest.of("no-such-task"))))
                    .isInstanceOf(RedcronClientException.class);

            MeterRegistry meters = context.getBean(MeterRegistry.class);
            Map<String, Double> counted = Map.of(
                    "recorded", 1.0, "existing", 1.0, "rolled-back", 1.0, "refused", 1.0);
            counted.forEach((outcome, count) -> assertThat(meters.get("redcron.client.schedules")
                    .tags("namespace", ns, "outcome", outcome).counter().count()).as(outcome).isEqualTo(count));
            assertThat(meters.get("redcron.client.schedule").tags("outcome", "recorded").timer().count()).isEqualTo(2);
            assertThat(meters.get("redcron.client.schedule").tags("outcome", "refused").timer().count()).isOne();
        });
    }
}
