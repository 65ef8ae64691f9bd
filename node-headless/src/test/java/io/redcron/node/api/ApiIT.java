package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.node.Node;
import io.redcron.node.engine.TestCluster;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.store.mysql.MysqlApiTokenStore;
import io.redcron.store.mysql.MysqlAuditLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
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
 * Every route of the API against a real node (scheduler, worker and api roles) on MariaDB and
 * Redis: what each scope may do, what a token limited to labels sees, every validation error's
 * status and field, and one run per idempotency key however many clients send it at once.
 */
class ApiIT {
    private static final String NEVER = "0 0 0 1 1 ? 2099";

    @RegisterExtension
    static final TestCluster cluster = new TestCluster();

    static String ns;
    static MysqlApiTokenStore tokens;
    static ApiClient read;
    static ApiClient operate;
    static ApiClient admin;
    static ApiClient dataOnly;
    static Node node;

    @BeforeAll
    static void start() {
        node = cluster.start("api-node", Map.of("node.roles", "scheduler,worker,api", "api.port", "0",
                "api.rate-limit", "1000"));
        ns = cluster.namespace();
        tokens = new MysqlApiTokenStore(cluster.dataSource());
        ApiClient anonymous = new ApiClient("http://127.0.0.1:" + node.apiPort(), null);
        read = anonymous.as(token("reader-" + ns, ApiScope.READ, Map.of(), null));
        operate = anonymous.as(token("operator-" + ns, ApiScope.OPERATE, Map.of(), null));
        admin = anonymous.as(token("admin-" + ns, ApiScope.ADMIN, Map.of(), null));
        dataOnly = anonymous.as(token("data-" + ns, ApiScope.ADMIN, Map.of("team", "data"), null));
    }

    static String token(String name, ApiScope scope, Map<String, String> labels, Instant expires) {
        String secret = ApiToken.newSecret();
        ApiToken stored = tokens.create(ApiToken.draft(name, secret, scope, List.of(ns), labels, Instant.now(), "test",
                expires), "test");
        return ApiToken.presented(stored.id(), secret);
    }

    static String path(String rest) {
        return "/api/v1/namespaces/" + ns + rest;
    }

    static String shellTask(String name, String command, String labels) {
        return "{\"name\":\"" + name + "\",\"cron\":\"" + NEVER + "\",\"dialect\":\"quartz\",\"type\":\"shell\","
                + "\"shell\":{\"command\":\"" + command + "\"},\"labels\":" + labels + "}";
    }

    static JsonNode addTask(String name, String command) {
        ApiClient.Reply reply = admin.post(path("/tasks"), shellTask(name, command, "{}"));
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(201);
        return reply.body();
    }

    // Authentication

    @Test
    void noTokenAnUnknownOneARevokedOneAndAnExpiredOneAreRefusedAlike() {
        ApiClient none = read.as(null);
        assertThat(none.get(path("/tasks")).status()).isEqualTo(401);
        assertThat(none.get(path("/tasks")).raw().headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
        assertThat(read.as("rcn_1_" + ApiToken.newSecret()).get(path("/tasks")).status()).isEqualTo(401);
        assertThat(read.as("not-a-token").get(path("/tasks")).status()).isEqualTo(401);

        String revoked = token("revoked-" + ns, ApiScope.ADMIN, Map.of(), null);
        assertThat(read.as(revoked).get(path("/tasks")).status()).isEqualTo(200);
        tokens.revoke("revoked-" + ns, Instant.now(), "test");
        assertThat(read.as(revoked).get(path("/tasks")).status()).isEqualTo(401);

        String expired = token("expired-" + ns, ApiScope.ADMIN, Map.of(), Instant.now().minusSeconds(1));
        ApiClient.Reply reply = read.as(expired).get(path("/tasks"));
        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.error()).isEqualTo("the token is unknown, revoked or expired");
        assertThat(reply.field()).isNull();
    }

