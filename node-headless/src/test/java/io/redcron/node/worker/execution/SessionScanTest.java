package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class SessionScanTest {

    @Test
    void findsWhatASessionStillHoldsAndNothingOfAnEmptyOne() throws IOException {
        SessionScan scan = new SessionScan(SessionScan.PROC);
        // setsid makes the shell the leader of a new session, whose id is the shell's pid.
        Process leader = new ProcessBuilder(ProcessLaunch.SETSID, "sh", "-c", "sleep 600 & sleep 600; true").start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> leader.toHandle().descendants().count() >= 2);

            Set<ProcessHandle> members = scan.members(leader.pid());

            assertThat(members).extracting(ProcessHandle::pid)
                    .containsExactlyInAnyOrderElementsOf(pidsOfTreeOf(leader.toHandle()));
            assertThat(scan.members(ProcessHandle.current().pid())).isEmpty(); // the test JVM leads no session
        } finally {
            leader.descendants().forEach(ProcessHandle::destroyForcibly);
            leader.destroyForcibly();
        }
    }

    @Test
    void thoseWhoAskDuringAReadShareTheNextOne() throws Exception {
        CountDownLatch firstReadGoesOn = new CountDownLatch(1);
        List<long[]> reads = new CopyOnWriteArrayList<>();
        ProcessHandle someone = ProcessHandle.current();
        SessionScan scan = new SessionScan(sessions -> {
            reads.add(sessions);
            if (reads.size() == 1) {
                release(firstReadGoesOn);
            }
            // Every session asked for has one member, so each question's answer shows it was read.
            return Arrays.stream(sessions).boxed().collect(java.util.stream.Collectors.toMap(s -> s, s -> Set.of(someone)));
        });

        CompletableFuture<Set<ProcessHandle>> first = CompletableFuture.supplyAsync(() -> scan.members(1));
        await().until(() -> reads.size() == 1);
        List<CompletableFuture<Set<ProcessHandle>>> later = new ArrayList<>();
        for (long session : new long[] {2, 3, 4}) {
            later.add(CompletableFuture.supplyAsync(() -> scan.members(session)));
        }
        await().until(() -> scan.waiting() == 3);
        firstReadGoesOn.countDown();

        assertThat(first.get(30, TimeUnit.SECONDS)).containsExactly(someone);
        for (CompletableFuture<Set<ProcessHandle>> answer : later) {
            assertThat(answer.get(30, TimeUnit.SECONDS)).containsExactly(someone);
        }
        assertThat(scan.reads()).isEqualTo(2);
        assertThat(reads.get(0)).containsExactly(1);
        assertThat(reads.get(1)).containsExactlyInAnyOrder(2, 3, 4);
    }

    @Test
    void aLoneQuestionIsReadAtOnceEveryTime() {
        SessionScan scan = new SessionScan(sessions -> Map.of());

        for (int i = 0; i < 3; i++) {
            assertThat(scan.members(12345)).isEmpty();
        }

        assertThat(scan.reads()).isEqualTo(3);
    }

    private static List<Long> pidsOfTreeOf(ProcessHandle root) {
        List<Long> pids = new ArrayList<>(List.of(root.pid()));
        root.descendants().forEach(child -> pids.add(child.pid()));
        return pids;
    }

    /** Waits, in the reader, until the test lets the first read go on. */
    private static void release(CountDownLatch latch) {
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
