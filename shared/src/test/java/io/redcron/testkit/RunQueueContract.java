package io.redcron.testkit;

import io.redcron.port.Dispatch;
import io.redcron.port.Dispatch.Advance;
import io.redcron.port.QueueInspector;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.QueueInspector.QueueStats;
import io.redcron.port.QueueInspector.StreamStats;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.ScheduleIndex;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * What every {@link RunQueue} must do, with the {@link ScheduleIndex} its dispatch moves on and the
 * {@link QueueInspector} that shows it; one subclass per backend supplies the three, empty.
 */
public abstract class RunQueueContract {
    protected static final Instant NOW = Instant.parse("2026-03-29T01:00:00Z");
    protected static final Duration NO_WAIT = Duration.ofMillis(1);
    protected static final Set<String> ETL = Set.of("etl");

    protected RunQueue queue;
    protected ScheduleIndex index;
    protected QueueInspector inspector;

    /** The three ports of one backend, sharing one empty namespace. */
    public record Backend(RunQueue queue, ScheduleIndex index, QueueInspector inspector) {
    }

    protected abstract Backend open();

    /**
     * Lets the entries pending now become idle for at least {@code idle}, then reclaims them: the
     * reclaimed runs, once there are any.
     */
    protected abstract List<QueuedRun> reclaimOnceIdle(String group, String consumer, Duration idle);

    @BeforeEach
    void openBackend() {
        Backend backend = open();
        queue = backend.queue();
        index = backend.index();
        inspector = backend.inspector();
    }

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
    void anEmptyDispatchChangesNothing() {
        index.put(Map.of(1L, NOW));

        queue.dispatch(new Dispatch(List.of(), List.of()));

        assertThat(index.due(NOW, 10)).containsExactly(new ScheduleIndex.Entry(1, NOW));
        assertThat(inspector.stats().streams()).isEmpty();
    }

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
    void aReadThatMayNotWaitReturnsAtOnceWhenNothingIsThere() throws Exception {
        queue.ensureGroups(ETL);

        CompletableFuture<List<QueuedRun>> read = CompletableFuture.supplyAsync(() -> queue.read("w1", ETL, 10, Duration.ZERO));

        assertThat(read.get(5, TimeUnit.SECONDS)).isEmpty();
        assertThat(queue.read("w1", ETL, 10, Duration.ofNanos(1))).as("under a millisecond").isEmpty();
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
    void ensureGroupsIsSafeToRepeat() {
        queue.ensureGroups(Set.of("etl", "mail"));
        queue.ensureGroups(Set.of("etl", "mail"));

        assertThat(inspector.stats().streams()).extracting(StreamStats::group).containsExactly("etl", "mail");
    }

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

    @Test
    void reclaimIdleHandsOverOnlyEntriesIdleLongerThanTheThreshold() {
        queue.enqueue(List.of(QueuedRun.of("etl", 1), QueuedRun.of("etl", 2), QueuedRun.of("etl", 3)));
        List<QueuedRun> read = queue.read("crashed", ETL, 10, NO_WAIT);
        queue.ack(read.subList(2, 3)); // run 3 was claimed before the worker died

        assertThat(queue.reclaimIdle("etl", "reaper", Duration.ofMinutes(5), 100)).isEmpty();

        List<QueuedRun> reclaimed = reclaimOnceIdle("etl", "reaper", Duration.ofMillis(100));

        assertThat(reclaimed).containsExactlyElementsOf(read.subList(0, 2));
        assertThat(streamStats("etl").pending()).containsOnlyKeys("reaper");
    }

    @Test
    void reclaimIdleOnAGroupNobodyReadIsEmpty() {
        assertThat(queue.reclaimIdle("never-read", "reaper", Duration.ZERO, 100)).isEmpty();
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

    protected StreamStats streamStats(String group) {
        return inspector.stats().streams().stream().filter(s -> s.group().equals(group)).findFirst().orElseThrow();
    }
}
