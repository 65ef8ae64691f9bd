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

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workflow routes against a real node (scheduler, worker and api roles) on MariaDB and Redis:
 * a workflow added, shown, triggered and followed to its end with its steps; cancel and rerun;
 * the CLI's validation errors with their fields; 404s; scopes; and a token limited to labels,
 * which reaches no workflow. Every answer is checked against the OpenAPI document by {@link ApiClient}.
 */
class WorkflowApiIT {
    private static final String NEVER = "0 0 0 1 1 ? 2099";
    private static final Duration RUN_ENDS = Duration.ofSeconds(60);

    @RegisterExtension
    static final TestCluster cluster = new TestCluster();

    static String ns;
    static MysqlApiTokenStore tokens;
    static ApiClient read;
    static ApiClient operate;
    static ApiClient admin;
    static ApiClient dataOnly;

    @BeforeAll
    static void start() {
        Node node = cluster.start("wf-api-node", Map.of("node.roles", "scheduler,worker,api", "api.port", "0",
                "api.rate-limit", "1000"));
        ns = cluster.namespace();
        tokens = new MysqlApiTokenStore(cluster.dataSource());
        ApiClient anonymous = new ApiClient("http://127.0.0.1:" + node.apiPort(), null);
        read = anonymous.as(token("wf-reader-" + ns, ApiScope.READ, Map.of()));
        operate = anonymous.as(token("wf-operator-" + ns, ApiScope.OPERATE, Map.of()));
        admin = anonymous.as(token("wf-admin-" + ns, ApiScope.ADMIN, Map.of()));
        dataOnly = anonymous.as(token("wf-data-" + ns, ApiScope.ADMIN, Map.of("team", "data")));
        addTask("wf-extract", "echo 'redcron-output: {\\\"ROWS\\\": 3}'");
        addTask("wf-load", "echo loaded $REDCRON_PARAM_ROWS rows of $REDCRON_PARAM_DAY");
        addTask("wf-fail", "echo broken; exit 3");
        addTask("wf-slow", "sleep 60");
    }

    static String token(String name, ApiScope scope, Map<String, String> labels) {
        String secret = ApiToken.newSecret();
        ApiToken stored = tokens.create(ApiToken.draft(name, secret, scope, List.of(ns), labels, Instant.now(), "test",
                null), "test");
        return ApiToken.presented(stored.id(), secret);
    }

    static String path(String rest) {
        return "/api/v1/namespaces/" + ns + rest;
    }

    static void addTask(String name, String command) {
        ApiClient.Reply reply = admin.post(path("/tasks"), "{\"name\":\"" + name + "\",\"cron\":\"" + NEVER
                + "\",\"dialect\":\"quartz\",\"type\":\"shell\",\"shell\":{\"command\":\"" + command + "\"}}");
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(201);
    }

    /** A workflow of one step running {@code task}. */
    static JsonNode addSingle(String name, String task) {
        ApiClient.Reply reply = admin.post(path("/workflows"), "{\"name\":\"" + name + "\",\"steps\":[{\"name\":\"only\","
                + "\"task\":\"" + task + "\"}]}");
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(201);
        return reply.body();
    }

    static JsonNode triggered(String workflow) {
        ApiClient.Reply reply = operate.post(path("/workflows/" + workflow + "/runs"), "{}");
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(201);
        return reply.body();
    }

    static JsonNode awaitRun(long id, String status) {
        await().atMost(RUN_ENDS).until(() -> read.get(path("/workflow-runs/" + id)).body().path("status").asText()
                .equals(status));
        return read.get(path("/workflow-runs/" + id)).body();
    }

