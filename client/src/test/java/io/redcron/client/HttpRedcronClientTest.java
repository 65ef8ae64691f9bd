package io.redcron.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/** What the HTTP client checks before it sends anything, and how it fails when no node answers. */
class HttpRedcronClientTest {
    private static final String TOKEN = "rcn_7_Qm9vdHN0cmFwLXRoZS1zZWNyZXQtaXMtNDMtY2hhcnM";

    private static void assertRefused(Runnable making, String field, String problem) {
        assertThatThrownBy(making::run).isInstanceOfSatisfying(RedcronClientException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).startsWith(field + ": ").contains(problem).doesNotContain("\n", TOKEN);
        });
    }

    @Test
    void theBuilderChecksTheUrlTheTokenAndTheNamespace() {
        URI node = URI.create("https://scheduler.example.com:8686");
        assertRefused(() -> RedcronClient.http(null, TOKEN, "prod"), "url", "required");
        assertRefused(() -> RedcronClient.http(URI.create("ftp://example.com"), TOKEN, "prod"), "url", "http://");
        assertRefused(() -> RedcronClient.http(URI.create("/relative"), TOKEN, "prod"), "url", "absolute");
        assertRefused(() -> RedcronClient.http(URI.create("https://bot:" + TOKEN + "@example.com"), TOKEN, "prod"),
                "url", "no user");
        assertRefused(() -> RedcronClient.http(node, null, "prod"), "token", "required");
        assertRefused(() -> RedcronClient.http(node, TOKEN + " x", "prod"), "token", "printable ASCII");
        assertRefused(() -> RedcronClient.http(node, TOKEN, "a/b"), "namespace", "1-64 letters");
        assertRefused(() -> HttpRedcronClient.builder(node).requestTimeout(Duration.ZERO), "request-timeout",
                "positive");
    }

    @Test
    void theTokenIsNeverShown() {
        HttpRedcronClient client = RedcronClient.http(URI.create("https://scheduler.example.com:8686/redcron/"), TOKEN,
                "prod");

        assertThat(client.toString()).isEqualTo("HttpRedcronClient[https://scheduler.example.com:8686/redcron,"
                + " namespace=prod]");
        assertThat(client.namespace()).isEqualTo("prod");
    }

    @Test
    void aNodeThatCannotBeReachedIsTheApisFaultNamingTheCause() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        HttpRedcronClient client = HttpRedcronClient.builder(URI.create("http://127.0.0.1:" + closed)).token(TOKEN)
                .namespace("prod").requestTimeout(Duration.ofSeconds(5)).build();

        assertRefused(() -> client.schedule(ScheduleRequest.of("nightly")), "api",
                "scheduling a run of 'nightly' failed: http://127.0.0.1:" + closed + " could not be reached (");
        assertRefused(() -> client.cancel(42), "api", "cancelling run 42 failed");
    }

    @Test
    void aReconcileChecksItsDeclarationsBeforeSending() {
        HttpRedcronClient client = RedcronClient.http(URI.create("http://127.0.0.1:1"), TOKEN, "prod");
        TaskDeclaration good = TaskDeclaration.named("a").cron("* * * * *").shell("true");

        assertRefused(() -> client.reconcile(" ", "1.0", List.of(), EditPolicy.WARN, RemovedTasks.KEEP), "application",
                "must be 1-100 letters");
        assertRefused(() -> client.reconcile("orders", "v".repeat(65), List.of(), EditPolicy.WARN, RemovedTasks.KEEP),
                "version", "at most 64");
        assertRefused(() -> client.reconcile("orders", "", List.of(), EditPolicy.WARN, RemovedTasks.KEEP), "version",
                "required");
        assertRefused(() -> client.reconcile("orders", "1.0", null, EditPolicy.WARN, RemovedTasks.KEEP), "tasks",
                "required");
        assertRefused(() -> client.reconcile("orders", "1.0", List.of(good, TaskDeclaration.named("b").shell("true")),
                EditPolicy.WARN, RemovedTasks.KEEP), "tasks[1].cron", "no cron expression");
        assertRefused(() -> client.reconcile("orders", "1.0", List.of(good, good), EditPolicy.WARN, RemovedTasks.KEEP),
                "tasks[1].name", "'a' is declared twice (also tasks[0])");
        assertThat(EditPolicy.REFUSE.wire()).isEqualTo("refuse");
        assertThat(RemovedTasks.DISABLE.wire()).isEqualTo("disable");
    }
}
