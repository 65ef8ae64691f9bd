package io.redcron.node.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

class GroupCommitIT {
    /** Far beyond any fire time in these tests: no run is judged a misfire when it is claimed. */
    private static final java.time.Duration NO_MISFIRE = java.time.Duration.ofDays(3650);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private final RunStore runs = new MysqlRunStore(pool, Clock.systemUTC());
    private final String ns = TestRedis.freshNamespace();

    @Test
    void aStaleAttemptInABatchIsRefusedWhileTheOthersAreWritten() throws Exception {
        List<Run> claimed = claimedRuns(3);
        Run stale = claimed.get(1);
        // The reaper gave the attempt to another node meanwhile: node-a's result is stale.
        runs.handBack(stale.id(), 1, stale.claim(), "node-a", Instant.now(), "lease ran out");
        runs.claim(stale.id(), "node-b", Instant.now(), Instant.now().plusSeconds(30)).orElseThrow();
        Map<Long, Boolean> applied = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(claimed.size());
        CountDownLatch batches = new CountDownLatch(1);

        GroupCommit<RunStore.Completion, Boolean> writer = results(16, batches::countDown);
        try {
            for (Run run : claimed) {
                writer.submit(success(run), new GroupCommit.Done<>() {
                    @Override
                    public void written(Boolean ok) {
                        applied.put(run.id(), ok);
                        done.countDown();
                    }

                    @Override
                    public void failed(RuntimeException error) {
                        done.countDown();
                    }
                });
            }
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(batches.await(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            writer.close(Duration.ofSeconds(30));
        }

        assertThat(applied).containsOnly(Map.entry(claimed.get(0).id(), true), Map.entry(stale.id(), false),
                Map.entry(claimed.get(2).id(), true));
        assertThat(runs.get(claimed.get(0).id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(runs.get(claimed.get(2).id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
        Run other = runs.get(stale.id()).orElseThrow();
        assertThat(other.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(other.node()).isEqualTo("node-b");
    }

    @Test
    void manyResultsAreWrittenInFewerTransactionsThanResults() {
        List<Run> claimed = claimedRuns(200);
        List<Boolean> applied = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicInteger batches = new java.util.concurrent.atomic.AtomicInteger();

        GroupCommit<RunStore.Completion, Boolean> writer = results(64, batches::incrementAndGet);
        try {
            for (Run run : claimed) {
                writer.submit(success(run), new GroupCommit.Done<>() {
                    @Override
                    public void written(Boolean ok) {
                        applied.add(ok);
                    }

                    @Override
                    public void failed(RuntimeException error) {
                        applied.add(false);
                    }
                });
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> applied.size() == claimed.size());
        } finally {
            writer.close(Duration.ofSeconds(30));
        }

        assertThat(applied).containsOnly(true);
        assertThat(batches.get()).isBetween(200 / 64 + 1, 199);
        for (Run run : claimed) {
            assertThat(runs.get(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
        }
    }

    @Test
    void afterCloseAResultIsStillWrittenAtOnce() {
        Run run = claimedRuns(1).get(0);
        GroupCommit<RunStore.Completion, Boolean> writer = results(8, () -> { });
        writer.close(Duration.ofSeconds(30));
        List<Boolean> applied = new ArrayList<>();

        writer.submit(success(run), new GroupCommit.Done<>() {
            @Override
            public void written(Boolean ok) {
                applied.add(ok);
            }

            @Override
            public void failed(RuntimeException error) {
                applied.add(false);
            }
        });

        assertThat(applied).containsExactly(true);
    }

    @Test
    void beforeItsThreadStartsAResultIsWrittenAtOnceOnTheCallersThread() {
        Run run = claimedRuns(1).get(0);
        GroupCommit<RunStore.Completion, Boolean> writer = new GroupCommit<>("test-results", 8, runs::completeAll,
                () -> { });
        List<Boolean> applied = new ArrayList<>();

        writer.submit(success(run), new GroupCommit.Done<>() {
            @Override
            public void written(Boolean ok) {
                applied.add(ok);
            }

            @Override
            public void failed(RuntimeException error) {
                applied.add(false);
            }
        });

        assertThat(applied).containsExactly(true);
        assertThat(runs.get(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    /** A started group commit of results, as the worker runs one. */
    private GroupCommit<RunStore.Completion, Boolean> results(int maxBatch, Runnable afterBatch) {
        GroupCommit<RunStore.Completion, Boolean> writer = new GroupCommit<>("test-results", maxBatch,
                runs::completeAll, afterBatch);
        writer.start();
        return writer;
    }

    private List<Run> claimedRuns(int count) {
        MysqlTaskStore tasks = new MysqlTaskStore(pool, Clock.systemUTC());
        Task task = tasks.create(Task.builder().namespace(ns).name("noop").cron("0 0 0 1 1 ? 2099")
                .dialect(io.redcron.schedule.CronDialect.QUARTZ).payload(new ShellPayload("true", null, Map.of()))
                .concurrencyPolicy(ConcurrencyPolicy.ALLOW).build(), "test");
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(runs.insertManual(task.id(), Instant.now(), 2, Map.of()).id());
        }
        Instant now = Instant.now();
        List<Run> claimed = new ArrayList<>(runs.claimAll(ids, "node-a", now, now.plusSeconds(30), NO_MISFIRE).begun());
        claimed.sort(java.util.Comparator.comparingLong(Run::id));
        assertThat(claimed).hasSize(count);
        return claimed;
    }

    private static RunStore.Completion success(Run run) {
        return new RunStore.Completion(run.id(), run.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, Instant.now(), 0, "", null), run.startedAt());
    }
}