    @Test
    void aWorkflowIsAddedShownTriggeredAndItsRunFollowedToItsEndStepByStep() {
        ApiClient.Reply added = admin.post(path("/workflows"), "{\"name\":\"etl\",\"description\":\"two steps\","
                + "\"params\":{\"DAY\":\"monday\"},\"steps\":[{\"name\":\"extract\",\"task\":\"wf-extract\"},"
                + "{\"name\":\"load\",\"task\":\"wf-load\",\"after\":[\"extract\"]}]}");
        assertThat(added.status()).as(added.body().toString()).isEqualTo(201);
        assertThat(added.raw().headers().firstValue("Location")).hasValue(path("/workflows/etl"));
        assertThat(added.body().path("version").asLong()).isPositive();

        JsonNode shown = read.get(path("/workflows/etl")).body();
        assertThat(shown.path("steps").get(1).path("after").get(0).asText()).isEqualTo("extract");
        assertThat(shown.path("schedule").asText()).isEqualTo("manual only");
        List<String> names = new ArrayList<>();
        read.get(path("/workflows")).body().path("items").forEach(w -> names.add(w.path("name").asText()));
        assertThat(names).contains("etl");

        ApiClient.Reply trigger = operate.post(path("/workflows/etl/runs"), "{\"params\":{\"DAY\":\"2026-11-30\"}}");
        assertThat(trigger.status()).as(trigger.body().toString()).isEqualTo(201);
        long id = trigger.body().path("id").asLong();
        assertThat(trigger.body().path("trigger").asText()).isEqualTo("manual");
        assertThat(trigger.body().path("steps")).extracting(step -> step.path("status").asText())
                .containsOnly("PENDING");

        JsonNode run = awaitRun(id, "SUCCEEDED");
        assertThat(run.path("steps")).extracting(step -> step.path("name").asText() + " " + step.path("status").asText())
                .containsExactly("extract SUCCEEDED", "load SUCCEEDED");
        JsonNode extract = run.path("steps").get(0);
        assertThat(extract.path("output").path("ROWS").asText()).isEqualTo("3");
        long loadRun = run.path("steps").get(1).path("runId").asLong();
        JsonNode stepRun = read.get(path("/runs/" + loadRun)).body();
        assertThat(stepRun.path("trigger").asText()).isEqualTo("workflow");
        assertThat(stepRun.path("output").asText()).contains("loaded 3 rows of 2026-11-30");

        JsonNode runs = read.get(path("/workflows/etl/runs?limit=5")).body();
        assertThat(runs.path("items").get(0).path("id").asLong()).isEqualTo(id);
        assertThat(runs.path("items").get(0).has("steps")).isFalse();

        List<AuditEntry> audit = new MysqlAuditLog(cluster.dataSource()).list(ns, "workflow-run:" + id,
                new PageRequest(0, 10)).items();
        assertThat(audit).extracting(AuditEntry::actor).contains("api:wf-operator-" + ns);
    }

    @Test
    void aWorkflowIsReplacedPausedResumedAndDeletedAsTheCliDoes() {
        JsonNode added = addSingle("changing", "wf-extract");
        long version = added.path("version").asLong();

        ApiClient.Reply replaced = admin.put(path("/workflows/changing"), "{\"description\":\"now two\",\"version\":"
                + version + ",\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\"},{\"name\":\"b\",\"task\":\"wf-load\","
                + "\"after\":[{\"step\":\"a\",\"when\":\"always\"}]}]}");
        assertThat(replaced.status()).as(replaced.body().toString()).isEqualTo(200);
        assertThat(replaced.body().path("name").asText()).isEqualTo("changing");
        assertThat(replaced.body().path("steps")).hasSize(2);
        ApiClient.Reply stale = admin.put(path("/workflows/changing"), "{\"version\":" + version
                + ",\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\"}]}");
        assertThat(stale.status()).isEqualTo(409);
        assertThat(stale.field()).isEqualTo("version");
        ApiClient.Reply renamed = admin.put(path("/workflows/changing"), "{\"name\":\"other\","
                + "\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\"}]}");
        assertInvalid(renamed, "name");

        assertThat(operate.post(path("/workflows/changing/pause"), null).body().path("enabled").asBoolean()).isFalse();
        ApiClient.Reply paused = operate.post(path("/workflows/changing/runs"), "{}");
        assertThat(paused.status()).isEqualTo(400);
        assertThat(paused.error()).isEqualTo("workflow 'changing' is paused; resume it first");
        ApiClient.Reply keepsPaused = admin.put(path("/workflows/changing"), "{\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\"}]}");
        assertThat(keepsPaused.body().path("enabled").asBoolean()).as("a document without 'enabled' keeps the state")
                .isFalse();
        assertThat(operate.post(path("/workflows/changing/resume"), null).body().path("enabled").asBoolean()).isTrue();

        assertThat(admin.delete(path("/workflows/changing")).status()).isEqualTo(204);
        assertThat(read.get(path("/workflows/changing")).status()).isEqualTo(404);
    }

