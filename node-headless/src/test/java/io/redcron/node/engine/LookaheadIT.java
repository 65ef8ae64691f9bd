package io.redcron.node.engine;

import io.redcron.config.RedisConfig;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.port.EventBus;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisKeys;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Runs read ahead of their time: a worker claims a cron fire of an ALLOW task early and holds it
 * without a slot, yet starts it no earlier than its scheduled time, and records when it really
 * started; a held run can still be cancelled, and a draining node gives held runs back at once.
 * A run whose policy depends on the runs in flight is claimed only at its time.
 */
class LookaheadIT {
    /** Longer than any hold below, so that the reaper (lease plus lookahead) leaves held entries alone. */
    private static final Map<String, String> NODE = Map.of("scheduler.lookahead", "5s");

    @TempDir
    Path dir;

    @RegisterExtension
    final TestCluster cluster = new TestCluster();
    private final UnifiedJedis redis = cluster.redis();

    @Test
    void aRunClaimedAheadStartsNoEarlierThanItsTimeAndRecordsItsRealStart() {
        Task task = cluster.add(cluster.shell("early", "0 0 0 1 1 ? 2099", "date +%s%3N")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        cluster.start("worker", NODE);
        Run run = fireAhead(task, Duration.ofSeconds(4));

        Run held = awaitHeld(run);

        assertThat(held.startedAt()).as("the planned start, while held").isEqualTo(run.scheduledAt());
        Run done = awaitFinal(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        Instant printed = Instant.ofEpochMilli(Long.parseLong(done.output().trim()));
        assertThat(printed).as("the command ran at its time, not before").isAfterOrEqualTo(run.scheduledAt());
        assertThat(done.startedAt()).as("the real start").isAfterOrEqualTo(run.scheduledAt())
                .isBeforeOrEqualTo(printed);
    }

    @Test
    void aHeldRunThatWaitsForASlotRecordsWhenItReallyStarted() {
        Task task = cluster.add(cluster.shell("waits", "0 0 0 1 1 ? 2099", "date +%s%3N")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        Task blocker = cluster.add(cluster.shell("blocker", "0 0 0 1 1 ? 2099", "sleep 6")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        Map<String, String> oneSlot = new java.util.HashMap<>(NODE);
        oneSlot.put("node.slots", "1");
        cluster.start("worker", oneSlot);
        Run run = fireAhead(task, Duration.ofSeconds(4));
        awaitHeld(run);

        // The only slot is taken until well after the held run's time.
        Run busy = cluster.runs().insertManual(blocker.id(), Instant.now(), 1, Map.of());
        cluster.enqueue(busy);

        Run done = awaitFinal(run);
        Run blocked = cluster.runs().get(busy.id()).orElseThrow();
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(blocked.status()).isEqualTo(RunStatus.SUCCEEDED);
        Instant printed = Instant.ofEpochMilli(Long.parseLong(done.output().trim()));
        assertThat(done.startedAt()).as("when the slot came free, not the planned start")
                .isAfter(run.scheduledAt().plusSeconds(1)).isAfterOrEqualTo(blocked.startedAt().plusSeconds(6))
                .isBeforeOrEqualTo(printed);
    }

    @Test
    void aHeldRunCancelledBeforeItsTimeEndsCancelledAndNeverRuns() {
        Path marker = dir.resolve("ran");
        Task task = cluster.add(cluster.shell("cancelled-early", "0 0 0 1 1 ? 2099", "touch " + marker)
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        cluster.start("worker", NODE);
        Run run = fireAhead(task, Duration.ofSeconds(4));
        awaitHeld(run);

        cluster.runs().requestCancel(run.id(), Instant.now(), "test");
        new RedisEventBus(redis, keys(), RedisConfig.fromUri(TestRedis.uri()))
                .publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, run.id()));

        Run done = awaitFinal(run);
        assertThat(done.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(done.finishedAt()).as("at once, not at its time").isBefore(run.scheduledAt());
        assertThat(done.startedAt()).as("it never started").isNull();
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(run.scheduledAt().plusSeconds(1)));
        assertThat(marker).doesNotExist();
        assertThat(cluster.runs().get(run.id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
    }

    @Test
    void aHeldRunOfATaskDisabledBeforeItsTimeIsWithdrawnAndNeverRuns() {
        Path marker = dir.resolve("ran");
        Task task = cluster.add(cluster.shell("paused-early", "0 0 0 1 1 ? 2099", "touch " + marker)
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        cluster.start("worker", NODE);
        Run run = fireAhead(task, Duration.ofSeconds(4));
        awaitHeld(run);

        cluster.tasks().setEnabled(task.id(), false, "test");
        new RedisEventBus(redis, keys(), RedisConfig.fromUri(TestRedis.uri()))
                .publish(new EventBus.Event(EventBus.Event.Kind.TASK_CHANGED, task.id()));

        Run done = awaitFinal(run);
        assertThat(done.status()).as("the held claim was no attempt: withdrawn like a queued fire")
                .isEqualTo(RunStatus.SKIPPED);
        assertThat(done.attempt()).isZero();
        assertThat(done.error()).contains("withdrawn");
        assertThat(done.startedAt()).as("it never started").isNull();
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(run.scheduledAt().plusSeconds(1)));
        assertThat(marker).doesNotExist();
    }

    @Test
    void aDrainingNodeHandsItsHeldRunsBackAtOnceForAnotherNodeToRunOnTime() {
        Task task = cluster.add(cluster.shell("handed-back", "0 0 0 1 1 ? 2099", "echo ran on $(hostname)")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        Node first = cluster.start("first", NODE);
        Run run = fireAhead(task, Duration.ofSeconds(5));
        assertThat(awaitHeld(run).node()).isEqualTo("first");

        cluster.stop(first);

        Run back = cluster.runs().get(run.id()).orElseThrow();
        assertThat(back.status()).as("handed back before its time").isEqualTo(RunStatus.QUEUED);
        assertThat(Instant.now()).isBefore(run.scheduledAt());
        cluster.start("second", NODE);
        Run done = awaitFinal(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.node()).isEqualTo("second");
        assertThat(done.startedAt()).isAfterOrEqualTo(run.scheduledAt());
        assertThat(done.attempt()).as("the claim handed back before it began was no attempt").isEqualTo(1);
        assertThat(done.lostAttempts()).isZero();
    }

    @Test
    void aRunHeldByANodeThatDiesBeforeItsTimeIsReleasedAndRunElsewhereAsItsFirstAttempt() {
        Task task = cluster.add(cluster.shell("held-by-the-dead", "0 0 0 1 1 ? 2099", "echo ran")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        Node first = cluster.start("first", Map.of("scheduler.lookahead", "5s", "node.roles", "worker"));
        Run run = fireAhead(task, Duration.ofSeconds(3));
        assertThat(awaitHeld(run).node()).isEqualTo("first");

        cluster.crash(first);
        cluster.start("second", NODE);

        Run done = awaitFinal(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.node()).isEqualTo("second");
        assertThat(done.attempt()).as("first's claim never began: it was released, not lost").isEqualTo(1);
        assertThat(done.lostAttempts()).isZero();
    }

    @Test
    void aForbidRunDeliveredEarlyIsClaimedAheadAndBegunUnderItsPolicyOnlyAtItsTime() {
        Task task = cluster.add(cluster.shell("forbid", "0 0 0 1 1 ? 2099", "date +%s%3N")
                .concurrencyPolicy(ConcurrencyPolicy.FORBID));
        cluster.start("worker", NODE);
        Run run = fireAhead(task, Duration.ofSeconds(4));

        assertThat(awaitHeld(run).node()).as("claimed and held like any run").isEqualTo("worker");
        assertThat(pendingEntries()).as("its entry acknowledged once claimed").isZero();

        Run done = awaitFinal(run);
        assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(done.attempt()).isEqualTo(1);
        assertThat(done.startedAt()).isAfterOrEqualTo(run.scheduledAt());
        assertThat(Instant.ofEpochMilli(Long.parseLong(done.output().trim()))).isAfterOrEqualTo(run.scheduledAt());
    }

    @Test
    void theSchedulerRecordsFiresAheadAndTheyStartOnTime() {
        Task task = cluster.add(cluster.shell("every-second", "* * * * * ?", "true")
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW));
        cluster.start("node", Map.of("scheduler.lookahead", "2s"));

        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runsOf(task).stream()
                .filter(r -> r.status() == RunStatus.SUCCEEDED).count() >= 4);

        List<Run> done = cluster.runsOf(task).stream().filter(r -> r.status() == RunStatus.SUCCEEDED).toList();
        // The first fires follow the node's start; later ones were recorded a lookahead early.
        assertThat(done).anyMatch(r -> r.createdAt().isBefore(r.scheduledAt().minusSeconds(1)));
        assertThat(done).allMatch(r -> !r.startedAt().isBefore(r.scheduledAt()), "none started before its time");
    }

    /** Records a cron fire due {@code ahead} from now (a whole second) and queues it, as a leader with a lookahead does. */
    private Run fireAhead(Task task, Duration ahead) {
        Instant at = Instant.now().plus(ahead).truncatedTo(ChronoUnit.SECONDS);
        Run run = cluster.runs().insertOrGetCronFire(task.id(), at, 1);
        cluster.enqueue(run);
        return run;
    }

    /** Waits until the run is claimed while its time has not come; fails if it comes first. */
    private Run awaitHeld(Run run) {
        await("claimed ahead of its time").atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(20))
                .until(() -> cluster.runs().get(run.id()).orElseThrow().status() == RunStatus.RUNNING);
        Run held = cluster.runs().get(run.id()).orElseThrow();
        assertThat(Instant.now()).as("held before its time").isBefore(run.scheduledAt());
        return held;
    }

    private Run awaitFinal(Run run) {
        await().atMost(Duration.ofSeconds(30)).until(() -> TestCluster.isFinal(cluster.runs().get(run.id()).orElseThrow()));
        return cluster.runs().get(run.id()).orElseThrow();
    }

    private long pendingEntries() {
        return redis.xpending(keys().stream("default"), keys().consumerGroup()).getTotal();
    }

    private RedisKeys keys() {
        return new RedisKeys(cluster.namespace());
    }
}
