package io.redcron.node.engine;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.port.EventBus;
import io.redcron.port.PageRequest;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunFilter;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.LockedDownStores;
import io.redcron.testing.LockedDownStores.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A node runs with nothing but the rights of installers/sql/roles.sql and installers/redis/users.acl,
 * over TLS only (a Redis with no plain port, a database whose users require TLS, both verified
 * against the test's CA), and takes every path it has: it leads and schedules, claims runs under
 * each concurrency policy, renews leases, records results and retries, skips misfires, stops
 * replaced and cancelled runs, hands runs back when it stops, and its reaper and reconciler
 * recover runs. An operator, with the operator's rights over TLS, adds the tasks and triggers and
 * cancels runs as the CLI does. Should a path fail here, the grants are wrong, not the node.
 *
 * <p>The root account only stages what no Redcron user may do: a worker that died holding a run,
 * a run left waiting for hours, a schedule missed since 2020. NodeGrantsIT runs each statement of
 * the node's stores on its own, including those only races reach.
 */
class NodeRolesIT {
    private static final String NAMESPACE = "locked";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static LockedDownStores stores;
    static HikariDataSource admin;
    static HikariDataSource operatorDatabase;
    static UnifiedJedis operatorRedis;
    static RedcronConfig operator;
    static Node node;

    @BeforeAll
    static void start() {
        stores = LockedDownStores.startWithTls(dir);
        admin = MysqlDataSources.open(stores.mysqlAdmin());
        operator = config(Role.OPERATOR, Map.of("node.id", "operator-cli"));
        operatorDatabase = MysqlDataSources.open(operator.mysql());
        operatorRedis = RedisConnector.open(operator.redis(), "operator-cli", 2);
        node = new Node(config(Role.NODE, Map.of("node.id", "locked-node")), Clock.systemUTC()).start();
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {node, operatorRedis, operatorDatabase, admin, stores}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // the next one still closes
            }
        }
    }

    @Test
    void theNodeUserLeadsSchedulesAndExecutesARunThatAnOperatorsTaskAsksForOverTls() {
        Task task = add(shell("every-second", "echo locked-down $REDCRON_RUN_ID").cron("* * * * * ?"));

        await().atMost(WAIT).until(() -> ended(task, RunStatus.SUCCEEDED).size() >= 2);

        assertThat(node.isLeader()).isTrue();
        // A listing carries no output: read the run itself.
        Run first = runs(admin).get(ended(task, RunStatus.SUCCEEDED).get(0).id()).orElseThrow();
        assertThat(first.output()).contains("locked-down");
        tasks().setEnabled(task.id(), false, "operator");
    }

    @Test
    void aFailingRunIsRetriedThenFails() {
        Task task = add(shell("failing", "echo attempt $REDCRON_ATTEMPT; exit 3")
                .retry(new RetryPolicy(2, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0)));

        Run done = awaitStatus(trigger(task), RunStatus.FAILED);

        assertThat(done.attempt()).isEqualTo(2);
        assertThat(done.exitCode()).isEqualTo(3);
        assertThat(done.output()).contains("attempt 2");
    }

    /** The first run outlives its lease (3 s) several times: only renewals keep it. */
    @Test
    void forbidSkipsARunWhileTheFirstRunsOnARenewedLease() {
        Path started = dir.resolve("forbid-first-started");
        Task task = add(shell("forbid", "touch '" + started + "'; sleep 6; echo first")
                .concurrencyPolicy(ConcurrencyPolicy.FORBID));
        Run first = trigger(task);
        // Executing, not only RUNNING: a claim held for its begin shows RUNNING too, and a second
        // run begun before it would rightly go first.
        await().atMost(WAIT).until(() -> java.nio.file.Files.exists(started));

        Run skipped = awaitStatus(trigger(task), RunStatus.SKIPPED);
        Run done = awaitStatus(first, RunStatus.SUCCEEDED);

        assertThat(skipped.error()).contains("run " + first.id()).contains("forbid");
        assertThat(done.attempt()).isEqualTo(1);
        assertThat(done.lostAttempts()).as("its lease never ran out").isZero();
    }

    @Test
    void replaceStopsTheRunningRunAndAnOperatorCancelsTheNewOne() {
        Task task = add(shell("replace", "sleep 60").concurrencyPolicy(ConcurrencyPolicy.REPLACE));
        Run old = trigger(task);
        awaitStatus(old, RunStatus.RUNNING);

        Run newer = trigger(task);
        awaitStatus(old, RunStatus.CANCELLED);
        awaitStatus(newer, RunStatus.RUNNING);
        cancel(newer);

        assertThat(awaitStatus(newer, RunStatus.CANCELLED).node()).isEqualTo("locked-node");
    }

    @Test
    void theReaperRecoversTheRunsOfAWorkerThatDied() throws SQLException {
        Task task = add(shell("recovered", "echo recovered in attempt $REDCRON_ATTEMPT"));
        Run lost = diedHolding(task, false, 0);
        Run cancelled = diedHolding(task, true, 0);
        Run lostTooOften = diedHolding(task, false, 3);

        Run recovered = awaitStatus(lost, RunStatus.SUCCEEDED);

        assertThat(recovered.node()).isEqualTo("locked-node");
        assertThat(recovered.attempt()).isEqualTo(2);
        assertThat(recovered.lostAttempts()).isEqualTo(1);
        assertThat(recovered.output()).contains("recovered in attempt 2");
        awaitStatus(cancelled, RunStatus.CANCELLED);
        assertThat(awaitStatus(lostTooOften, RunStatus.FAILED).error()).contains("attempts lost");
    }

    @Test
    void theReconcilerQueuesARunRedisLostAndFailsOneNobodyTook() throws SQLException {
        Task task = add(shell("reconciled", "echo found again"));
        Task unserved = add(shell("unserved", "echo never").group("nobody"));
        Run forgotten = runs(operatorDatabase).insertManual(task.id(), Instant.now(), 1, Map.of());
        Run waitedHours = runs(operatorDatabase).insertManual(unserved.id(), Instant.now(), 1, Map.of());
        asAdmin("UPDATE task_run SET due_at = UTC_TIMESTAMP(3) - INTERVAL 2 HOUR WHERE id = ?", waitedHours.id());

        assertThat(awaitStatus(forgotten, RunStatus.SUCCEEDED).output()).contains("found again");
        assertThat(awaitStatus(waitedHours, RunStatus.FAILED).error()).contains("group 'nobody'");
    }

    /** Daily at noon in the last week of 2020: all seven fires were missed, whatever today is. */
    @Test
    void missedFiresAreRecordedAsSkipped() throws SQLException {
        Task task = add(shell("missed", "echo never").cron("0 0 12 25-31 12 ? 2020").misfirePolicy(MisfirePolicy.SKIP));
        asAdmin("UPDATE task SET next_fire_at = '2020-12-25 12:00:00.000', updated_at = UTC_TIMESTAMP(3) WHERE id = ?",
                task.id());

        await().atMost(WAIT).until(() -> ended(task, RunStatus.SKIPPED).size() == 7);

        assertThat(ended(task, RunStatus.SKIPPED)).allSatisfy(run -> assertThat(run.error()).startsWith("misfire: skipped"));
    }

    @Test
    void aStoppingWorkerHandsItsRunBack() {
        Node drainer = new Node(config(Role.NODE, Map.of("node.id", "drainer", "node.roles", "worker",
                "node.groups", "drain", "node.drain-grace", "1s")), Clock.systemUTC()).start();
        Run run;
        try {
            run = trigger(add(shell("drained", "sleep 60").group("drain")));
            awaitStatus(run, RunStatus.RUNNING);
        } finally {
            drainer.close();
        }

        Run back = runs(admin).get(run.id()).orElseThrow();
        assertThat(back.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(back.lostAttempts()).isEqualTo(1);
        assertThat(back.error()).contains("handed back");
    }

    private static Task.Builder shell(String name, String command) {
        return Task.builder().namespace(NAMESPACE).name(name).cron("0 0 0 1 1 ? 2099").dialect(CronDialect.QUARTZ)
                .payload(new ShellPayload(command, null, Map.of())).timeout(Duration.ofSeconds(90));
    }

    private static MysqlTaskStore tasks() {
        return new MysqlTaskStore(operatorDatabase, Clock.systemUTC());
    }

    private static MysqlRunStore runs(HikariDataSource dataSource) {
        return new MysqlRunStore(dataSource, Clock.systemUTC());
    }

    private static Task add(Task.Builder task) {
        return tasks().create(task.build(), "operator");
    }

    /** As {@code redcron-node trigger} does: the run recorded, then queued. */
    private static Run trigger(Task task) {
        Run run = runs(operatorDatabase).insertManual(task.id(), Instant.now(), task.retry().maxAttempts(), Map.of());
        new RedisRunQueue(operatorRedis, new RedisKeys(NAMESPACE)).enqueue(List.of(QueuedRun.of(run.group(), run.id())));
        return run;
    }

    /** As {@code redcron-node cancel} does for a running run: marked, then its worker told. */
    private static void cancel(Run run) {
        runs(operatorDatabase).requestCancel(run.id(), Instant.now(), "cancelled by operator");
        new RedisEventBus(operatorRedis, new RedisKeys(NAMESPACE), operator.redis())
                .publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, run.id()));
    }

    /** A run claimed by a worker that died: its lease ran out a minute ago, after {@code lostBefore} earlier losses. */
    private static Run diedHolding(Task task, boolean cancelRequested, int lostBefore) throws SQLException {
        Run run = runs(operatorDatabase).insertManual(task.id(), Instant.now(), 1, Map.of());
        asAdmin("UPDATE task_run SET status = 'RUNNING', attempt = 1, node = 'dead-node', cancel_requested = ?,"
                + " lost_attempts = ?, started_at = UTC_TIMESTAMP(3) - INTERVAL 2 MINUTE,"
                + " lease_until = UTC_TIMESTAMP(3) - INTERVAL 1 MINUTE WHERE id = ?", cancelRequested, lostBefore, run.id());
        return run;
    }

    private static void asAdmin(String sql, Object... values) throws SQLException {
        try (Connection connection = admin.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            assertThat(statement.executeUpdate()).isOne();
        }
    }

    private static Run awaitStatus(Run run, RunStatus status) {
        MysqlRunStore runs = runs(admin);
        await().atMost(WAIT).until(() -> runs.get(run.id()).orElseThrow().status() == status);
        return runs.get(run.id()).orElseThrow();
    }

    private static List<Run> ended(Task task, RunStatus status) {
        return runs(admin).list(RunFilter.all(NAMESPACE).forTask(task.id()), new PageRequest(0, 100)).items().stream()
                .filter(run -> run.status() == status).toList();
    }

    /** The settings of a node (or the CLI) signed in as {@code role}, over TLS verified against the test's CA. */
    private static RedcronConfig config(Role role, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(Map.of("redis.uri", stores.redisUri(role), "mysql.url",
                stores.jdbcUrl(), "mysql.user", role.databaseUser(), "node.namespace", NAMESPACE, "scheduler.tick", "200ms",
                "scheduler.lease", "3s", "worker.lease", "3s", "scheduler.misfire-threshold", "3s",
                "node.drain-grace", "2s"));
        settings.putAll(Map.of("redis.tls.ca-file", stores.certificates().caPem().toString(),
                "mysql.tls.mode", "verify-identity", "mysql.tls.ca-file", stores.certificates().caPem().toString()));
        settings.putAll(extra);
        return ConfigLoader.load(null, Map.of("REDCRON_REDIS_PASSWORD", role.password().reveal(),
                "REDCRON_MYSQL_PASSWORD", role.password().reveal()), settings);
    }
}