    @Test
    void aFailedRunIsRerunFromItsFailedStepAndASucceededOneIsNot() {
        addSingle("flaky", "wf-fail");
        long id = triggered("flaky").path("id").asLong();

        JsonNode failed = awaitRun(id, "FAILED");
        JsonNode step = failed.path("steps").get(0);
        assertThat(step.path("status").asText()).isEqualTo("FAILED");
        assertThat(step.path("runId").isIntegralNumber()).isTrue();
        assertThat(step.path("reason").asText()).isNotEmpty();
        assertThat(failed.path("error").asText()).contains("only");

        ApiClient.Reply rerun = operate.post(path("/workflow-runs/" + id + "/rerun"), null);
        assertThat(rerun.status()).as(rerun.body().toString()).isEqualTo(200);
        assertThat(rerun.body().path("status").asText()).isEqualTo("RUNNING");
        assertThat(rerun.body().path("steps").get(0).path("round").asInt()).isEqualTo(2);
        ApiClient.Reply notEnded = operate.post(path("/workflow-runs/" + id + "/rerun"), null);
        assertThat(notEnded.status()).isEqualTo(409);
        awaitRun(id, "FAILED");

        addSingle("steady", "wf-extract");
        long succeeded = triggered("steady").path("id").asLong();
        awaitRun(succeeded, "SUCCEEDED");
        ApiClient.Reply refused = operate.post(path("/workflow-runs/" + succeeded + "/rerun"), null);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.error()).contains("workflow run " + succeeded);
    }

    @Test
    void aRunningRunIsCancelledItsStepStoppedAndThenItCanBeRerun() {
        addSingle("slow", "wf-slow");
        long id = triggered("slow").path("id").asLong();
        await().atMost(RUN_ENDS).until(() -> read.get(path("/workflow-runs/" + id)).body().path("steps").get(0)
                .path("status").asText().equals("RUNNING"));
        long stepRun = read.get(path("/workflow-runs/" + id)).body().path("steps").get(0).path("runId").asLong();
        await().atMost(RUN_ENDS).until(() -> read.get(path("/runs/" + stepRun)).body().path("status").asText()
                .equals("RUNNING"));

        ApiClient.Reply cancelled = operate.post(path("/workflow-runs/" + id + "/cancel"), null);
        assertThat(cancelled.status()).as(cancelled.body().toString()).isEqualTo(200);
        assertThat(cancelled.body().path("status").asText()).isEqualTo("CANCELLED");
        assertThat(cancelled.body().path("error").asText()).isEqualTo("cancelled by api:wf-operator-" + ns);
        assertThat(operate.post(path("/workflow-runs/" + id + "/cancel"), null).body().path("status").asText())
                .as("an ended run is answered as it is").isEqualTo("CANCELLED");

        await().atMost(RUN_ENDS).until(() -> read.get(path("/workflow-runs/" + id)).body().path("steps").get(0)
                .path("status").asText().equals("FAILED"));
        assertThat(read.get(path("/runs/" + stepRun)).body().path("status").asText()).isEqualTo("CANCELLED");
        ApiClient.Reply rerun = operate.post(path("/workflow-runs/" + id + "/rerun"), null);
        assertThat(rerun.status()).as(rerun.body().toString()).isEqualTo(200);
        operate.post(path("/workflow-runs/" + id + "/cancel"), null);
    }

    @Test
    void everyValidationErrorIsOneLineNamingItsFieldOrStep() {
        assertInvalid(admin.post(path("/workflows"), "{\"name\":\"bad\",\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\","
                + "\"after\":[{\"step\":\"b\",\"when\":\"later\"}]},{\"name\":\"b\",\"task\":\"wf-extract\"}]}"),
                "steps[0].after[0].when");
        assertInvalid(admin.post(path("/workflows"), "{\"name\":\"bad\",\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\","
                + "\"timeout\":\"1m\"}]}"), "steps[0].timeout");
        assertInvalid(admin.post(path("/workflows"), "{\"name\":\"bad\"}"), "steps");
        assertInvalid(admin.post(path("/workflows"), "{\"name\":\"bad\",\"steps\":[{\"name\":\"load\",\"task\":\"wf-load\","
                + "\"after\":[\"cleen\"]}]}"), "step load");
        assertInvalid(admin.post(path("/workflows"), "not json"), "body");

        ApiClient.Reply missingTask = admin.post(path("/workflows"), "{\"name\":\"bad\",\"steps\":[{\"name\":\"load\","
                + "\"task\":\"wf-nothing\"}]}");
        assertThat(missingTask.status()).isEqualTo(400);
        assertThat(missingTask.error()).isEqualTo("step load: task 'wf-nothing' does not exist");
        assertThat(missingTask.field()).as("named as the graph's checks name a step").isEqualTo("step load");
        assertThat(read.get(path("/workflows/bad")).status()).as("nothing was stored").isEqualTo(404);

        addSingle("twice", "wf-extract");
        ApiClient.Reply again = admin.post(path("/workflows"), "{\"name\":\"twice\",\"steps\":[{\"name\":\"a\","
                + "\"task\":\"wf-extract\"}]}");
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.field()).isEqualTo("name");
        assertInvalid(operate.post(path("/workflows/twice/runs"), "{\"params\":{\"bad name\":\"x\"}}"), "params");
        assertInvalid(operate.post(path("/workflows/twice/runs"), "{\"params\":[1]}"), "params");
        assertInvalid(read.get(path("/workflows/twice/runs?limit=0")), "limit");
        assertInvalid(read.get(path("/workflow-runs/abc")), "id");
    }

    private static void assertInvalid(ApiClient.Reply reply, String field) {
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(400);
        assertThat(reply.field()).isEqualTo(field);
        assertThat(reply.error()).startsWith(field).doesNotContain("\n");
    }

    @Test
    void whatIsNotThereIs404() {
        assertThat(read.get(path("/workflows/nothing")).error())
                .isEqualTo("no workflow named 'nothing' in namespace '" + ns + "'");
        assertThat(read.get(path("/workflows/nothing/runs")).status()).isEqualTo(404);
        assertThat(operate.post(path("/workflows/nothing/runs"), "{}").status()).isEqualTo(404);
        assertThat(operate.post(path("/workflows/nothing/pause"), null).status()).isEqualTo(404);
        assertThat(admin.put(path("/workflows/nothing"), "{\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\"}]}")
                .status()).isEqualTo(404);
        assertThat(admin.delete(path("/workflows/nothing")).status()).isEqualTo(404);
        assertThat(read.get(path("/workflow-runs/999999999")).error())
                .isEqualTo("no workflow run 999999999 in namespace '" + ns + "'");
        assertThat(operate.post(path("/workflow-runs/999999999/cancel"), null).status()).isEqualTo(404);
        assertThat(operate.post(path("/workflow-runs/999999999/rerun"), null).status()).isEqualTo(404);
    }

    @Test
    void eachScopeMayDoWhatItsNameSaysAndNoMore() {
        addSingle("scoped", "wf-extract");

        assertThat(read.get(path("/workflows/scoped")).status()).isEqualTo(200);
        ApiClient.Reply refused = read.post(path("/workflows/scoped/runs"), "{}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.error()).contains("has scope read; this needs operate");
        assertThat(read.post(path("/workflows/scoped/pause"), null).status()).isEqualTo(403);
        assertThat(read.post(path("/workflow-runs/1/cancel"), null).status()).isEqualTo(403);
        assertThat(read.post(path("/workflow-runs/1/rerun"), null).status()).isEqualTo(403);

        ApiClient.Reply add = operate.post(path("/workflows"), "{\"name\":\"by-operator\",\"steps\":[{\"name\":\"a\","
                + "\"task\":\"wf-extract\"}]}");
        assertThat(add.status()).isEqualTo(403);
        assertThat(add.error()).contains("has scope operate; this needs admin");
        assertThat(operate.put(path("/workflows/scoped"), "{\"steps\":[{\"name\":\"a\",\"task\":\"wf-extract\"}]}")
                .status()).isEqualTo(403);
        assertThat(operate.delete(path("/workflows/scoped")).status()).isEqualTo(403);
        assertThat(operate.post(path("/workflows/scoped/pause"), null).status()).isEqualTo(200);
        assertThat(operate.post(path("/workflows/scoped/resume"), null).status()).isEqualTo(200);
    }

    @Test
    void aTokenLimitedToLabelsReachesNoWorkflowForWorkflowsCarryNone() {
        addSingle("unlabelled", "wf-extract");
        long id = triggered("unlabelled").path("id").asLong();

        assertThat(dataOnly.get(path("/workflows")).body().path("items")).isEmpty();
        ApiClient.Reply shown = dataOnly.get(path("/workflows/unlabelled"));
        assertThat(shown.status()).isEqualTo(404);
        assertThat(shown.error()).isEqualTo(read.get(path("/workflows/never-was")).error().replace("never-was",
                "unlabelled"));
        assertThat(dataOnly.post(path("/workflows/unlabelled/runs"), "{}").status()).isEqualTo(404);
        assertThat(dataOnly.get(path("/workflows/unlabelled/runs")).status()).isEqualTo(404);
        assertThat(dataOnly.delete(path("/workflows/unlabelled")).status()).isEqualTo(404);
        assertThat(dataOnly.get(path("/workflow-runs/" + id)).status()).isEqualTo(404);
        assertThat(dataOnly.post(path("/workflow-runs/" + id + "/cancel"), null).status()).isEqualTo(404);

        ApiClient.Reply add = dataOnly.post(path("/workflows"), "{\"name\":\"theirs\",\"steps\":[{\"name\":\"a\","
                + "\"task\":\"wf-extract\"}]}");
        assertThat(add.status()).isEqualTo(403);
        assertThat(add.field()).isEqualTo("labels");
        assertThat(read.get(path("/workflows/unlabelled")).status()).as("the others still see it").isEqualTo(200);
    }
}
