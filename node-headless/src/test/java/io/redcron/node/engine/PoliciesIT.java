package io.redcron.node.engine;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
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

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Timeouts, retries, misfires, concurrency policies, cancel, manual runs and the node's allowlist. */
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
    void misfiresFollowEachPolicyAfterDowntime() throws Exception {
        // Daily at noon in the last week of 2020 only: every fire is long past, whatever the time
        // the test runs, so which fires count as misfires does not depend on the clock.
        String lastWeekOf2020 = "0 0 12 25-31 12 ? 2020";
        Task once = cluster.add(cluster.shell("missed-once", lastWeekOf2020, "echo once").misfirePolicy(MisfirePolicy.FIRE_ONCE));
        Task skip = cluster.add(cluster.shell("missed-skip", lastWeekOf2020, "echo skip").misfirePolicy(MisfirePolicy.SKIP));
        Task catchUp = cluster.add(cluster.shell("missed-catch-up", lastWeekOf2020, "echo catch up")
                .misfirePolicy(MisfirePolicy.CATCH_UP).catchUpLimit(2));
        // As if the scheduler had been down since Christmas 2020.
        Instant missed = Instant.parse("2020-12-25T12:00:00Z");
        for (Task task : List.of(once, skip, catchUp)) {
            plan(task, missed);
        }

        await().atMost(Duration.ofSeconds(20)).until(() -> cluster.runsOf(once).size() == 7
                && cluster.runsOf(skip).size() == 7 && cluster.runsOf(catchUp).size() == 7
                && cluster.allFinal(once) && cluster.allFinal(skip) && cluster.allFinal(catchUp));

        assertThat(succeeded(once)).containsExactly(Instant.parse("2020-12-31T12:00:00Z"));
        assertThat(succeeded(skip)).isEmpty();
        assertThat(succeeded(catchUp)).containsExactly(Instant.parse("2020-12-30T12:00:00Z"),
                Instant.parse("2020-12-31T12:00:00Z"));
        for (Task task : List.of(once, skip, catchUp)) {
            List<Run> runs = cluster.runsOf(task);
            assertThat(runs.stream().map(Run::scheduledAt)).doesNotHaveDuplicates().contains(missed);
            assertThat(runs).filteredOn(r -> r.status() == RunStatus.SKIPPED)
                    .allSatisfy(r -> assertThat(r.error()).startsWith("misfire: skipped"));
        }
    }

    private static List<Instant> succeeded(Task task) {
        return cluster.runsOf(task).stream().filter(r -> r.status() == RunStatus.SUCCEEDED).map(Run::scheduledAt)
                .sorted().toList();
    }

    @Test
    void forbidSkipsAFireStillBlockedByARunInFlightAfterTheMisfireThreshold() {
        Task task = cluster.add(cluster.shell("forbid", "0 0 0 1 1 ? 2099", "sleep 8")
                .concurrencyPolicy(ConcurrencyPolicy.FORBID));
        Run first = trigger(task, Map.of());
        await().atMost(Duration.ofSeconds(10)).until(() -> status(first) == RunStatus.RUNNING);

        Run second = trigger(task, Map.of());

        Run skipped = awaitFinal(second);
        assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(skipped.error()).contains("run " + first.id()).contains("forbid");
        assertThat(status(first)).as("skipped while the first still ran").isEqualTo(RunStatus.RUNNING);
        assertThat(awaitFinal(first).status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    @Test
    void forbidLetsAFireWaitForAShortRunInsteadOfOverlapping() {
        Task task = cluster.add(cluster.shell("forbid-short", "0 0 0 1 1 ? 2099", "sleep 1; date +%s%N")
                .concurrencyPolicy(ConcurrencyPolicy.FORBID));
        Run first = trigger(task, Map.of());
        await().atMost(Duration.ofSeconds(10)).until(() -> status(first) == RunStatus.RUNNING);

        Run second = awaitFinal(trigger(task, Map.of()));
        Run firstDone = cluster.runs().get(first.id()).orElseThrow();

        assertThat(second.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(second.startedAt()).as("never overlapping").isAfterOrEqualTo(firstDone.finishedAt());
    }

    @Test
    void replaceCancelsTheRunningOneAndStartsTheNew() {
        Task task = cluster.add(cluster.shell("replace", "0 0 0 1 1 ? 2099", "sleep 30")
                .concurrencyPolicy(ConcurrencyPolicy.REPLACE));
        Run first = trigger(task, Map.of());
        await().atMost(Duration.ofSeconds(10)).until(() -> status(first) == RunStatus.RUNNING);

        Run second = trigger(task, Map.of());

        assertThat(awaitFinal(first).status()).isEqualTo(RunStatus.CANCELLED);
        await().atMost(Duration.ofSeconds(10)).until(() -> status(second) == RunStatus.RUNNING);
        cancel(second);
        assertThat(awaitFinal(second).status()).isEqualTo(RunStatus.CANCELLED);
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

    private static RedisKeys keys() {
        return new RedisKeys(cluster.namespace());
    }
}
