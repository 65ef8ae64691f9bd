package io.redcron.node.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.node.alert.WebhookReceiver;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The engine raises its alerts where they happen: worker, scheduler, election, node watch. */
class AlertHooksIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static WebhookReceiver receiver;
    @RegisterExtension
    static final TestCluster cluster = new TestCluster();
    private static UnifiedJedis redis;

    @BeforeAll
    static void start() {
        receiver = new WebhookReceiver();
        cluster.start("leader", Map.of("alerts.webhook.url", receiver.url("/hook"), "scheduler.misfire-threshold", "5s",
                "worker.types", "exec,shell", "scheduler.queue-deadline", "3s",
                "alerts.allow-targets", java.util.regex.Pattern.quote(receiver.url("/")) + ".*"));
        redis = cluster.redis();
    }

    @AfterAll
    static void stop() {
        receiver.close();
    }

    @Test
    void theNewLeaderAnnouncesItself() {
        JsonNode alert = awaitAlert("/hook", "LEADER_CHANGED", "leader");

        assertThat(alert.get("node").asText()).isEqualTo("leader");
        assertThat(alert.at("/details/epoch").asLong()).isPositive();
    }

    @Test
    void aRunThatTimesOutOnItsLastAttemptGoesToTheGlobalAndTheTasksTargets() {
        Task task = cluster.add(cluster.shell("slow-report", "0 0 0 1 1 ? 2099", "sleep 30").timeout(Duration.ofSeconds(1))
                .alertTargets(List.of(receiver.url("/team"))));
        Run run = trigger(task);

        JsonNode alert = awaitAlert("/team", "RUN_TIMED_OUT", "slow-report");

        assertThat(alert.get("runId").asLong()).isEqualTo(run.id());
        assertThat(alert.at("/details/status").asText()).isEqualTo("TIMED_OUT");
        assertThat(alert.get("message").asText()).contains("timed out after 1s");
        awaitAlert("/hook", "RUN_TIMED_OUT", "slow-report");
    }

    @Test
    void aRunNoWorkerTookIsFailedDeadAndReportedToTheTasksTargetsToo() {
        Task task = cluster.add(cluster.shell("orphan", "0 0 0 1 1 ? 2099", "echo never").group("nobody-serves-this")
                .alertTargets(List.of(receiver.url("/orphans"))));
        Run run = trigger(task);

        JsonNode alert = awaitAlert("/orphans", "RUN_DEAD", "orphan");

        assertThat(alert.get("runId").asLong()).isEqualTo(run.id());
        assertThat(alert.get("message").asText()).contains("no worker took it").contains("nobody-serves-this");
        awaitAlert("/hook", "RUN_DEAD", "orphan");
    }

    @Test
    void skippedMisfiresAreReportedOnceForTheTask() throws Exception {
        Task task = cluster.add(cluster.shell("missed-skip", "0 0 12 25-31 12 ? 2020", "echo skip")
                .misfirePolicy(MisfirePolicy.SKIP));
        plan(task, Instant.parse("2020-12-25T12:00:00Z"));

        JsonNode alert = awaitAlert("/hook", "MISFIRE_SKIPPED", "missed-skip");

        assertThat(alert.at("/details/skipped").asInt()).isEqualTo(7);
        assertThat(alert.at("/details/firstScheduledAt").asText()).isEqualTo("2020-12-25T12:00:00Z");
        assertThat(alert.at("/details/lastScheduledAt").asText()).isEqualTo("2020-12-31T12:00:00Z");
        assertThat(alert.has("runId")).isFalse();
    }

    @Test
    void aNodeThatDiesIsReportedLostByTheLeader() {
        Node worker = cluster.start("doomed", Map.of("node.roles", "worker"));
        RedisNodeRegistry registry = new RedisNodeRegistry(redis, new RedisKeys(cluster.namespace()));
        await().atMost(Duration.ofSeconds(15)).until(() -> registry.list().stream().anyMatch(n -> n.nodeId().equals("doomed")));

        cluster.crash(worker);

        JsonNode alert = await().atMost(Duration.ofSeconds(40)).until(() -> find("/hook", "NODE_LOST", "doomed"),
                found -> found != null);
        assertThat(alert.get("message").asText()).startsWith("node doomed on ").contains("has not sent a heartbeat for");
    }

    private static JsonNode awaitAlert(String path, String kind, String about) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> find(path, kind, about), found -> found != null);
    }

    /** The first alert of that kind at that path about a task or node of that name; null if none yet. */
    private static JsonNode find(String path, String kind, String about) {
        for (WebhookReceiver.Received request : receiver.received()) {
            JsonNode body = parse(request.body());
            String subject = body.has("task") ? body.at("/task/name").asText() : body.path("node").asText();
            if (request.path().equals(path) && body.get("kind").asText().equals(kind) && subject.equals(about)) {
                return body;
            }
        }
        return null;
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Run trigger(Task task) {
        Run run = cluster.runs().insertManual(task.id(), Instant.now(), task.retry().maxAttempts(), Map.of());
        cluster.enqueue(run);
        return run;
    }

    private static void plan(Task task, Instant next) throws Exception {
        try (Connection connection = cluster.dataSource().getConnection();
             PreparedStatement update = connection.prepareStatement(
                     "UPDATE task SET next_fire_at = ?, updated_at = ? WHERE id = ?")) {
            update.setString(1, next.toString().replace('T', ' ').replace("Z", ""));
            update.setString(2, Instant.now().truncatedTo(ChronoUnit.MILLIS).toString().replace('T', ' ').replace("Z", ""));
            update.setLong(3, task.id());
            update.executeUpdate();
        }
    }
}
