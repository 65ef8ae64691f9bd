package io.redcron.node.worker;

import io.redcron.node.worker.execution.ExecutionResult;
import io.redcron.node.worker.execution.ExecutionStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class SlotThreadsTest {
    private static final ExecutionResult TIMED_OUT = new ExecutionResult(ExecutionStatus.TIMED_OUT, null, "",
            "timed out", Duration.ZERO);

    private final SlotThreads slots = new SlotThreads(1, "test-slot");
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        slots.shutdownNow();
    }

    @Test
    void aResultHandedOverOnTheSlotThreadKeepsNoThread() {
        CompletableFuture<ExecutionResult> ended = new CompletableFuture<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        slots.execute(() -> {
            SlotThreads.Handover handover = slots.handover(ended::complete);
            handover.accept(TIMED_OUT);
            handover.slotReturned();
            done.complete(null);
        });

        done.orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(ended).isCompletedWithValue(TIMED_OUT);
        assertThat(slots.kept()).isZero();
    }

    @Test
    void aThreadKeptByCodeGivenUpOnIsReplacedUntilItComesBack() throws InterruptedException {
        CompletableFuture<SlotThreads.Handover> running = new CompletableFuture<>();
        CompletableFuture<Void> returned = new CompletableFuture<>();
        slots.execute(() -> {
            SlotThreads.Handover handover = slots.handover(result -> { });
            running.complete(handover);
            awaitQuietly(release);
            handover.slotReturned();
            returned.complete(null);
        });
        SlotThreads.Handover handover = running.orTimeout(10, TimeUnit.SECONDS).join();

        // The result leaves from elsewhere (the watchdog) while the only slot thread is still kept.
        handover.accept(TIMED_OUT);
        assertThat(slots.kept()).isEqualTo(1);
        CompletableFuture<String> next = new CompletableFuture<>();
        slots.execute(() -> next.complete(Thread.currentThread().getName()));
        assertThat(next.orTimeout(10, TimeUnit.SECONDS).join()).isEqualTo("test-slot-2");

        release.countDown();
        returned.orTimeout(10, TimeUnit.SECONDS).join();
        await().atMost(Duration.ofSeconds(10)).until(() -> slots.kept() == 0);
    }

    @Test
    void aThreadThatComesBackBeforeItsResultIsHandedOverElsewhereIsCountedOnce() {
        CompletableFuture<SlotThreads.Handover> returned = new CompletableFuture<>();
        slots.execute(() -> {
            SlotThreads.Handover handover = slots.handover(result -> { });
            handover.slotReturned();
            returned.complete(handover);
        });
        SlotThreads.Handover handover = returned.orTimeout(10, TimeUnit.SECONDS).join();

        handover.accept(TIMED_OUT);

        assertThat(slots.kept()).isZero();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
