package io.redcron.node.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.alert.WebhookReceiver;
import io.redcron.store.redis.RedisKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** What a stream holds cannot stop the leader's housekeeping, and a stream nobody reads stays short. */
class StreamHousekeepingIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final TestCluster cluster = new TestCluster();
    private final RedisKeys keys = new RedisKeys(cluster.namespace());
    private final UnifiedJedis redis = cluster.redis();
    private WebhookReceiver receiver;

    @AfterEach
    void close() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void malformedEntriesOrABrokenStreamStopNeitherTheWorkersNorTheReaperNorTheReconciler() {
        Task task = cluster.add(cluster.shell("echo", "0 0 0 1 1 ? 2099", "echo ok"));
        String stream = keys.stream("default");
        // Another group's stream key holds a string: every stream command on it fails.
        Task elsewhere = cluster.add(cluster.shell("elsewhere", "0 0 0 1 1 ? 2099", "echo ok").group("broken"));
        redis.set(keys.stream("broken"), "not a stream");
        manual(elsewhere);
        // A worker read a malformed entry together with run A's and died before claiming either.
        Run handedToADeadWorker = manual(task);
        redis.xgroupCreate(stream, keys.consumerGroup(), new StreamEntryID(0, 0), true);
        redis.xadd(stream, XAddParams.xAddParams(), Map.of("run", "garbage"));
        redis.xadd(stream, XAddParams.xAddParams(), Map.of("run", Long.toString(handedToADeadWorker.id())));
        redis.xreadGroupAsMap(keys.consumerGroup(), "dead-worker", XReadGroupParams.xReadGroupParams().count(10),
                Map.of(stream, StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY));
        // A retry member that names no run.
        redis.zadd(keys.delayed(), Instant.now().minusSeconds(60).toEpochMilli(), "default|abc");
        // Run B waits in MySQL, but its entry was lost.
        Run lost = manual(task);

        cluster.start("node", Map.of("node.roles", "scheduler,worker"));
        // Run C reaches the live worker in one delivery with another malformed entry.
        Run deliveredWithGarbage = manual(task);
        redis.eval("redis.call('XADD', KEYS[1], '*', 'note', 'written by hand');"
                + " redis.call('XADD', KEYS[1], '*', 'run', ARGV[1])", List.of(stream),
                List.of(Long.toString(deliveredWithGarbage.id())));

        await().atMost(Duration.ofSeconds(40)).untilAsserted(() -> assertThat(
                List.of(status(handedToADeadWorker), status(lost), status(deliveredWithGarbage)))
                .containsOnly(RunStatus.SUCCEEDED));
        await().atMost(Duration.ofSeconds(10)).until(() -> redis.xlen(stream) == 0);
        assertThat(redis.zcard(keys.delayed())).isZero();
        assertThat(redis.xpending(stream, keys.consumerGroup()).getTotal()).isZero();
    }

    @Test
    void aGroupNoWorkerServesKeepsOnlyTheEntriesOfWaitingRunsAndIsReportedOnce() {
        receiver = new WebhookReceiver();
        cluster.start("leader", Map.of("node.roles", "scheduler,worker", "scheduler.queue-deadline", "2s",
                "alerts.webhook.url", receiver.url("/hook"), "alerts.rate-limit", "1h",
                "alerts.allow-targets", Pattern.quote(receiver.url("/")) + ".*"));
        Task orphan = cluster.add(cluster.shell("orphan", "* * * * * ?", "echo never").group("nobody"));

        await().atMost(Duration.ofSeconds(60)).until(() -> failed(orphan).size() >= 15);
        Set<Long> failed = failed(orphan);
        await().atMost(Duration.ofSeconds(10)).until(() -> onStream("nobody").stream().noneMatch(failed::contains));

        // Without removal one entry a second would pile up; what is left are runs within their deadline.
        assertThat(redis.xlen(keys.stream("nobody"))).isLessThanOrEqualTo(10L);
        assertThat(cluster.runsOf(orphan).size()).isGreaterThanOrEqualTo(15);
        List<JsonNode> unserved = alerts("GROUP_UNSERVED");
        assertThat(unserved).singleElement().satisfies(alert -> {
            assertThat(alert.get("node").asText()).isEqualTo("group nobody");
            assertThat(alert.at("/details/group").asText()).isEqualTo("nobody");
            assertThat(alert.at("/details/waiting").asLong()).isPositive();
            assertThat(alert.get("title").asText()).endsWith("group has no worker: group nobody");
        });
        cluster.tasks().setEnabled(orphan.id(), false, "test");
    }

    private Run manual(Task task) {
        return cluster.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
    }

    private RunStatus status(Run run) {
        return cluster.runs().get(run.id()).orElseThrow().status();
    }

    private Set<Long> failed(Task task) {
        Set<Long> ids = new HashSet<>();
        for (Run run : cluster.runsOf(task)) {
            if (run.status() == RunStatus.FAILED) {
                ids.add(run.id());
            }
        }
        return ids;
    }

    private Set<Long> onStream(String group) {
        Set<Long> ids = new HashSet<>();
        for (StreamEntry entry : redis.xrange(keys.stream(group), StreamEntryID.MINIMUM_ID, StreamEntryID.MAXIMUM_ID, 10_000)) {
            ids.add(Long.parseLong(entry.getFields().get("run")));
        }
        return ids;
    }

    private List<JsonNode> alerts(String kind) {
        return receiver.received().stream().map(request -> parse(request.body()))
                .filter(body -> body.get("kind").asText().equals(kind)).toList();
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
