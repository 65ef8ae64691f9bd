package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.port.Dispatch;
import io.redcron.port.Dispatch.Advance;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.QueueInspector.QueueStats;
import io.redcron.port.QueueInspector.StreamStats;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.testing.TestRedis;
import io.redcron.testkit.RunQueueContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XPendingParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamPendingEntry;
import redis.clients.jedis.util.SafeEncoder;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Redis run queue under the queue's contract, and what only Redis does: blocking reads on the
 * server, entries written by other programs, capped streams, a group or stream lost.
 */
class RedisRunQueueIT extends RunQueueContract {
    private static RedisNamespace redis;

    @BeforeAll
    static void openNamespace() {
        redis = RedisNamespace.onSharedServer();
    }

    @AfterAll
    static void closeNamespace() {
        redis.close();
    }

    @Override
    protected Backend open() {
        redis.clear();
        return new Backend(new RedisRunQueue(redis.client(), redis.keys()),
                new RedisScheduleIndex(redis.client(), redis.keys()), new RedisQueueInspector(redis.client(), redis.keys()));
    }

    @Override
    protected List<QueuedRun> reclaimOnceIdle(String group, String consumer, Duration idle) {
        return await().atMost(Duration.ofSeconds(5))
                .until(() -> queue.reclaimIdle(group, consumer, idle, 100), runs -> !runs.isEmpty());
    }

    // --- dispatch -------------------------------------------------------------------------------

    @Test
    void aLargeBatchIsAppliedInOneCall() {
        int size = 5_000;
        Map<Long, Instant> planned = new HashMap<>();
        List<QueuedRun> runs = new ArrayList<>();
        List<Advance> advances = new ArrayList<>();
        for (long task = 1; task <= size; task++) {
            planned.put(task, NOW);
            runs.add(QueuedRun.of(task % 2 == 0 ? "etl" : "mail", 100_000 + task));
            advances.add(new Advance(task, NOW, NOW.plusSeconds(task)));
        }
        index.put(planned);

        queue.dispatch(new Dispatch(runs, advances));

        assertThat(queue.waiting("etl", 10 * size)).hasSize(size / 2);
        assertThat(queue.waiting("mail", 10 * size)).hasSize(size / 2);
        assertThat(index.due(NOW, 10)).isEmpty();
        assertThat(index.earliest()).contains(NOW.plusSeconds(1));
    }

    // --- read and ack ---------------------------------------------------------------------------

    @Test
    void aWaitingWorkerGetsANewRunAsSoonAsItIsEnqueued() throws Exception {
        String name = "redcron-it-" + redis.keys().namespace();
        try (UnifiedJedis workerClient = RedisConnector.open(RedisConfig.fromUri(TestRedis.uri()), name, 2)) {
            RunQueue worker = new RedisRunQueue(workerClient, redis.keys());
            worker.ensureGroups(ETL);
            CompletableFuture<List<QueuedRun>> waiting = CompletableFuture.supplyAsync(
                    () -> worker.read("w1", ETL, 10, Duration.ofSeconds(20)));
            await().atMost(Duration.ofSeconds(5)).until(() -> isBlocked(name));

            long started = System.nanoTime();
            queue.enqueue(List.of(QueuedRun.of("etl", 5)));

            assertThat(waiting.get(10, TimeUnit.SECONDS)).extracting(QueuedRun::runId).containsExactly(5L);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void aReadThatWaitsLongerThanTheSocketTimeoutReturnsEmptyInsteadOfFailing() {
        RedisConfig config = RedisConfig.fromUri(TestRedis.uri(), Secret.NONE, Duration.ofMillis(200));
        try (UnifiedJedis shortTimeout = RedisConnector.open(config, "redcron-it", 2)) {
            RunQueue impatient = new RedisRunQueue(shortTimeout, redis.keys());
            impatient.ensureGroups(ETL);

            assertThat(impatient.read("w1", ETL, 10, Duration.ofMillis(600))).isEmpty();
        }
    }

    @Test
    void aReadAfterTheStreamWasDeletedRecreatesItAndWorks() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        queue.ack(queue.read("w1", ETL, 10, NO_WAIT));
        redis.client().del(redis.keys().stream("etl")); // as after Redis lost its data

        assertThat(queue.read("w1", ETL, 10, NO_WAIT)).isEmpty();

        queue.enqueue(List.of(QueuedRun.of("etl", 2)));
        assertThat(queue.read("w1", ETL, 10, NO_WAIT)).extracting(QueuedRun::runId).containsExactly(2L);
    }

    @Test
    void aReadAfterTheConsumerGroupWasDestroyedDeliversWhatTheStreamStillHolds() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        queue.ack(queue.read("w1", ETL, 10, NO_WAIT));
        queue.enqueue(List.of(QueuedRun.of("etl", 2)));
        redis.client().xgroupDestroy(redis.keys().stream("etl"), redis.keys().consumerGroup());

        assertThat(queue.read("w1", ETL, 10, NO_WAIT)).extracting(QueuedRun::runId).containsExactly(2L);
    }

