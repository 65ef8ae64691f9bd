package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;
import io.redcron.store.mysql.MysqlAlertOutbox;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Alerts outlive the node that raised them: nodes sharing a real MariaDB deliver each other's
 * alerts from the outbox, each occurrence once while nobody dies.
 */
class AlertOutboxDeliveryIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();

    private final String namespace = "alerts-" + UUID.randomUUID().toString().substring(0, 8);
    private final WebhookReceiver receiver = new WebhookReceiver();
    private final List<AlertDispatcher> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(AlertDispatcher::close);
        receiver.close();
    }

    @Test
    void anAlertWhoseNodeStoppedBeforeDeliveringItIsDeliveredByAnotherNode() throws Exception {
        receiver.answer(503);
        AlertDispatcher first = node("node-a", webhook());
        first.raise(failure(42L));
        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(1));

        first.close();

        assertThat(row()).satisfies(row -> {
            assertThat(row.deliveredAt()).isNull();
            assertThat(row.attempts()).isOne();
            assertThat(row.lastError()).contains("HTTP 503");
        });
        node("node-b", webhook());
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(receiver.received()).hasSize(2));
        JsonNode delivered = parse(receiver.received().get(1).body());
        assertThat(delivered.get("kind").asText()).isEqualTo("RUN_FAILED");
        assertThat(delivered.get("runId").asLong()).isEqualTo(42);
        assertThat(delivered.get("reportedBy").asText()).isEqualTo("node-b");
        await().untilAsserted(() -> assertThat(row()).satisfies(row -> {
            assertThat(row.deliveredAt()).isNotNull();
            assertThat(row.claimedBy()).isEqualTo("node-b");
            assertThat(row.attempts()).isEqualTo(2);
        }));
    }

    @Test
    void theSameOccurrenceRaisedByTwoNodesIsDeliveredOnce() throws Exception {
        AlertDispatcher first = node("node-a", webhook());
        AlertDispatcher second = node("node-b", webhook());
        Instant lastSeen = Instant.now().minusSeconds(20).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);

        first.raise(Alert.nodeLost("node-c", "host-c", lastSeen, Instant.now()));
        second.raise(Alert.nodeLost("node-c", "host-c", lastSeen, Instant.now()));

        await().untilAsserted(() -> assertThat(row().deliveredAt()).isNotNull());
        assertThat(count()).isOne();
        assertThat(receiver.received()).hasSize(1);
        assertThat(parse(receiver.received().get(0).body()).get("kind").asText()).isEqualTo("NODE_LOST");
    }

    @Test
    void alertsOfANodeWithoutTargetsAreEachDeliveredOnceByTheNodesThatHaveSome() throws Exception {
        AlertConfig none = new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.empty(), Duration.ofMinutes(10), 100,
                List.of());
        AlertDispatcher worker = node("worker-1", none);
        node("node-b", webhook());
        node("node-c", webhook());

        for (long run = 1; run <= 30; run++) {
            worker.raise(failure(run));
        }

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(receiver.received()).hasSize(30));
        assertThat(receiver.received()).extracting(request -> parse(request.body()).get("runId").asLong())
                .doesNotHaveDuplicates();
        await().untilAsserted(() -> assertThat(delivered()).isEqualTo(30));
    }

    private AlertDispatcher node(String nodeId, AlertConfig config) {
        AlertDispatcher node = new AlertDispatcher(config, new MysqlAlertOutbox(pool), namespace, nodeId,
                Clock.systemUTC(), new SimpleMeterRegistry(), TaskLookup.NONE,
                new AlertDispatcher.Timing(Duration.ofSeconds(2), Duration.ofMillis(200), Duration.ofMinutes(1)));
        nodes.add(node);
        return node;
    }

    private AlertConfig webhook() {
        return new AlertConfig(Optional.of((AlertTarget.Webhook) AlertTarget.parse(receiver.url("/hook"))), Secret.NONE,
                5, Optional.empty(), Duration.ofMinutes(10), 100, List.of());
    }

    /** A run of a task of its own, so that the rate limit holds none back. */
    private static Alert failure(long runId) {
        return new Alert(AlertKind.RUN_FAILED, Instant.now(), runId, "task-" + runId, runId, null, "exit code 3",
                Map.of("attempt", "1", "exitCode", "3"), List.of());
    }

    private record Row(Instant deliveredAt, int attempts, String claimedBy, String lastError) {
    }

    /** The namespace's one alert, as an operator would look at it. */
    private Row row() throws SQLException {
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT CAST(delivered_at AS CHAR) AS delivered,"
                     + " attempts, claimed_by, last_error FROM alert_outbox WHERE namespace = ?")) {
            statement.setString(1, namespace);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).as("an alert in the outbox").isTrue();
                String delivered = rows.getString("delivered");
                return new Row(delivered == null ? null : Instant.parse(delivered.replace(' ', 'T') + "Z"),
                        rows.getInt("attempts"), rows.getString("claimed_by"), rows.getString("last_error"));
            }
        }
    }

    private long count() throws SQLException {
        return number("SELECT COUNT(*) FROM alert_outbox WHERE namespace = ?");
    }

    private long delivered() throws SQLException {
        return number("SELECT COUNT(*) FROM alert_outbox WHERE namespace = ? AND delivered_at IS NOT NULL");
    }

    private long number(String sql) throws SQLException {
        try (Connection connection = pool.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, namespace);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
