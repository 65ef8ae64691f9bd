package io.redcron.node.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.testing.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A node with its metrics endpoint on: runs and leadership show in /metrics, stores in /health. */
class MetricsIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void metricsAndHealthDescribeTheNode() throws Exception {
        int port = FreePorts.any();
        cluster.start("observed", Map.of("metrics.port", Integer.toString(port)));
        Task task = cluster.add(cluster.shell("measured", "0 0 0 1 1 ? 2099", "echo measured"));
        Run run = cluster.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
        cluster.enqueue(run);
        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.runs().get(run.id()).orElseThrow().status()
                == RunStatus.SUCCEEDED);

        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(get(port, "/metrics").body())
                .contains("redcron_runs_total{namespace=\"" + cluster.namespace()
                        + "\",node=\"observed\",status=\"SUCCEEDED\",task=\"measured\"} 1.0")
                .contains("redcron_scheduler_leader{namespace=\"" + cluster.namespace() + "\",node=\"observed\"} 1.0")
                .contains("jvm_threads_live_threads"));

        HttpResponse<String> health = get(port, "/health");
        assertThat(health.statusCode()).isEqualTo(200);
        JsonNode body = new ObjectMapper().readTree(health.body());
        assertThat(body.get("ready").asBoolean()).isTrue();
        assertThat(body.get("redis").asText()).isEqualTo("UP");
        assertThat(body.get("mysql").asText()).isEqualTo("UP");
        assertThat(body.get("leader").asText()).isEqualTo("true");
        assertThat(get(port, "/health/live").statusCode()).isEqualTo(200);
    }

    private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

}
