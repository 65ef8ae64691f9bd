package io.redcron.node.engine;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Output a run may print: binary bytes, invalid UTF-8, control characters and floods. The run is
 * recorded with its exit code, the stored output is valid text, and memory stays bounded.
 */
class RunOutputIT {
    private static final String NEVER = "0 0 0 1 1 ? 2099";

    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @Test
    void binaryAndInvalidUtf8OutputIsStoredAsValidTextAndTheRunIsRecorded() {
        // NUL, 0xFF 0xFE, a truncated 2-byte and 3-byte sequence, an ANSI escape, a 4-byte emoji.
        Task binary = cluster.add(cluster.shell("binary", "* * * * * ?",
                "printf 'start \\000 \\377\\376 \\303( \\342\\202 \\033[31mred\\033[0m \\360\\237\\230\\200 end\\n'; exit 3"));
        Task random = cluster.add(cluster.shell("random", "* * * * * ?", "head -c 200000 /dev/urandom"));
        Task plain = cluster.add(cluster.shell("plain", "* * * * * ?", "echo plain"));
        cluster.start("node");

        await().atMost(Duration.ofSeconds(30)).until(() -> finished(binary) >= 2 && finished(random) >= 2
                && finished(plain) >= 2);
        java.util.Map<Long, java.time.Instant> switchedOff = new java.util.HashMap<>();
        for (Task task : List.of(binary, random, plain)) {
            switchedOff.put(task.id(), cluster.switchOff(task));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.allFinal(binary) && cluster.allFinal(random)
                && cluster.allFinal(plain));

        for (Run run : ran(binary, switchedOff)) {
            assertThat(run.status()).isEqualTo(RunStatus.FAILED);
            assertThat(run.exitCode()).isEqualTo(3);
            assertThat(run.output()).isEqualTo("start \u0000 \uFFFD\uFFFD \uFFFD( \uFFFD \u001B[31mred\u001B[0m \uD83D\uDE00 end\n");
        }
        for (Run run : ran(random, switchedOff)) {
            assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(run.output()).startsWith("[… ").contains(" earlier bytes not kept]\n");
            assertThat(run.output().length()).isLessThanOrEqualTo(65536);
        }
        assertThat(ran(plain, switchedOff)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(run.output()).isEqualTo("plain\n");
        });
    }

    @Test
    void aRunPrintingOneHundredMegabytesKeepsOnlyTheTailAndBoundedMemory() throws Exception {
        long bytes = 100_000_000L;
        Task flood = cluster.add(cluster.shell("flood", NEVER,
                "yes 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ | head -c " + bytes + "; echo; echo last line"));
        cluster.start("node");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        AtomicLong peak = new AtomicLong(before);
        Run run = cluster.runs().insertManual(flood.id(), java.time.Instant.now(), 1, Map.of());
        RedisKeys keys = new RedisKeys(cluster.namespace());
        AtomicLong longestLiveLog = new AtomicLong();

        try (UnifiedJedis redis = RedisConnector.open(cluster.config("probe", Map.of()).redis(), "probe", 2)) {
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100)).until(() -> {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                longestLiveLog.accumulateAndGet(redis.xlen(keys.log(run.id())), Math::max);
                return TestCluster.isFinal(cluster.runs().get(run.id()).orElseThrow());
            });
            Run done = cluster.runs().get(run.id()).orElseThrow();
            System.gc();
            long retained = memory.getHeapMemoryUsage().getUsed() - before;
            System.out.printf("100 MB run: %s in %s, heap peak +%d MB, retained +%d MB, live log at most %d entries,"
                    + " stored output %d chars%n", done.status(), done.duration(), (peak.get() - before) >> 20,
                    retained >> 20, longestLiveLog.get(), done.output().length());

            assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(done.exitCode()).isZero();
            assertThat(done.output()).startsWith("[… 99,9").endsWith("\nlast line\n");
            assertThat(done.output().length()).isLessThanOrEqualTo(65536);
            assertThat(retained).as("heap kept after the run").isLessThan(32L << 20);
            // 256 chunks of 16 KiB, trimmed approximately (Redis trims whole stream nodes of 100 entries).
            assertThat(longestLiveLog.get()).isBetween(1L, 256L + 101);
            assertThat(redis.pttl(keys.log(run.id()))).as("the live tail expires").isPositive();
        }
    }

    private long finished(Task task) {
        return cluster.runsOf(task).stream().filter(TestCluster::isFinal).count();
    }

    /** The runs of fires due before the task was switched off (those after it were withdrawn, never run). */
    private List<Run> ran(Task task, java.util.Map<Long, java.time.Instant> switchedOff) {
        return cluster.runsWithOutputOf(task).stream()
                .filter(run -> !run.scheduledAt().isAfter(switchedOff.get(task.id()))).toList();
    }
}