    @Test
    void aNamespaceTheTokenDoesNotReachIsNotThere() {
        ApiClient.Reply reply = admin.get("/api/v1/namespaces/elsewhere/tasks");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.error()).isEqualTo("no namespace 'elsewhere'");
    }

    @Test
    void theDocumentNeedsNoToken() {
        assertThat(read.as(null).get("/api/v1/openapi.yaml").raw().body()).startsWith("openapi: 3.0.3");
    }

    // Scopes

    @Test
    void eachScopeMayDoWhatItsNameSaysAndNoMore() {
        addTask("scoped", "echo scoped");

        assertThat(read.get(path("/tasks/scoped")).status()).isEqualTo(200);
        ApiClient.Reply refused = read.post(path("/tasks/scoped/runs"), "{}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.error()).contains("has scope read; this needs operate");
        assertThat(read.post(path("/tasks/scoped/disable"), null).status()).isEqualTo(403);
        assertThat(read.post(path("/runs/1/cancel"), null).status()).isEqualTo(403);
        assertThat(read.post(path("/runs/1/retry"), null).status()).isEqualTo(403);

        assertThat(operate.post(path("/tasks/scoped/disable"), null).body().path("enabled").asBoolean()).isFalse();
        assertThat(operate.post(path("/tasks/scoped/enable"), null).body().path("enabled").asBoolean()).isTrue();
        assertThat(operate.post(path("/tasks"), shellTask("by-operator", "true", "{}")).status()).isEqualTo(403);
        assertThat(operate.put(path("/tasks/scoped"), "{\"description\":\"x\"}").status()).isEqualTo(403);
        assertThat(operate.delete(path("/tasks/scoped")).status()).isEqualTo(403);

        assertThat(admin.put(path("/tasks/scoped"), "{\"description\":\"changed\"}").body().path("description")
                .asText()).isEqualTo("changed");
        assertThat(admin.delete(path("/tasks/scoped")).status()).isEqualTo(204);
        assertThat(read.get(path("/tasks/scoped")).status()).isEqualTo(404);
    }

    @Test
    void aTokenLimitedToLabelsSeesAndTouchesOnlyItsTasks() {
        assertThat(dataOnly.post(path("/tasks"), shellTask("etl", "echo etl", "{\"team\":\"data\"}")).status())
                .isEqualTo(201);
        addTask("payroll", "echo payroll");

        List<String> seen = new ArrayList<>();
        dataOnly.get(path("/tasks")).body().path("items").forEach(task -> seen.add(task.path("name").asText()));
        assertThat(seen).contains("etl").doesNotContain("payroll");
        assertThat(dataOnly.get(path("/tasks/payroll")).status()).isEqualTo(404);
        assertThat(dataOnly.post(path("/tasks/payroll/runs"), "{}").status()).isEqualTo(404);

        ApiClient.Reply unlabelled = dataOnly.post(path("/tasks"), shellTask("loose", "true", "{}"));
        assertThat(unlabelled.status()).isEqualTo(403);
        assertThat(unlabelled.field()).isEqualTo("labels");
        ApiClient.Reply strip = dataOnly.put(path("/tasks/etl"), "{\"labels\":{}}");
        assertThat(strip.status()).isEqualTo(403);

        long payrollRun = operate.post(path("/tasks/payroll/runs"), "{}").body().path("run").path("id").asLong();
        assertThat(dataOnly.get(path("/runs/" + payrollRun)).status()).isEqualTo(404);
        List<Long> runIds = new ArrayList<>();
        dataOnly.get(path("/runs")).body().path("items").forEach(run -> runIds.add(run.path("id").asLong()));
        assertThat(runIds).doesNotContain(payrollRun);
    }

    // Tasks: validation and conflicts

    @Test
    void everyTaskValidationErrorNamesItsFieldWithStatus400() {
        assertInvalid(admin.post(path("/tasks"), "{\"name\":\"bad-cron\",\"cron\":\"61 * * * *\",\"type\":\"shell\","
                + "\"shell\":{\"command\":\"true\"}}"), "cron");
        assertInvalid(admin.post(path("/tasks"), "{\"name\":\"no-type\",\"cron\":\"* * * * *\"}"), "type");
        assertInvalid(admin.post(path("/tasks"), shellTask("n".repeat(300), "true", "{}")), "name");
        assertInvalid(admin.post(path("/tasks"), "{\"name\":\"bad-zone\",\"cron\":\"* * * * *\",\"zone\":\"Mars/Base\","
                + "\"type\":\"shell\",\"shell\":{\"command\":\"true\"}}"), "zone");
        assertInvalid(admin.post(path("/tasks"), "not json"), "body");
        assertInvalid(admin.post(path("/tasks"), "[1,2]"), "body");
        assertInvalid(admin.get(path("/tasks?limit=0")), "limit");
        assertInvalid(admin.get(path("/tasks?offset=-1")), "offset");
        assertInvalid(admin.get(path("/tasks?enabled=maybe")), "enabled");
        assertInvalid(admin.get(path("/runs?status=DONE")), "status");
        assertInvalid(admin.get(path("/runs?limit=ten")), "limit");
        assertInvalid(admin.get(path("/runs/abc")), "id");
    }

    private static void assertInvalid(ApiClient.Reply reply, String field) {
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(400);
        assertThat(reply.field()).isEqualTo(field);
        assertThat(reply.error()).startsWith(field).doesNotContain("\n");
        assertThat(reply.body().size()).isEqualTo(2);
    }

    @Test
    void aTakenNameAndAStaleVersionAreConflicts() {
        JsonNode task = addTask("twice", "true");
        ApiClient.Reply again = admin.post(path("/tasks"), shellTask("twice", "true", "{}"));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.field()).isEqualTo("name");

        long version = task.path("version").asLong();
        assertThat(admin.put(path("/tasks/twice"), "{\"description\":\"one\",\"version\":" + version + "}").status())
                .isEqualTo(200);
        ApiClient.Reply stale = admin.put(path("/tasks/twice"), "{\"description\":\"two\",\"version\":" + version + "}");
        assertThat(stale.status()).isEqualTo(409);
        assertThat(stale.field()).isEqualTo("version");
    }

    @Test
    void whatIsNotThereIs404() {
        assertThat(read.get(path("/tasks/nothing")).error()).isEqualTo("no task named 'nothing' in namespace '" + ns + "'");
        assertThat(read.get(path("/runs/999999999")).status()).isEqualTo(404);
        assertThat(operate.post(path("/runs/999999999/cancel"), null).status()).isEqualTo(404);
        assertThat(admin.delete(path("/tasks/nothing")).status()).isEqualTo(404);
        assertThat(read.get(path("/nothing")).status()).isEqualTo(404);
    }

    @Test
    void aBodyOverTheLimitIs413() {
        ApiClient.Reply reply = admin.post(path("/tasks"), "{\"description\":\"" + "x".repeat(70_000) + "\"}");

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.body().path("error").asText()).contains("at most 65536");
    }

    // Runs

    @Test
    void aTriggeredRunRunsWithItsParametersAndIsShownWithItsOutputAndAudited() {
        addTask("greet", "echo hello-$REDCRON_PARAM_WHO");

        ApiClient.Reply triggered = operate.post(path("/tasks/greet/runs"), "{\"params\":{\"who\":\"api\"}}");
        assertThat(triggered.status()).as(triggered.body().toString()).isEqualTo(201);
        assertThat(triggered.body().path("created").asBoolean()).isTrue();
        long id = triggered.body().path("run").path("id").asLong();

        await().atMost(Duration.ofSeconds(30)).until(() -> read.get(path("/runs/" + id)).body().path("status")
                .asText().equals("SUCCEEDED"));
        JsonNode run = read.get(path("/runs/" + id)).body();
        assertThat(run.path("output").asText()).contains("hello-api");
        assertThat(run.path("params").path("who").asText()).isEqualTo("api");
        assertThat(run.path("trigger").asText()).isEqualTo("manual");

        JsonNode listed = read.get(path("/runs?task=greet&status=SUCCEEDED")).body();
        assertThat(listed.path("items").get(0).path("id").asLong()).isEqualTo(id);
        assertThat(listed.path("items").get(0).has("output")).isFalse();

        List<AuditEntry> audit = new MysqlAuditLog(cluster.dataSource()).list(ns, "run:" + id, new PageRequest(0, 10))
                .items();
        assertThat(audit).extracting(AuditEntry::actor).contains("api:operator-" + ns);

        ApiClient.Reply retried = operate.post(path("/runs/" + id + "/retry"), null);
        assertThat(retried.status()).isEqualTo(201);
        assertThat(retried.body().path("run").path("id").asLong()).isNotEqualTo(id);
    }

    @Test
    void aRunAskedForLaterWaitsAndCanBeCancelledButNotRetriedBeforeItEnds() {
        addTask("later", "true");

        ApiClient.Reply later = operate.post(path("/tasks/later/runs"), "{\"in\":\"1h\"}");
        assertThat(later.status()).isEqualTo(201);
        JsonNode run = later.body().path("run");
        assertThat(run.path("trigger").asText()).isEqualTo("one_off");
        assertThat(Instant.parse(run.path("scheduledAt").asText())).isAfter(Instant.now().plus(Duration.ofMinutes(50)));

        ApiClient.Reply retry = operate.post(path("/runs/" + run.path("id").asLong() + "/retry"), null);
        assertThat(retry.status()).isEqualTo(409);
        ApiClient.Reply cancel = operate.post(path("/runs/" + run.path("id").asLong() + "/cancel"), null);
        assertThat(cancel.body().path("outcome").asText()).isEqualTo("CANCELLED");
        assertThat(cancel.body().path("run").path("status").asText()).isEqualTo("CANCELLED");

        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"at\":\"tomorrow\"}"), "at");
        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"at\":\"2031-01-01T00:00:00Z\",\"in\":\"1h\"}"), "at");
        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"in\":\"soon\"}"), "in");
        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"at\":\"2999-01-01T00:00:00Z\"}"), "at");
        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"idempotencyKey\":\"\"}"), "idempotency-key");
        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"params\":[1]}"), "params");
        assertInvalid(operate.post(path("/tasks/later/runs"), "{\"params\":{\"bad name\":\"x\"}}"), "params");
    }

    @Test
    void theSameIdempotencyKeyFromManyClientsAtOnceMakesOneRun() throws Exception {
        addTask("once", "true");
        int clients = 16;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Callable<ApiClient.Reply>> calls = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                calls.add(() -> operate.post(path("/tasks/once/runs"), "{\"idempotencyKey\":\"deploy-42\",\"in\":\"10m\"}"));
            }
            List<ApiClient.Reply> replies = new ArrayList<>();
            for (Future<ApiClient.Reply> reply : pool.invokeAll(calls)) {
                replies.add(reply.get());
            }

            assertThat(replies).extracting(ApiClient.Reply::status).containsOnly(200, 201);
            assertThat(replies.stream().filter(reply -> reply.status() == 201).count()).isEqualTo(1);
            assertThat(replies.stream().map(reply -> reply.body().path("run").path("id").asLong())
                    .collect(Collectors.toSet())).hasSize(1);
            assertThat(read.get(path("/runs?task=once")).body().path("total").asLong()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theOutputIsFollowedAsServerSentEventsUntilTheRunEnds() throws Exception {
        addTask("chatty", "echo first; sleep 1; echo second");
        long id = operate.post(path("/tasks/chatty/runs"), "{}").body().path("run").path("id").asLong();

        HttpResponse<java.util.stream.Stream<String>> response = read.lines(path("/runs/" + id + "/output"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("text/event-stream"));
        List<String> lines = response.body().toList();
        String stream = String.join("\n", lines);
        assertThat(stream).contains("data: first", "data: second", "event: end");
        assertThat(stream.indexOf("data: first")).isLessThan(stream.indexOf("event: end"));
        assertThat(lines.get(lines.indexOf("event: end") + 1)).contains("\"status\":\"SUCCEEDED\"");
        assertThat(read.get(path("/runs/424242424/output")).status()).isEqualTo(404);
    }

    // The cluster

    @Test
    void nodesLeaderAndQueuesAreRead() {
        await().atMost(Duration.ofSeconds(20)).until(() -> !read.get(path("/leader")).body().path("node").isNull());
        assertThat(read.get(path("/leader")).body().path("node").asText()).isEqualTo("api-node");
        await().atMost(Duration.ofSeconds(20)).until(() -> read.get(path("/nodes")).body().path("items").toString()
                .contains("\"api-node\""));
        JsonNode self = null;
        for (JsonNode item : read.get(path("/nodes")).body().path("items")) {
            if (item.path("id").asText().equals("api-node")) {
                self = item;
            }
        }
        assertThat(self).isNotNull();
        assertThat(self.path("roles").toString()).contains("api", "scheduler", "worker");
        assertThat(read.get(path("/queues")).body().has("groups")).isTrue();
    }

    // Rate limit

    @Test
    void aTokenOverItsRateIsToldToWait() {
        Node limited = cluster.start("api-limited", Map.of("node.roles", "api", "api.port", "0", "api.rate-limit", "1"));
        ApiClient there = new ApiClient("http://127.0.0.1:" + limited.apiPort(),
                token("limited-" + ns, ApiScope.READ, Map.of(), null));

        List<ApiClient.Reply> replies = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            replies.add(there.get(path("/leader")));
        }

        ApiClient.Reply refused = replies.stream().filter(reply -> reply.status() == 429).findFirst().orElseThrow();
        assertThat(refused.raw().headers().firstValue("Retry-After")).hasValue("1");
        assertThat(refused.error()).contains("limited-" + ns);
    }
}
