package io.redcron.node.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MetricsServerTest {

    @Test
    void healthSaysWhichStoreIsDownButNotWhy() throws Exception {
        Health health = new Health(() -> { }, () -> {
            throw new SQLException("Access denied for user 'redcron'@'10.1.2.3' to database 'billing_prod'");
        }, () -> false);

        try (MetricsServer server = new MetricsServer("127.0.0.1", 0, new NodeMetrics("n1", "billing"), health)) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/health")).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(new ObjectMapper().readValue(response.body(), Map.class)).isEqualTo(Map.of("status", "DOWN",
                    "live", true, "ready", false, "redis", "UP", "mysql", "DOWN", "leader", "false"));
            assertThat(response.body()).doesNotContain("redcron", "10.1.2.3", "billing_prod", "denied");
        }
    }

    @Test
    void aStoreThatAnswersAgainIsUpAgain() {
        boolean[] down = {true};
        Health health = new Health(() -> {
            if (down[0]) {
                throw new IllegalStateException("Redis at redis://10.0.0.9:6379 did not answer");
            }
        }, () -> { }, () -> true);

        assertThat(health.check().details()).containsEntry("redis", "DOWN");
        assertThat(health.check().ready()).isFalse();
        down[0] = false;

        assertThat(health.check()).isEqualTo(new Health.Report(true, Map.of("redis", "UP", "mysql", "UP", "leader", "true")));
    }
}
