package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class SessionSweeperTest {
    private final ProcessTreeKiller killer = new ProcessTreeKiller(Fixtures.GRACE);
    private final HelperThreads helpers = new HelperThreads("test-helper");

    @Test
    void endsWhatAnExitedLeaderLeftInItsSession() throws IOException, InterruptedException {
        SessionSweeper sweeper = new SessionSweeper(SessionScan.PROC, killer, helpers);
        Process leader = new ProcessBuilder(ProcessLaunch.SETSID, "sh", "-c", "sleep 600 >/dev/null 2>&1 & echo $!").start();
        long child = Long.parseLong(new String(leader.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        assertThat(leader.waitFor(30, TimeUnit.SECONDS)).isTrue();
        ProcessHandle left = ProcessHandle.of(child).orElseThrow();
        try {
            sweeper.sweep(leader.pid());

            await().atMost(Duration.ofSeconds(10)).until(() -> !left.isAlive());
        } finally {
            left.destroyForcibly();
        }
    }

    @Test
    void sessionsQueuedDuringAReadShareTheNextRead() {
        CountDownLatch firstReadGoesOn = new CountDownLatch(1);
        List<long[]> reads = new CopyOnWriteArrayList<>();
        SessionSweeper sweeper = new SessionSweeper(sessions -> {
            reads.add(sessions);
            if (reads.size() == 1) {
                waitFor(firstReadGoesOn);
            }
            return Map.of();
        }, killer, helpers);

        sweeper.sweep(1);
        await().until(() -> reads.size() == 1);
        sweeper.sweep(2);
        sweeper.sweep(3);
        sweeper.sweep(2);
        firstReadGoesOn.countDown();

        await().until(() -> sweeper.reads() == 2);
        assertThat(reads.get(0)).containsExactly(1);
        assertThat(reads.get(1)).containsExactly(2, 3);
    }

    @Test
    void whatAReadFindsIsEnded() throws IOException {
        Process member = new ProcessBuilder("sleep", "600").start();
        try {
            SessionSweeper sweeper = new SessionSweeper(sessions -> Arrays.stream(sessions).boxed()
                    .collect(Collectors.toMap(s -> s, s -> Set.of(member.toHandle()))), killer, helpers);

            sweeper.sweep(4242);

            await().atMost(Duration.ofSeconds(10)).until(() -> !member.isAlive());
        } finally {
            member.destroyForcibly();
        }
    }

    private static void waitFor(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
