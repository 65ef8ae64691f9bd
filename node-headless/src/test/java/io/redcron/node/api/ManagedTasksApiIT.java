package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.node.Node;
import io.redcron.node.engine.TestCluster;
import io.redcron.store.mysql.MysqlApiTokenStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tasks declared in an application's code, reconciled through the API against a real node:
 * created, changed back after drift, let go when no longer declared, refused edits, scopes and
 * label limits, and bad declarations naming their place.
 */
class ManagedTasksApiIT {
    private static final String NEVER = "0 0 0 1 1 ? 2099";

    @RegisterExtension
    static final TestCluster cluster = new TestCluster();

    static String ns;
    static MysqlApiTokenStore tokens;
    static ApiClient operate;
    static ApiClient admin;
    static ApiClient dataOnly;

    @BeforeAll
    static void start() {
        Node node = cluster.start("api-node", Map.of("node.roles", "api", "api.port", "0", "api.rate-limit", "1000"));
        ns = cluster.namespace();
        tokens = new MysqlApiTokenStore(cluster.dataSource());
        ApiClient anonymous = new ApiClient("http://127.0.0.1:" + node.apiPort(), null);
        operate = anonymous.as(token("operator-" + ns, ApiScope.OPERATE, Map.of()));
        admin = anonymous.as(token("admin-" + ns, ApiScope.ADMIN, Map.of()));
        dataOnly = anonymous.as(token("data-" + ns, ApiScope.ADMIN, Map.of("team", "data")));
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

    static String task(String name, String command) {
        return task(name, command, "{}");
    }

    static String task(String name, String command, String labels) {
        return "{\"name\":\"" + name + "\",\"cron\":\"" + NEVER + "\",\"dialect\":\"quartz\",\"type\":\"shell\","
                + "\"shell\":{\"command\":\"" + command + "\"},\"labels\":" + labels + "}";
    }

    static String declaration(String version, String edits, String removed, String... tasks) {
        return "{\"version\":\"" + version + "\",\"edits\":\"" + edits + "\",\"removed\":\"" + removed
                + "\",\"tasks\":[" + String.join(",", tasks) + "]}";
    }

    static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(name -> names.add(name.asText()));
        return names;
    }

