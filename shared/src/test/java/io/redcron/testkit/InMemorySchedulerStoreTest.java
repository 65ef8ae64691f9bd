package io.redcron.testkit;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.FencedOutException;
import io.redcron.port.RecoveryStore;
import io.redcron.port.SchedulerStore.Fire;
import io.redcron.port.SchedulerStore.TaskFires;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The leader's and the reaper's in-memory stores keep the promises of their MySQL adapters. */
class InMemorySchedulerStoreTest {
    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final String ns = TaskFixtures.freshNamespace();

    @Test
    void aBatchRecordsOneRunPerFireAndMovesTheNextFireOnAndAgainFindsTheSameRuns() {
        long epoch = stores.epochs().advance(ns, "leader:1");
        Task task = stores.tasks().create(TaskFixtures.shell(ns, "every-5").build(), "alice");
        Instant due = task.nextFireAt();
        TaskFires fires = new TaskFires(task, List.of(new Fire(due, false, null)), due.plusSeconds(300));

        List<Run> first = stores.scheduler().recordFires(ns, epoch, List.of(fires));
        List<Run> again = stores.scheduler().recordFires(ns, epoch, List.of(fires));

        assertThat(first).extracting(Run::status).containsExactly(RunStatus.QUEUED);
        assertThat(again).isEqualTo(first);
        assertThat(stores.tasks().get(task.id()).orElseThrow().nextFireAt()).isEqualTo(due.plusSeconds(300));
    }

    @Test
    void aFencedOffLeaderWritesNothing() {
        long old = stores.epochs().advance(ns, "leader:1");
        stores.epochs().advance(ns, "leader:2");
        Task task = stores.tasks().create(TaskFixtures.shell(ns, "fenced").build(), "alice");
        TaskFires fires = new TaskFires(task, List.of(new Fire(task.nextFireAt(), false, null)), null);

        assertThatThrownBy(() -> stores.scheduler().recordFires(ns, old, List.of(fires)))
                .isInstanceOf(FencedOutException.class);
        assertThat(stores.runs().list(io.redcron.port.RunFilter.all(ns), io.redcron.port.PageRequest.first(10)).total())
                .isZero();
    }

    @Test
    void aTaskChangedSinceItWasPlannedIsLeftOut() {
        long epoch = stores.epochs().advance(ns, "leader:1");
        Task planned = stores.tasks().create(TaskFixtures.shell(ns, "edited").build(), "alice");
        stores.tasks().update(planned.toBuilder().description("changed").build(), "bob");

        List<Run> runs = stores.scheduler().recordFires(ns, epoch, List.of(new TaskFires(planned,
                List.of(new Fire(planned.nextFireAt(), false, null)), planned.nextFireAt().plusSeconds(300))));

        assertThat(runs).isEmpty();
        assertThat(stores.tasks().get(planned.id()).orElseThrow().nextFireAt()).isEqualTo(planned.nextFireAt());
    }

    @Test
    void aLostAttemptIsQueuedAgainAndAClaimThatNeverBeganIsReleased() {
        Task task = stores.tasks().create(TaskFixtures.shell(ns, "lost").build(), "alice");
        Run begun = stores.runs().insertManual(task.id(), NOW, 1, java.util.Map.of());
        stores.runs().claim(begun.id(), "node-a", NOW, NOW.plusSeconds(30)).orElseThrow();
        Run ahead = stores.runs().insertOrGetCronFire(task.id(), NOW.plusSeconds(60), 1);
        stores.runs().claim(ahead.id(), "node-a", NOW, NOW.plusSeconds(30)).orElseThrow();
        clock.advance(Duration.ofSeconds(31));
        RecoveryStore recovery = stores.recovery();

        assertThat(recovery.expiredLeases(ns, clock.instant(), 10)).extracting(Run::id)
                .containsExactlyInAnyOrder(begun.id(), ahead.id());
        assertThat(recovery.recoverLost(begun.id(), 1, clock.instant(), 3, "lease ran out")).isEqualTo(RunStatus.QUEUED);
        assertThat(recovery.recoverLost(ahead.id(), 1, clock.instant(), 3, "lease ran out")).isEqualTo(RunStatus.QUEUED);
        assertThat(recovery.recoverLost(begun.id(), 1, clock.instant(), 3, "again")).as("moved on").isNull();

        Run requeued = stores.runs().get(begun.id()).orElseThrow();
        assertThat(requeued.lostAttempts()).isEqualTo(1);
        assertThat(requeued.attempt()).isEqualTo(1);
        Run released = stores.runs().get(ahead.id()).orElseThrow();
        assertThat(released.attempt()).as("never an attempt").isZero();
        assertThat(released.lostAttempts()).isZero();
        assertThat(released.node()).isNull();
        assertThat(recovery.stillWaiting(List.of(begun.id(), ahead.id(), 999L)))
                .containsExactlyInAnyOrder(begun.id(), ahead.id());
        assertThat(recovery.backlog(ns, Task.DEFAULT_GROUP, clock.instant().plusSeconds(1)).waiting()).isEqualTo(1);
    }
}
