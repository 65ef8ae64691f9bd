package io.redcron.node.engine;

import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.config.RedisConfig;
import io.redcron.port.EventBus;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisQueueInspector;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the policies do to real processes on real nodes: timeouts, retries, cancel, manual runs
 * and the node's allowlist. The misfire and concurrency rules themselves are tested by hand-driven
 * time in {@link MisfireRulesTest} and {@link ConcurrencyRulesTest}.
 */
class PoliciesIT {
    @RegisterExtension
    static final TestCluster cluster = new TestCluster();
    private static UnifiedJedis redis;

    @BeforeAll
    static void start() {
        cluster.start("worker", Map.of("scheduler.misfire-threshold", "5s",
                "worker.allow-commands", "^(?!touch ).*$", "worker.types", "exec,shell"));
        redis = cluster.redis();
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() {
        Run run = trigger(cluster.add(cluster.shell("tree", "0 0 0 1 1 ? 2099", "sleep 6011 & sleep 6012")
                .timeout(Duration.ofSeconds(1))), Map.of());

        Run done = awaitFinal(run);

        assertThat(done.status()).isEqualTo(RunStatus.TIMED_OUT);
        assertThat(done.error()).contains("timed out after 1s");
        await().atMost(Duration.ofSeconds(10)).until(() -> ProcessHandle.allProcesses()
                .noneMatch(p -> p.info().commandLine().orElse("").matches(".*sleep 601[12].*")));
    }

    @Test
    void failuresAreRetriedWithBackoffThenFailAndGoToTheDeadStream() {
        Task task = cluster.add(cluster.shell("failing", "0 0 0 1 1 ? 2099", "echo attempt $REDCRON_ATTEMPT; exit 3")
                .retry(new RetryPolicy(3, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.0)));
        Instant started = Instant.now();
        Run run = trigger(task, Map.of());

        Run done = awaitFinal(run);

        assertThat(done.status()).isEqualTo(RunStatus.FAILED);
        assertThat(done.attempt()).isEqualTo(3);
        assertThat(done.exitCode()).isEqualTo(3);
        assertThat(done.output()).contains("attempt 3");
        assertThat(Duration.between(started, done.finishedAt())).as("waits of 1 s and 2 s between attempts")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(3));
        assertThat(new RedisQueueInspector(redis, keys()).stats().recentDead())
                .anySatisfy(dead -> assertThat(dead.runId()).isEqualTo(run.id()));
    }

    @Test
    void anOperatorCancelStopsARunningRun() {
        Run run = trigger(cluster.add(cluster.shell("cancel-me", "0 0 0 1 1 ? 2099", "sleep 6013")), Map.of());
        await().atMost(Duration.ofSeconds(10)).until(() -> status(run) == RunStatus.RUNNING);

        cancel(run);

        assertThat(awaitFinal(run).status()).isEqualTo(RunStatus.CANCELLED);
        await().atMost(Duration.ofSeconds(10)).until(() -> ProcessHandle.allProcesses()
                .noneMatch(p -> p.info().commandLine().orElse("").contains("sleep 6013")));
    }

    @Test
    void manualParametersArriveAsPlainTextInTheEnvironment() {
        Task task = cluster.add(cluster.shell("params", "0 0 0 1 1 ? 2099", "printenv REDCRON_PARAM_TARGET")
                .params(Map.of("TARGET", "default")));
        String hostile = "x; rm -rf / $(touch /tmp/redcron-pwned) `id`";

        Run run = awaitFinal(trigger(task, Map.of("TARGET", hostile)));

        assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(run.output().strip()).isEqualTo(hostile);
        assertThat(run.params()).containsEntry("TARGET", hostile);
        assertThat(new java.io.File("/tmp/redcron-pwned")).doesNotExist();
    }

    @Test
    void theNodeRefusesCommandsOutsideItsAllowlistAndTypesItDoesNotRun() {
        Run refused = awaitFinal(trigger(cluster.add(cluster.shell("outside", "0 0 0 1 1 ? 2099",
                "touch /tmp/redcron-allowlist")), Map.of()));
        Run http = awaitFinal(trigger(cluster.add(cluster.shell("web", "0 0 0 1 1 ? 2099", "unused")
                .payload(new io.redcron.domain.HttpPayload("GET", java.net.URI.create("http://127.0.0.1:1/"), Map.of(),
                        "", java.util.Set.of()))), Map.of()));

        assertThat(refused.status()).isEqualTo(RunStatus.FAILED);
        assertThat(refused.error()).contains("node worker").contains("allow-commands");
        assertThat(new java.io.File("/tmp/redcron-allowlist")).doesNotExist();
        assertThat(http.status()).isEqualTo(RunStatus.FAILED);
        assertThat(http.error()).contains("node worker").contains("http");
    }

    private static Run trigger(Task task, Map<String, String> params) {
        Run run = cluster.runs().insertManual(task.id(), Instant.now(), task.retry().maxAttempts(), params);
        cluster.enqueue(run);
        return run;
    }

    private static void cancel(Run run) {
        cluster.runs().requestCancel(run.id(), Instant.now(), "test");
        new RedisEventBus(redis, keys(), RedisConfig.fromUri(TestRedis.uri()))
                .publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, run.id()));
    }

    private static Run awaitFinal(Run run) {
        await().atMost(Duration.ofSeconds(30)).until(() -> status(run).isFinal());
        return cluster.runs().get(run.id()).orElseThrow();
    }

    private static RunStatus status(Run run) {
        return cluster.runs().get(run.id()).orElseThrow().status();
    }

    private static RedisKeys keys() {
        return new RedisKeys(cluster.namespace());
    }
}