    @Test
    void anApplicationsStartCreatesItsTasksAndTheNextPutsBackWhatDrifted() {
        ApiClient.Reply first = admin.put(path("/applications/shop/tasks"), declaration("1.0.0", "warn", "disable",
                task("shop-expire", "echo expire"), task("shop-report", "echo report"), task("shop-old", "echo old")));
        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        assertThat(names(first.body().get("created"))).containsExactly("shop-expire", "shop-report", "shop-old");

        JsonNode shown = admin.get(path("/tasks/shop-report")).body();
        assertThat(shown.at("/managed/application").asText()).isEqualTo("shop");
        assertThat(shown.at("/managed/version").asText()).isEqualTo("1.0.0");
        assertThat(shown.at("/managed/drift")).isEmpty();

        ApiClient.Reply edited = admin.put(path("/tasks/shop-report"), "{\"cron\":\"0 0 0 1 2 ? 2099\"}");
        assertThat(edited.status()).as("edits are only warned about").isEqualTo(200);
        assertThat(edited.body().at("/managed/drift/0/field").asText()).isEqualTo("cron");
        JsonNode listed = admin.get(path("/applications/shop/tasks")).body();
        assertThat(listed.get("tasks")).hasSize(3);

        ApiClient.Reply second = admin.put(path("/applications/shop/tasks"), declaration("1.1.0", "refuse", "disable",
                task("shop-expire", "echo expire"), task("shop-report", "echo report")));
        assertThat(names(second.body().get("unchanged"))).containsExactly("shop-expire");
        assertThat(names(second.body().get("updated"))).containsExactly("shop-report");
        assertThat(names(second.body().get("removed"))).containsExactly("shop-old");
        assertThat(admin.get(path("/tasks/shop-report")).body().get("cron").asText()).isEqualTo(NEVER);
        JsonNode old = admin.get(path("/tasks/shop-old")).body();
        assertThat(old.get("enabled").asBoolean()).isFalse();
        assertThat(old.has("managed")).isFalse();

        ApiClient.Reply refused = admin.put(path("/tasks/shop-report"), "{\"cron\":\"0 0 0 1 2 ? 2099\"}");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.error()).contains("managed by application shop 1.1.0");
        assertThat(admin.delete(path("/tasks/shop-report")).status()).isEqualTo(409);
        assertThat(operate.post(path("/tasks/shop-report/disable"), "").status()).as("pausing stays allowed")
                .isEqualTo(200);
    }

    @Test
    void reconcilingNeedsTheAdminScopeAndLabelsTheTokenAllows() {
        assertThat(operate.put(path("/applications/scoped/tasks"), declaration("1", "warn", "disable")).status())
                .isEqualTo(403);
        ApiClient.Reply unlabelled = dataOnly.put(path("/applications/scoped/tasks"),
                declaration("1", "warn", "disable", task("scoped-a", "echo a")));
        assertThat(unlabelled.status()).isEqualTo(403);
        assertThat(unlabelled.field()).isEqualTo("labels");
        assertThat(admin.get(path("/tasks/scoped-a")).status()).isEqualTo(404);

        assertThat(dataOnly.put(path("/applications/scoped/tasks"), declaration("1", "warn", "disable",
                task("scoped-b", "echo b", "{\"team\":\"data\"}"))).status()).isEqualTo(200);

        assertThat(admin.post(path("/tasks"), task("scoped-c", "echo c")).status()).isEqualTo(201);
        ApiClient.Reply unseen = dataOnly.put(path("/applications/scoped/tasks"), declaration("2", "warn", "disable",
                task("scoped-b", "echo b", "{\"team\":\"data\"}"), task("scoped-c", "echo c", "{\"team\":\"data\"}")));
        assertThat(unseen.status()).as("a stored task the token cannot see is not adopted").isEqualTo(403);
        assertThat(admin.get(path("/tasks/scoped-c")).body().get("labels")).isEmpty();
    }

    @Test
    void aBadDeclarationNamesItsPlaceAndChangesNothing() {
        ApiClient.Reply badCron = admin.put(path("/applications/broken/tasks"), declaration("1", "warn", "disable",
                task("broken-a", "echo a"), task("broken-b", "echo b").replace(NEVER, "99 * * * *").replace("\"quartz\"", "\"unix\"")));
        assertThat(badCron.status()).isEqualTo(400);
        assertThat(badCron.field()).isEqualTo("tasks[1].cron");
        assertThat(admin.get(path("/tasks/broken-a")).status()).isEqualTo(404);

        ApiClient.Reply noVersion = admin.put(path("/applications/broken/tasks"), "{\"tasks\":[]}");
        assertThat(noVersion.status()).isEqualTo(400);
        assertThat(noVersion.field()).isEqualTo("version");
        ApiClient.Reply badEdits = admin.put(path("/applications/broken/tasks"), declaration("1", "maybe", "disable"));
        assertThat(badEdits.field()).isEqualTo("edits");
        ApiClient.Reply badApplication = admin.put(path("/applications/-x/tasks"), declaration("1", "warn", "disable"));
        assertThat(badApplication.field()).isEqualTo("application");

        admin.put(path("/applications/owner/tasks"), declaration("1", "warn", "disable", task("owned", "echo o")));
        ApiClient.Reply taken = admin.put(path("/applications/thief/tasks"), declaration("1", "warn", "disable",
                task("owned", "echo stolen")));
        assertThat(taken.status()).isEqualTo(409);
        assertThat(taken.error()).startsWith("tasks[0].name: task 'owned' is managed by application owner 1");
    }
}
