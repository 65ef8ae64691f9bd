package io.redcron.node.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

class GroupCommitTest {
    private final List<List<Integer>> batches = Collections.synchronizedList(new ArrayList<>());
    private final Map<Integer, Object> outcomes = new ConcurrentHashMap<>();
    private final AtomicInteger afterBatch = new AtomicInteger();

    @Test
    void withoutItsThreadEachItemIsWrittenAtOnceOnTheCallersThread() {
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 8, this::evensApply, afterBatch::incrementAndGet);

        commit.submit(1, record(1));
        commit.submit(2, record(2));

        assertThat(batches).containsExactly(List.of(1), List.of(2));
        assertThat(outcomes).containsExactlyInAnyOrderEntriesOf(Map.of(1, false, 2, true));
        assertThat(afterBatch).hasValue(2);
        assertThat(commit.flush()).isZero();
    }

    @Test
    void itemsWaitingWhenAWriteStartsShareItUpToTheBatchSize() throws InterruptedException {
        CountDownLatch firstWriteUnderWay = new CountDownLatch(1);
        CountDownLatch letFirstWriteFinish = new CountDownLatch(1);
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 3, items -> {
            if (items.contains(0)) {
                firstWriteUnderWay.countDown();
                awaitQuietly(letFirstWriteFinish);
            }
            return evensApply(items);
        }, afterBatch::incrementAndGet);
        commit.start();
        try {
            commit.submit(0, record(0));
            assertThat(firstWriteUnderWay.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 1; i <= 5; i++) {
                commit.submit(i, record(i));
            }
            letFirstWriteFinish.countDown();
            await().atMost(Duration.ofSeconds(10)).until(() -> outcomes.size() == 6);
        } finally {
            commit.close(Duration.ofSeconds(10));
        }

        assertThat(batches).containsExactly(List.of(0), List.of(1, 2, 3), List.of(4, 5));
        assertThat(afterBatch).hasValue(3);
        assertThat(outcomes).containsEntry(4, true).containsEntry(5, false);
    }

    @Test
    void aFailedWriteFailsEveryItemOfItsBatchAndSkipsTheAfterBatchStep() {
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 8, items -> {
            throw new IllegalStateException("database away");
        }, afterBatch::incrementAndGet);

        commit.submit(7, record(7));

        assertThat(outcomes.get(7)).isInstanceOf(IllegalStateException.class);
        assertThat(afterBatch).hasValue(0);
    }

    @Test
    void aCallbackThatThrowsDoesNotKeepTheOthersFromTheirResult() {
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 8, this::evensApply, afterBatch::incrementAndGet);
        commit.submit(1, new GroupCommit.Done<>() {
            @Override
            public void written(Boolean result) {
                throw new IllegalStateException("callback broke");
            }

            @Override
            public void failed(RuntimeException error) {
            }
        });
        commit.submit(2, record(2));

        assertThat(outcomes).containsEntry(2, true);
        assertThat(afterBatch).hasValue(2);
    }

    @Test
    void flushWritesOneBatchOfWhatIsQueued() throws InterruptedException {
        CountDownLatch blocked = new CountDownLatch(1);
        CountDownLatch unblock = new CountDownLatch(1);
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 2, items -> {
            if (items.contains(0)) {
                blocked.countDown();
                awaitQuietly(unblock);
            }
            return evensApply(items);
        }, () -> { });
        commit.start();
        commit.submit(0, record(0));
        assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
        commit.submit(1, record(1));
        commit.submit(2, record(2));
        commit.submit(3, record(3));

        assertThat(commit.flush()).isEqualTo(2);
        assertThat(outcomes).containsOnlyKeys(1, 2);
        unblock.countDown();
        commit.close(Duration.ofSeconds(10));

        assertThat(outcomes).containsOnlyKeys(0, 1, 2, 3);
    }

    @Test
    void closeWritesWhatIsQueuedAndLaterItemsAtOnce() {
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 8, this::evensApply, () -> { });
        commit.start();
        commit.submit(2, record(2));
        commit.close(Duration.ofSeconds(10));

        assertThat(outcomes).containsEntry(2, true);
        commit.submit(4, record(4));
        assertThat(outcomes).containsEntry(4, true);
    }

    @Test
    void haltDropsWhatIsQueuedWithoutCallingBackAndWritesNothingMore() throws InterruptedException {
        CountDownLatch blocked = new CountDownLatch(1);
        CountDownLatch unblock = new CountDownLatch(1);
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 1, items -> {
            if (items.contains(0)) {
                blocked.countDown();
                awaitQuietly(unblock);
            }
            return evensApply(items);
        }, () -> { });
        commit.start();
        commit.submit(0, record(0));
        assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
        commit.submit(2, record(2));

        commit.halt();
        unblock.countDown();
        commit.submit(4, record(4));
        commit.close(Duration.ofSeconds(10));

        assertThat(outcomes).doesNotContainKeys(2, 4);
        assertThat(batches).doesNotContain(List.of(2), List.of(4));
    }

    @Test
    void abandonFailsWhatIsQueued() throws InterruptedException {
        CountDownLatch blocked = new CountDownLatch(1);
        CountDownLatch unblock = new CountDownLatch(1);
        GroupCommit<Integer, Boolean> commit = new GroupCommit<>("test", 1, items -> {
            if (items.contains(0)) {
                blocked.countDown();
                awaitQuietly(unblock);
            }
            return evensApply(items);
        }, () -> { });
        commit.start();
        commit.submit(0, record(0));
        assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
        commit.submit(2, record(2));

        commit.abandon(new IllegalStateException("stopping"));
        unblock.countDown();

        assertThat(outcomes.get(2)).isInstanceOf(IllegalStateException.class);
        commit.close(Duration.ofSeconds(10));
    }

    private List<Boolean> evensApply(List<Integer> items) {
        batches.add(List.copyOf(items));
        List<Boolean> applied = new ArrayList<>();
        for (Integer item : items) {
            applied.add(item % 2 == 0);
        }
        return applied;
    }

    private GroupCommit.Done<Boolean> record(int item) {
        return new GroupCommit.Done<>() {
            @Override
            public void written(Boolean result) {
                outcomes.put(item, result);
            }

            @Override
            public void failed(RuntimeException error) {
                outcomes.put(item, error);
            }
        };
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
