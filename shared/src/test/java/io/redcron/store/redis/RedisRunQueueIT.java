package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.port.Dispatch;
import io.redcron.port.Dispatch.Advance;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.QueueInspector.QueueStats;
import io.redcron.port.QueueInspector.StreamStats;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.ScheduleIndex;
import io.redcron.testing.RedisNamespace;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

class RedisRunQueueIT {
    private static final Instant NOW = Instant.parse("2026-03-29T01:00:00Z");
    private static final Duration NO_WAIT = Duration.ofMillis(1);
    private static final Set<String> ETL = Set.of("etl");

    @RegisterExtension
    static final RedisNamespace redis = RedisNamespace.onSharedServer();
    private RunQueue queue;
    private ScheduleIndex index;
    private RedisQueueInspector inspector;

    @BeforeEach
    void emptyNamespace() {
        redis.clear();
        queue = new RedisRunQueue(redis.client(), redis.keys());
        index = new RedisScheduleIndex(redis.client(), redis.keys());
        inspector = new RedisQueueInspector(redis.client(), redis.keys());
    }

    // --- dispatch -------------------------------------------------------------------------------

    @Test
    void dispatchPutsEachRunOnItsGroupsStream() {
        queue.dispatch(new Dispatch(List.of(QueuedRun.of("etl", 1), QueuedRun.of("mail", 2), QueuedRun.of("etl", 3)),
                List.of()));

        assertThat(queue.waiting("etl", 10)).containsExactly(1L, 3L);
        assertThat(queue.waiting("mail", 10)).containsExactly(2L);
        assertThat(queue.waiting("default", 10)).isEmpty();
    }

    @Test
    void dispatchMovesOnOnlyEntriesThatStillHoldThePlannedFireTime() {
        Instant due = NOW;
        index.put(Map.of(1L, due, 2L, due, 3L, due));
        index.put(Map.of(2L, due.plusSeconds(300))); // task 2 was edited after the leader planned

        queue.dispatch(new Dispatch(List.of(QueuedRun.of("etl", 11), QueuedRun.of("etl", 12), QueuedRun.of("etl", 13)),
                List.of(new Advance(1, due, due.plusSeconds(60)),
                        new Advance(2, due, due.plusSeconds(60)),
                        new Advance(3, due, null),
                        new Advance(4, due, due.plusSeconds(60))))); // task 4 was deleted meanwhile

        assertThat(index.due(due.plusSeconds(3600), 10)).containsExactly(
                new ScheduleIndex.Entry(1, due.plusSeconds(60)),
                new ScheduleIndex.Entry(2, due.plusSeconds(300)));
        assertThat(queue.waiting("etl", 10)).containsExactly(11L, 12L, 13L);
    }

    @Test
    void dispatchComparesFireTimesToTheMillisecond() {
        Instant due = Instant.ofEpochMilli(1_774_746_000_123L);
        index.put(Map.of(1L, due.plusMillis(1)));

        queue.dispatch(new Dispatch(List.of(), List.of(new Advance(1, due, due.plusSeconds(60)))));

        assertThat(index.earliest()).contains(due.plusMillis(1));
    }

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

    @Test
    void anEmptyDispatchChangesNothing() {
        index.put(Map.of(1L, NOW));

        queue.dispatch(new Dispatch(List.of(), List.of()));

        assertThat(index.due(NOW, 10)).containsExactly(new ScheduleIndex.Entry(1, NOW));
        assertThat(inspector.stats().streams()).isEmpty();
    }

    // --- read and ack ---------------------------------------------------------------------------