    // --- recovery and the dead stream -----------------------------------------------------------

    @Test
    void anEntryDeletedWhilePendingIsNotHandedOver() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("etl", 2)));
        List<QueuedRun> read = queue.read("crashed", ETL, 10, NO_WAIT);
        redis.client().xdel(redis.keys().stream("etl"), new StreamEntryID(read.get(0).entryId()));

        List<QueuedRun> reclaimed = await().atMost(Duration.ofSeconds(5))
                .until(() -> queue.reclaimIdle("etl", "reaper", Duration.ofMillis(50), 100), runs -> !runs.isEmpty());

        assertThat(reclaimed).extracting(QueuedRun::runId).containsExactly(2L);
    }

    @Test
    void theDeadStreamIsCapped() {
        String dead = redis.keys().dead();
        int filler = 100_200;
        try (AbstractPipeline pipeline = redis.client().pipelined()) {
            for (int i = 0; i < filler; i++) {
                pipeline.xadd(dead, XAddParams.xAddParams(), Map.of("run", "0"));
            }
            pipeline.sync();
        }

        queue.dead(QueuedRun.of("etl", 42), "too many deliveries", NOW);

        QueueStats stats = inspector.stats();
        assertThat(stats.dead()).isBetween(100_000L, 100_100L);
        assertThat(stats.recentDead()).first().extracting(DeadRun::runId).isEqualTo(42L);
    }

    // --- malformed entries ----------------------------------------------------------------------

    @Test
    void aReadRemovesMalformedEntriesItWasHandedAndReturnsTheOthers() {
        queue.ensureGroups(ETL);
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        addRaw("etl", Map.of("run", "not-a-number"));
        addRaw("etl", Map.of("task", "7"));
        addRaw("etl", Map.of("run", "-3"));
        queue.enqueue(List.of(QueuedRun.of("etl", 2)));

        List<QueuedRun> read = queue.read("w1", ETL, 10, NO_WAIT);

        assertThat(read).extracting(QueuedRun::runId).containsExactly(1L, 2L);
        StreamStats etl = streamStats("etl");
        assertThat(etl.length()).as("only the good entries are left").isEqualTo(2);
        assertThat(etl.pendingTotal()).isEqualTo(2);
        queue.ack(read);
        assertThat(streamStats("etl").length()).isZero();
    }

    @Test
    void aReadHandedOnlyMalformedEntriesReturnsNothingAndReadsOnAfterThem() {
        queue.ensureGroups(ETL);
        addRaw("etl", Map.of("run", ""));
        addRaw("etl", Map.of("run", "12abc"));

        assertThat(queue.read("w1", ETL, 10, NO_WAIT)).isEmpty();

        queue.enqueue(List.of(QueuedRun.of("etl", 3)));
        assertThat(queue.read("w1", ETL, 10, NO_WAIT)).extracting(QueuedRun::runId).containsExactly(3L);
        assertThat(streamStats("etl").pendingTotal()).isEqualTo(1);
    }

    @Test
    void reclaimIdleRemovesMalformedEntriesAnOlderWorkerLeftPendingAndHandsOverTheRest() {
        queue.ensureGroups(ETL);
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        addRaw("etl", Map.of("run", "x"));
        queue.enqueue(List.of(QueuedRun.of("etl", 2)));
        // A worker that read them without looking (as an older version would) and died.
        redis.client().xreadGroupAsMap(redis.keys().consumerGroup(), "crashed", XReadGroupParams.xReadGroupParams().count(10),
                Map.of(redis.keys().stream("etl"), StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY));

        List<QueuedRun> reclaimed = await().atMost(Duration.ofSeconds(5))
                .until(() -> queue.reclaimIdle("etl", "reaper", Duration.ofMillis(50), 100), runs -> !runs.isEmpty());

        assertThat(reclaimed).extracting(QueuedRun::runId).containsExactly(1L, 2L);
        assertThat(streamStats("etl").length()).isEqualTo(2);
        assertThat(pendingOwners("etl")).containsExactly("reaper", "reaper");
    }

    @Test
    void waitingListsOnlyEntriesThatCarryARunId() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        addRaw("etl", Map.of("run", "one"));
        addRaw("etl", Map.of("note", "hand-written"));
        queue.enqueue(List.of(QueuedRun.of("etl", 2)));

        assertThat(queue.waiting("etl", 10)).containsExactly(1L, 2L);
    }

    @Test
    void delayedListsOnlyMembersThatNameAGroupAndARun() {
        queue.delay(QueuedRun.of("etl", 1), NOW);
        redis.client().zadd(redis.keys().delayed(), NOW.toEpochMilli(), "etl|abc");
        redis.client().zadd(redis.keys().delayed(), NOW.toEpochMilli(), "no-bar");
        redis.client().zadd(redis.keys().delayed(), NOW.toEpochMilli(), "|5");
        queue.delay(QueuedRun.of("mail", 2), NOW.plusSeconds(1));

        assertThat(queue.delayed(10)).containsExactlyInAnyOrder(1L, 2L);
    }

    @Test
    void promoteDueRemovesMalformedMembersSoThatTheyCannotHoldBackDueRetries() {
        for (String member : List.of("etl|abc", "no-bar", "|5", "etl|007", "etl|")) {
            redis.client().zadd(redis.keys().delayed(), NOW.minusSeconds(60).toEpochMilli(), member);
        }
        queue.delay(QueuedRun.of("etl", 1), NOW.minusSeconds(1));
        queue.delay(QueuedRun.of("mail", 2), NOW);

        // The malformed members fill the first call's limit: they go, and the next call moves the rest.
        assertThat(queue.promoteDue(NOW, 5)).isZero();
        assertThat(queue.promoteDue(NOW, 5)).isEqualTo(2);

        assertThat(redis.client().zcard(redis.keys().delayed())).isZero();
        assertThat(queue.waiting("etl", 10)).containsExactly(1L);
        assertThat(queue.waiting("mail", 10)).containsExactly(2L);
        assertThat(streamStats("etl").length()).as("nothing malformed was put on a stream").isEqualTo(1);
    }

    // --- entries and bounds ---------------------------------------------------------------------

    @Test
    void entriesTellWhichAWorkerHoldsAndSinceWhenAndRemoveMalformedOnes() {
        queue.ensureGroups(ETL);
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        List<QueuedRun> held = queue.read("w1", ETL, 1, NO_WAIT);
        addRaw("etl", Map.of("run", "bad"));
        queue.enqueue(List.of(QueuedRun.of("etl", 2)));

        List<RunQueue.Entry> entries = queue.entries("etl", null, 10).entries();

        assertThat(entries).extracting(RunQueue.Entry::run).containsExactly(held.get(0),
                new QueuedRun("etl", 2, entries.get(1).run().entryId()));
        assertThat(entries.get(0).pendingFor()).isNotNull().isLessThan(Duration.ofSeconds(10));
        assertThat(entries.get(1).pendingFor()).isNull();
        assertThat(queue.length("etl")).isEqualTo(2);
    }

    @Test
    void everyWayOntoAStreamKeepsItNearItsMaximumLength() {
        RunQueue capped = new RedisRunQueue(redis.client(), redis.keys(), 1_000);
        int runs = 3_000;

        capped.enqueue(LongStream.rangeClosed(1, runs).mapToObj(id -> QueuedRun.of("etl", id)).toList());
        capped.dispatch(new Dispatch(LongStream.rangeClosed(1, runs).mapToObj(id -> QueuedRun.of("mail", id)).toList(),
                List.of()));
        for (long id = 1; id <= runs; id++) {
            capped.delay(QueuedRun.of("ops", id), NOW.minusSeconds(1));
        }
        assertThat(capped.promoteDue(NOW, runs)).isEqualTo(runs);

        // Trimming is approximate: Redis drops whole nodes of entries, so a stream may run a little over.
        for (String group : List.of("etl", "mail", "ops")) {
            assertThat(capped.length(group)).as(group).isBetween(1_000L, 1_200L);
            assertThat(capped.waiting(group, 10)).as("the oldest went first").doesNotContain(1L);
        }
        assertThat(RedisRunQueue.STREAM_MAX_LENGTH).isEqualTo(1_000_000L);
    }

    /** An entry written by something other than Redcron. */
    private void addRaw(String group, Map<String, String> fields) {
        redis.client().xadd(redis.keys().stream(group), XAddParams.xAddParams(), fields);
    }

    private List<String> pendingOwners(String group) {
        return redis.client().xpending(redis.keys().stream(group), redis.keys().consumerGroup(),
                        XPendingParams.xPendingParams().count(100))
                .stream().map(StreamPendingEntry::getConsumerName).toList();
    }

    /** True when a client of that name waits in a blocking command. */
    private boolean isBlocked(String clientName) {
        String clients = SafeEncoder.encode((byte[]) redis.client().sendCommand(Protocol.Command.CLIENT, "LIST"));
        return clients.lines().anyMatch(line -> line.contains(" name=" + clientName + " ")
                && line.matches(".* flags=[A-Za-z]*b[A-Za-z]* .*"));
    }
}
