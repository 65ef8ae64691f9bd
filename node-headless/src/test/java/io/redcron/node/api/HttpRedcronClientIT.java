package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.redcron.client.EditPolicy;
import io.redcron.client.HttpRedcronClient;
import io.redcron.client.ReconcileResult;
import io.redcron.client.RedcronClient;
import io.redcron.client.RedcronClientException;
import io.redcron.client.ScheduleRequest;
import io.redcron.client.ScheduledRun;
import io.redcron.client.RemovedTasks;
import io.redcron.client.TaskDeclaration;
import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.node.engine.TestCluster;
import io.redcron.store.mysql.MysqlApiTokenStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

/**
 * The client's HTTP mode against a real node (scheduler, worker and api roles) on MariaDB and
 * Redis: runs scheduled now and later, one run per idempotency key however many threads send it,
 * cancel before and after a run, and each refusal naming its field.
 */
class HttpRedcronClientIT {
    private static final String NEVER = "0 0 0 1 1 ? 2099";

    @RegisterExtension
    static final TestCluster cluster = new TestCluster();

    static String ns;
    static MysqlApiTokenStore tokens;
    static Node node;
    static URI url;
    static HttpRedcronClient operate;
    static HttpRedcronClient read;
    static HttpRedcronClient admin;

    @BeforeAll
    static void start() {
        node = cluster.start("client-api-node", Map.of("node.roles", "scheduler,worker,api", "api.port", "0",
                "api.rate-limit", "1000", "api.max-body", "1048576"));
        ns = cluster.namespace();
        tokens = new MysqlApiTokenStore(cluster.dataSource());
        url = URI.create("http://127.0.0.1:" + node.apiPort());
        operate = RedcronClient.http(url, token("operator-" + ns, ApiScope.OPERATE), ns);
        read = RedcronClient.http(url, token("reader-" + ns, ApiScope.READ), ns);
        admin = RedcronClient.http(url, token("admin-" + ns, ApiScope.ADMIN), ns);
    }

    static String token(String name, ApiScope scope) {
        String secret = ApiToken.newSecret();
        ApiToken stored = tokens.create(ApiToken.draft(name, secret, scope, List.of(ns), Map.of(), Instant.now(), "test",
                null), "test");
        return ApiToken.presented(stored.id(), secret);
    }

    static void addTask(String name, String command) {
        cluster.add(cluster.shell(name, NEVER, command));
    }

    static Run run(long id) {
        return cluster.runs().get(id).orElseThrow();
    }