    @Test
    void aFirstReadInAFreshNamespaceCreatesTheGroupAndFindsRunsEnqueuedBefore() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("etl", 2)));

        List<QueuedRun> read = queue.read("w1", ETL, 10, NO_WAIT);

        assertThat(read).extracting(QueuedRun::runId).containsExactly(1L, 2L);
        assertThat(read).allSatisfy(run -> {
            assertThat(run.group()).isEqualTo("etl");
            assertThat(run.entryId()).matches("\\d+-\\d+");
        });
    }

    @Test
    void readFromSeveralGroupsTagsEachRunWithItsGroup() {
        queue.ensureGroups(Set.of("etl", "mail"));
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("mail", 2)));

        List<QueuedRun> read = queue.read("w1", Set.of("etl", "mail"), 10, NO_WAIT);

        assertThat(read).extracting(QueuedRun::group, QueuedRun::runId)
                .containsExactlyInAnyOrder(tuple("etl", 1L),
                        tuple("mail", 2L));
    }

    @Test
    void twoWorkersReadingTogetherGetEachRunExactlyOnce() throws Exception {
        queue.ensureGroups(ETL);
        List<Long> ids = LongStream.rangeClosed(1, 300).boxed().toList();
        queue.enqueue(ids.stream().map(id -> QueuedRun.of("etl", id)).toList());

        CompletableFuture<List<Long>> first = CompletableFuture.supplyAsync(() -> drain("w1"));
        CompletableFuture<List<Long>> second = CompletableFuture.supplyAsync(() -> drain("w2"));
        List<Long> byFirst = first.get(30, TimeUnit.SECONDS);
        List<Long> bySecond = second.get(30, TimeUnit.SECONDS);

        // How the work splits between them depends on timing; that no run reaches both does not.
        List<Long> all = new ArrayList<>(byFirst);
        all.addAll(bySecond);
        assertThat(all).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(ids);
    }

    @Test
    void workersTakingTurnsShareTheStreamWithoutOverlap() {
        queue.ensureGroups(ETL);
        queue.enqueue(LongStream.rangeClosed(1, 40).mapToObj(id -> QueuedRun.of("etl", id)).toList());

        List<Long> byFirst = new ArrayList<>();
        List<Long> bySecond = new ArrayList<>();
        for (int turn = 0; turn < 4; turn++) {
            queue.read("w1", ETL, 5, NO_WAIT).forEach(run -> byFirst.add(run.runId()));
            queue.read("w2", ETL, 5, NO_WAIT).forEach(run -> bySecond.add(run.runId()));
        }

        assertThat(byFirst).hasSize(20).doesNotContainAnyElementsOf(bySecond);
        assertThat(bySecond).hasSize(20);
    }

    @Test
    void aRunEnqueuedTwiceIsDeliveredTwice() {
        queue.ensureGroups(ETL);
        queue.enqueue(List.of(QueuedRun.of("etl", 7)));
        queue.enqueue(List.of(QueuedRun.of("etl", 7)));

        List<QueuedRun> read = queue.read("w1", ETL, 10, NO_WAIT);

        assertThat(read).extracting(QueuedRun::runId).containsExactly(7L, 7L);
        assertThat(read.get(0).entryId()).isNotEqualTo(read.get(1).entryId());
    }

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
    void aReadThatMayNotWaitReturnsAtOnceWhenNothingIsThere() throws Exception {
        queue.ensureGroups(ETL);

        CompletableFuture<List<QueuedRun>> read = CompletableFuture.supplyAsync(() -> queue.read("w1", ETL, 10, Duration.ZERO));

        assertThat(read.get(5, TimeUnit.SECONDS)).isEmpty();
        assertThat(queue.read("w1", ETL, 10, Duration.ofNanos(1))).as("under a millisecond").isEmpty();
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
    void ackRemovesTheEntriesFromTheStreamAndFromPending() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("etl", 2), QueuedRun.of("etl", 3)));
        List<QueuedRun> read = queue.read("w1", ETL, 10, NO_WAIT);
        assertThat(streamStats("etl").pendingTotal()).isEqualTo(3);

        queue.ack(read.subList(0, 2));

        StreamStats etl = streamStats("etl");
        assertThat(etl.length()).isEqualTo(1);
        assertThat(etl.pendingTotal()).isEqualTo(1);
        assertThat(etl.pending()).containsExactly(Map.entry("w1", 1L));
        assertThat(queue.waiting("etl", 10)).containsExactly(3L);
    }

    @Test
    void oneAckCoversEntriesOfSeveralGroups() {
        queue.ensureGroups(Set.of("etl", "mail"));
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("mail", 2), QueuedRun.of("etl", 3),
                QueuedRun.of("mail", 4)));
        List<QueuedRun> read = queue.read("w1", Set.of("etl", "mail"), 10, NO_WAIT);
        assertThat(read).hasSize(4);

        queue.ack(read.stream().filter(run -> run.runId() != 4).toList());

        assertThat(streamStats("etl").length()).isZero();
        assertThat(streamStats("etl").pendingTotal()).isZero();
        assertThat(streamStats("mail").length()).isEqualTo(1);
        assertThat(streamStats("mail").pending()).containsExactly(Map.entry("w1", 1L));
        assertThat(queue.waiting("mail", 10)).containsExactly(4L);
    }

    @Test
    void ackIgnoresRunsThatWereNeverRead() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));

        queue.ack(List.of(QueuedRun.of("etl", 1)));

        assertThat(queue.waiting("etl", 10)).containsExactly(1L);
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

    @Test
    void ensureGroupsIsSafeToRepeat() {
        queue.ensureGroups(Set.of("etl", "mail"));
        queue.ensureGroups(Set.of("etl", "mail"));

        assertThat(inspector.stats().streams()).extracting(StreamStats::group).containsExactly("etl", "mail");
    }

    // --- delayed runs ---------------------------------------------------------------------------

    @Test
    void promoteDueMovesOnlyDueRunsEachToItsGroupsStream() {
        queue.delay(QueuedRun.of("etl", 1), NOW.minusSeconds(5));
        queue.delay(QueuedRun.of("mail", 2), NOW);
        queue.delay(QueuedRun.of("etl", 3), NOW.plusMillis(1));

        assertThat(queue.promoteDue(NOW, 100)).isEqualTo(2);

        assertThat(queue.waiting("etl", 10)).containsExactly(1L);
        assertThat(queue.waiting("mail", 10)).containsExactly(2L);
        assertThat(queue.delayed(10)).containsExactly(3L);
        assertThat(queue.read("w1", Set.of("mail"), 10, NO_WAIT)).extracting(QueuedRun::runId).containsExactly(2L);
    }

    @Test
    void promoteDueTakesTheEarliestFirstUpToTheLimit() {
        for (long run = 1; run <= 5; run++) {
            queue.delay(QueuedRun.of("etl", run), NOW.minusSeconds(run));
        }

        assertThat(queue.promoteDue(NOW, 2)).isEqualTo(2);

        assertThat(queue.waiting("etl", 10)).containsExactly(5L, 4L);
        assertThat(queue.delayed(10)).containsExactly(3L, 2L, 1L);
        assertThat(queue.promoteDue(NOW, 100)).isEqualTo(3);
        assertThat(queue.promoteDue(NOW, 100)).isZero();
        assertThat(inspector.stats().delayed()).isZero();
    }

    @Test
    void delayingARunAgainMovesItsDueTime() {
        queue.delay(QueuedRun.of("etl", 1), NOW.minusSeconds(1));
        queue.delay(QueuedRun.of("etl", 1), NOW.plusSeconds(60));

        assertThat(queue.promoteDue(NOW, 100)).isZero();
        assertThat(queue.delayed(10)).containsExactly(1L);
    }

    // --- recovery -------------------------------------------------------------------------------

    @Test
    void reclaimIdleHandsOverOnlyEntriesIdleLongerThanTheThreshold() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("etl", 2), QueuedRun.of("etl", 3)));
        List<QueuedRun> read = queue.read("crashed", ETL, 10, NO_WAIT);
        queue.ack(read.subList(2, 3)); // run 3 was claimed before the worker died

        assertThat(queue.reclaimIdle("etl", "reaper", Duration.ofMinutes(5), 100)).isEmpty();

        List<QueuedRun> reclaimed = await().atMost(Duration.ofSeconds(5))
                .until(() -> queue.reclaimIdle("etl", "reaper", Duration.ofMillis(100), 100), runs -> !runs.isEmpty());

        assertThat(reclaimed).containsExactlyElementsOf(read.subList(0, 2));
        assertThat(pendingOwners("etl")).containsOnly("reaper");
    }

    @Test
    void reclaimIdleOnAGroupNobodyReadIsEmpty() {
        assertThat(queue.reclaimIdle("never-read", "reaper", Duration.ZERO, 100)).isEmpty();
    }

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
    void deadRunsAreReadableThroughTheInspectorNewestFirst() {
        Instant at = Instant.ofEpochMilli(1_774_746_000_123L);
        queue.dead(QueuedRun.of("etl", 1), "exit code 3 after 5 attempts", at);
        queue.dead(QueuedRun.of("mail", 2), null, at.plusSeconds(1));

        QueueStats stats = inspector.stats();

        assertThat(stats.dead()).isEqualTo(2);
        assertThat(stats.recentDead()).extracting(DeadRun::runId, DeadRun::group, DeadRun::reason, DeadRun::at)
                .containsExactly(
                        tuple(2L, "mail", "", at.plusSeconds(1)),
                        tuple(1L, "etl", "exit code 3 after 5 attempts", at));
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
    void entriesAreReadInStretchesThatContinueWhereTheLastStopped() {
        queue.enqueue(LongStream.rangeClosed(1, 5).mapToObj(id -> QueuedRun.of("etl", id)).toList());

        RunQueue.Page first = queue.entries("etl", null, 3);
        RunQueue.Page second = queue.entries("etl", first.last(), 3);

        assertThat(first.entries()).extracting(entry -> entry.run().runId()).containsExactly(1L, 2L, 3L);
        assertThat(first.last()).isEqualTo(first.entries().get(2).run().entryId());
        assertThat(second.entries()).extracting(entry -> entry.run().runId()).containsExactly(4L, 5L);
        assertThat(second.last()).as("the end was reached").isNull();
        assertThat(queue.entries("never-used", null, 3)).isEqualTo(new RunQueue.Page(List.of(), null));
    }

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

        // --- listings -------------------------------------------------------------------------------

    @Test
    void waitingAndDelayedListRunIdsUpToTheLimit() {
        queue.enqueue(LongStream.rangeClosed(1, 5).mapToObj(id -> QueuedRun.of("etl", id)).toList());
        for (long run = 11; run <= 15; run++) {
            queue.delay(QueuedRun.of("mail", run), NOW.plusSeconds(run));
        }

        assertThat(queue.waiting("etl", 3)).containsExactly(1L, 2L, 3L);
        assertThat(queue.waiting("etl", 100)).hasSize(5);
        assertThat(queue.delayed(2)).containsExactly(11L, 12L);
        assertThat(queue.delayed(100)).hasSize(5);
    }

    @Test
    void waitingListsReadButUnacknowledgedRunsToo() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1)));
        queue.read("w1", ETL, 10, NO_WAIT);

        assertThat(queue.waiting("etl", 10)).containsExactly(1L);
    }

    @Test
    void theInspectorCountsEveryStreamWithItsPendingPerConsumer() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("etl", 2), QueuedRun.of("mail", 3)));
        queue.read("w1", ETL, 1, NO_WAIT);
        queue.read("w2", ETL, 1, NO_WAIT);
        queue.delay(QueuedRun.of("etl", 4), NOW);

        QueueStats stats = inspector.stats();

        assertThat(stats.streams()).containsExactly(
                new StreamStats("etl", 2, 2, Map.of("w1", 1L, "w2", 1L)),
                new StreamStats("mail", 1, 0, Map.of()));
        assertThat(stats.delayed()).isEqualTo(1);
        assertThat(stats.dead()).isZero();
    }

    private List<Long> drain(String consumer) {
        List<Long> ids = new ArrayList<>();
        List<QueuedRun> read;
        do {
            read = queue.read(consumer, ETL, 7, Duration.ofMillis(50));
            read.forEach(run -> ids.add(run.runId()));
            queue.ack(read);
        } while (!read.isEmpty());
        return ids;
    }

    /** An entry written by something other than Redcron. */
    private void addRaw(String group, Map<String, String> fields) {
        redis.client().xadd(redis.keys().stream(group), XAddParams.xAddParams(), fields);
    }

    private StreamStats streamStats(String group) {
        return inspector.stats().streams().stream().filter(s -> s.group().equals(group)).findFirst().orElseThrow();
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
