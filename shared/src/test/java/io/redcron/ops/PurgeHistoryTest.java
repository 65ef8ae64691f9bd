package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.PageRequest;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PurgeHistoryTest {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00Z");

    private final InMemoryStores stores = InMemoryStores.at(NOW);
    private String ns;
    private Task task;
    private PurgeHistory purge;

    @BeforeEach
    void setUp() {
        ns = TaskFixtures.freshNamespace();
        task = stores.tasks().create(TaskFixtures.shell(ns, "nightly").build(), "alice");
        purge = new PurgeHistory(stores.cleanup(), stores.retention(), stores.audit(), ns, "cli:alice", stores.clock());
    }

    @Test
    void aDryRunCountsWhatWouldGoAndChangesNothing() {
        long old = ended(task, 40, RunStatus.SUCCEEDED);
        ended(task, 39, RunStatus.FAILED);
        long pinned = ended(task, 50, RunStatus.SUCCEEDED);
        ended(task, 5, RunStatus.SUCCEEDED);
        stores.runs().insertOrGetCronFire(task.id(), NOW.minus(Duration.ofDays(45)), 1);
        stores.retention().pin(pinned, null, "alice");

        PurgeHistory.Outcome outcome = purge.dryRun(new PurgeHistory.Request(Duration.ofDays(30), null, Set.of()));

        assertThat(outcome.byStatus()).isEqualTo(Map.of(RunStatus.SUCCEEDED, 1L, RunStatus.FAILED, 1L));
        assertThat(outcome.pinned()).isOne();
        assertThat(outcome.deleted()).isZero();
        assertThat(outcome.oldest()).isAfterOrEqualTo(NOW.minus(Duration.ofDays(40)));
        assertThat(stores.runs().get(old)).isPresent();
    }

    @Test
    void aPurgeDeletesInBatchesReportsProgressAndIsAuditedOnce() {
        Task other = stores.tasks().create(TaskFixtures.shell(ns, "hourly").build(), "alice");
        for (int i = 0; i < PurgeHistory.BATCH + 5; i++) {
            endedAt(task, NOW.minus(Duration.ofDays(40)).plusSeconds(i), RunStatus.SUCCEEDED);
        }
        long otherTask = ended(other, 40, RunStatus.SUCCEEDED);
        long failed = ended(task, 40, RunStatus.FAILED);
        List<Long> progress = new java.util.ArrayList<>();

        PurgeHistory.Outcome outcome = purge.purge(new PurgeHistory.Request(Duration.ofDays(30), task.id(),
                Set.of(RunStatus.SUCCEEDED)), progress::add);

        assertThat(outcome.deleted()).isEqualTo(PurgeHistory.BATCH + 5);
        assertThat(progress).as("after each of two batches").hasSize(2).last().isEqualTo(PurgeHistory.BATCH + 5L);
        assertThat(stores.runs().getAll(List.of(otherTask, failed))).hasSize(2);
        assertThat(stores.audit().list(ns, "namespace:" + ns, PageRequest.first(10)).items())
                .singleElement().satisfies(entry -> {
                    assertThat(entry.action()).isEqualTo("runs.purge");
                    assertThat(entry.after()).contains("\"deleted\":" + (PurgeHistory.BATCH + 5)).contains("30d");
                });
    }

    @Test
    void onlyEndedRunsOlderThanADayMayBeAskedFor() {
        assertThatThrownBy(() -> new PurgeHistory.Request(Duration.ofHours(12), null, Set.of()))
                .hasMessage("older-than: at least 1d, got 12h");
        assertThatThrownBy(() -> new PurgeHistory.Request(Duration.ofDays(2), null, Set.of(RunStatus.RUNNING)))
                .hasMessageStartingWith("status:");
    }

    private long ended(Task of, int daysAgo, RunStatus status) {
        return endedAt(of, NOW.minus(Duration.ofDays(daysAgo)), status);
    }

    private long endedAt(Task of, Instant at, RunStatus status) {
        Run run = stores.runs().insertManual(of.id(), at, 1, Map.of());
        stores.runs().claim(run.id(), "node-1", at, at.plusSeconds(60));
        stores.runs().complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(status, at.plusSeconds(5), 0, "out", null));
        return run.id();
    }
}