    static void assertRefused(Runnable call, String field, String problem) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(RedcronClientException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).startsWith(field + ": ").contains(problem).doesNotContain("\n", "rcn_");
        });
    }

    @Test
    void aRunScheduledNowRunsWithItsParameters() {
        addTask("greet", "echo order $REDCRON_PARAM_ORDER_ID");

        ScheduledRun run = operate.schedule(ScheduleRequest.of("greet").param("ORDER_ID", "42"));

        assertThat(run.created()).isTrue();
        assertThat(run.task()).isEqualTo("greet");
        assertThat(run.scheduledAt()).isBetween(Instant.now().minusSeconds(30), Instant.now().plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).until(() -> run(run.id()).status() == RunStatus.SUCCEEDED);
        assertThat(run(run.id()).output()).contains("order 42");
    }

    @Test
    void aRunScheduledLaterWaitsForItsTime() {
        addTask("later", "true");
        Instant before = Instant.now();

        ScheduledRun run = operate.schedule(ScheduleRequest.of("later").in(Duration.ofMinutes(10)));

        assertThat(run.scheduledAt()).isBetween(before.plus(Duration.ofMinutes(10)).minusSeconds(1),
                Instant.now().plus(Duration.ofMinutes(10)).plusSeconds(1));
        assertThat(run(run.id()).status()).isEqualTo(RunStatus.QUEUED);
        assertThat(run(run.id()).scheduledAt()).isEqualTo(run.scheduledAt());

        Instant at = Instant.now().plus(Duration.ofDays(2)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        assertThat(operate.schedule(ScheduleRequest.of("later").at(at)).scheduledAt())
                .isBetween(at, at.plusSeconds(1));
    }

    @Test
    void theSameIdempotencyKeyFromSixteenThreadsAtOnceMakesOneRun() throws Exception {
        addTask("once", "true");
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<ScheduledRun>> calls = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                calls.add(() -> operate.schedule(ScheduleRequest.of("once").in(Duration.ofMinutes(10))
                        .idempotencyKey("deploy-42")));
            }
            List<ScheduledRun> runs = new ArrayList<>();
            for (Future<ScheduledRun> run : pool.invokeAll(calls)) {
                runs.add(run.get());
            }

            assertThat(runs.stream().map(ScheduledRun::id).collect(Collectors.toSet())).hasSize(1);
            assertThat(runs.stream().filter(ScheduledRun::created).count()).isEqualTo(1);
            assertThat(runs.stream().map(ScheduledRun::scheduledAt).collect(Collectors.toSet())).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRunIsCancelledBeforeItStartsAndNotAfterItEnded() {
        addTask("cancellable", "true");
        ScheduledRun waiting = operate.schedule(ScheduleRequest.of("cancellable").in(Duration.ofMinutes(10)));

        assertThat(operate.cancel(waiting.id())).isTrue();
        assertThat(run(waiting.id()).status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(operate.cancel(waiting.id())).as("cancelled already").isFalse();

        ScheduledRun now = operate.schedule(ScheduleRequest.of("cancellable"));
        await().atMost(Duration.ofSeconds(30)).until(() -> run(now.id()).status().isFinal());
        assertThat(operate.cancel(now.id())).isFalse();
        assertThat(run(now.id()).status()).isEqualTo(RunStatus.SUCCEEDED);

        assertThat(operate.cancel(987_654_321L)).as("no such run").isFalse();
    }

    @Test
    void aReadTokenMayNotScheduleNorCancel() {
        addTask("guarded", "true");

        assertRefused(() -> read.schedule(ScheduleRequest.of("guarded")), "token", "has scope read; this needs operate");
        assertRefused(() -> read.cancel(1), "token", "has scope read; this needs operate");
        assertRefused(() -> RedcronClient.http(url, "rcn_1_" + ApiToken.newSecret(), ns)
                .schedule(ScheduleRequest.of("guarded")), "token", "unknown, revoked or expired");
    }

    @Test
    void anUnknownTaskIsTheTasks() {
        assertRefused(() -> operate.schedule(ScheduleRequest.of("no-such-task")), "task",
                "no task named 'no-such-task' in namespace '" + ns + "'");
        assertRefused(() -> operate.schedule(ScheduleRequest.of("a task/with odd? characters")), "task",
                "no task named 'a task/with odd? characters'");
    }

    @Test
    void badInputNamesItsField() {
        addTask("picky", "true");

        assertRefused(() -> operate.schedule(ScheduleRequest.of("picky").param("ORDER-ID", "1")), "params",
                "parameter name 'ORDER-ID'");
        assertRefused(() -> operate.schedule(ScheduleRequest.of("picky").param("HUGE", "x".repeat(70_000))), "params",
                "bytes (UTF-8), at most");
        assertRefused(() -> operate.schedule(ScheduleRequest.of("picky").at(Instant.now().plus(Duration.ofDays(400)))),
                "at", "more than 366 days ahead");
    }

    @Test
    void aNodeThatServesHttpsIsReachedWithTheSslContextOfAPrivateCa(@TempDir Path dir) throws Exception {
        String password = "changeit";
        Path store = dir.resolve("api.p12");
        keytool("-genkeypair", "-alias", "api", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname",
                "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12", "-keystore",
                store.toString(), "-storepass", password, "-keypass", password);
        Path passwordFile = Files.writeString(dir.resolve("api.pass"), password);
        Node tls = cluster.start("client-tls-node", Map.of("node.roles", "api", "api.port", "0",
                "api.tls.key-store", store.toString(), "api.tls.key-store-password-file", passwordFile.toString()));
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(KeyStore.getInstance(store.toFile(), password.toCharArray()));
        SSLContext privateCa = SSLContext.getInstance("TLS");
        privateCa.init(null, trust.getTrustManagers(), null);
        addTask("secure", "true");
        URI https = URI.create("https://127.0.0.1:" + tls.apiPort());
        String token = token("tls-" + ns, ApiScope.OPERATE);

        HttpRedcronClient client = HttpRedcronClient.builder(https).token(token).namespace(ns).sslContext(privateCa)
                .requestTimeout(Duration.ofSeconds(10)).build();
        ScheduledRun run = client.schedule(ScheduleRequest.of("secure").in(Duration.ofHours(1)));

        assertThat(run.created()).isTrue();
        assertThat(client.cancel(run.id())).isTrue();
        assertRefused(() -> RedcronClient.http(https, token, ns).schedule(ScheduleRequest.of("secure")), "api",
                "could not be reached");
    }

    // Tasks declared in code

    static Task stored(String name) {
        return cluster.tasks().findByName(ns, name).orElseThrow();
    }

    @Test
    void anApplicationsDeclarationsAreCreatedThenUpdatedKeptAndRemoved() {
        TaskDeclaration report = TaskDeclaration.named("orders-report").cron("0 0 3 * * ?").dialect("quartz")
                .zone("Europe/Berlin").command("echo", "report").timeout(Duration.ofMinutes(5)).attempts(3)
                .label("team", "orders");
        TaskDeclaration expire = TaskDeclaration.named("orders-expire").cron("0 0/15 * * * ?").dialect("quartz")
                .shell("echo expire").misfire("skip");
        TaskDeclaration ping = TaskDeclaration.named("orders-ping").cron("0 0 * * * ?").dialect("quartz")
                .http("POST", "https://orders.example.com/ping").header("X-From", "redcron").body("{}");

        ReconcileResult first = admin.reconcile("orders", "1.4.2", List.of(report, expire, ping), EditPolicy.WARN,
                RemovedTasks.DISABLE);

        assertThat(first.created()).containsExactlyInAnyOrder("orders-report", "orders-expire", "orders-ping");
        assertThat(first.updated()).isEmpty();
        assertThat(first.unchanged()).isEmpty();
        assertThat(first.removed()).isEmpty();
        Task created = stored("orders-report");
        assertThat(created.timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(created.retry().maxAttempts()).isEqualTo(3);
        assertThat(created.labels()).containsEntry("team", "orders");

        ReconcileResult second = admin.reconcile("orders", "1.5.0", List.of(report, expire.cron("0 0/30 * * * ?")),
                EditPolicy.REFUSE, RemovedTasks.DISABLE);

        assertThat(second.created()).isEmpty();
        assertThat(second.updated()).containsExactly("orders-expire");
        assertThat(second.unchanged()).containsExactly("orders-report");
        assertThat(second.removed()).containsExactly("orders-ping");
        assertThat(stored("orders-expire").cron()).isEqualTo("0 0/30 * * * ?");
        assertThat(stored("orders-ping").enabled()).isFalse();
        assertThat(stored("orders-report").enabled()).isTrue();

        ReconcileResult again = admin.reconcile("orders", "1.5.0", List.of(report, expire.cron("0 0/30 * * * ?")),
                EditPolicy.REFUSE, RemovedTasks.DISABLE);
        assertThat(again.unchanged()).containsExactlyInAnyOrder("orders-report", "orders-expire");
        assertThat(again.created()).isEmpty();
        assertThat(again.updated()).isEmpty();
        assertThat(again.removed()).isEmpty();
    }

    @Test
    void aBadDeclarationNamesItsPlaceAndAnOperateTokenMayNotReconcile() {
        TaskDeclaration good = TaskDeclaration.named("billing-ok").cron("0 3 * * *").shell("true");
        TaskDeclaration badCron = TaskDeclaration.named("billing-bad").cron("61 * * * *").shell("true");

        assertRefused(() -> admin.reconcile("billing", "1", List.of(good, badCron), EditPolicy.WARN, RemovedTasks.DELETE),
                "tasks[1].cron", "");
        assertThat(cluster.tasks().findByName(ns, "billing-ok")).as("nothing changed").isEmpty();
        assertRefused(() -> operate.reconcile("billing", "1", List.of(good), EditPolicy.WARN, RemovedTasks.KEEP),
                "token", "this needs admin");
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }
}
