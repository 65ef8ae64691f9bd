package io.redcron.desktop.queues;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.port.PageRequest;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The queues screen's dead-run actions on in-memory ports, with the UI executor running everything at once. */
class QueuesViewModelTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private QueuesViewModel model;
    private Task task;

    @BeforeEach
    void open() {
        Operations operations = new Operations(new OperatorPorts(stores.tasks(), stores.runs(), stores.queue(),
                stores.events(), stores.audit(), stores.deadLetters(), stores.liveOutput()), NAMESPACE, "tester", clock);
        model = new QueuesViewModel(stores.inspector(), stores.runs(), operations, clock, UiExecutor.direct(),
                new Messages(Locale.ENGLISH));
        task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("backup").cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    private Run failed(Instant scheduledAt) {
        Run run = stores.runs().insertOrGetCronFire(task.id(), scheduledAt, 1);
        Run claimed = stores.runs().claim(run.id(), "node-1", NOW, NOW.plus(Duration.ofMinutes(5))).orElseThrow();
        stores.runs().complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, NOW, 1, "boom\n", "exit code 1"));
        return stores.runs().get(run.id()).orElseThrow();
    }

    private DeadRun dead(Run run) {
        stores.queue().dead(QueuedRun.of("default", run.id()), "no attempts left", NOW);
        return stores.deadLetters().recent(1).get(0);
    }

    @Test
    void showsTheDeadRunsNewestFirst() {
        DeadRun first = dead(failed(NOW.minus(Duration.ofHours(2))));
        DeadRun second = dead(failed(NOW.minus(Duration.ofHours(1))));

        model.load();

        assertThat(model.dead()).extracting(DeadRow::entryId).containsExactly(second.entryId(), first.entryId());
        assertThat(model.dead()).extracting(DeadRow::reason).containsOnly("no attempts left");
        assertThat(model.dead()).extracting(DeadRow::task).containsOnly("backup");
        assertThat(model.dead()).extracting(DeadRow::attempts).containsOnly("1/1");
    }

    @Test
    void aDelayedRunShowsItsTaskAttemptsAndWhyItsLastAttemptFailed() {
        Run run = stores.runs().insertOrGetCronFire(task.id(), NOW, 3);
        Run claimed = stores.runs().claim(run.id(), "node-1", NOW, NOW.plus(Duration.ofMinutes(5))).orElseThrow();
        stores.runs().complete(claimed.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, NOW, 2, "", "exit code 2; retry 1 of 2", NOW.plusSeconds(30)));
        stores.queue().delay(QueuedRun.of("default", run.id()), NOW.plusSeconds(30));

        model.load();

        assertThat(model.delayed()).singleElement().satisfies(row -> {
            assertThat(row.task()).isEqualTo("backup");
            assertThat(row.attempts()).isEqualTo("1/3");
            assertThat(row.lastError()).isEqualTo("exit code 2; retry 1 of 2");
        });
    }

    @Test
    void requeueRecordsANewManualRunAndTakesTheEntryOff() {
        Run run = failed(NOW.minus(Duration.ofHours(1)));
        dead(run);
        model.load();

        model.requeue(List.copyOf(model.dead()));

        Run again = stores.runs().list(RunFilter.all(NAMESPACE).withTrigger(TriggerType.MANUAL), PageRequest.first(5))
                .items().get(0);
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + run.id() + " requeued as run " + again.id() + ".");
        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.dead()).isEmpty();
        List<io.redcron.desktop.runs.RunsPreset> opened = new java.util.ArrayList<>();
        model.openRunsWith(opened::add);
        assertThat(model.noticeProperty().get().link().text()).isEqualTo("Open run");
        model.noticeProperty().get().link().action().run();
        assertThat(opened).as("the link opens the new run").containsExactly(
                io.redcron.desktop.runs.RunsPreset.ofRun("backup", again.id()));
    }

    @Test
    void aPurgeNoticeHasNoLinkAndIsStampedWithTheScreensClock() {
        dead(failed(NOW.minus(Duration.ofHours(1))));
        model.load();
        clock.advance(Duration.ofSeconds(5));

        model.purge(List.copyOf(model.dead()));

        assertThat(model.noticeProperty().get().text()).isEqualTo("Removed 1 dead run.");
        assertThat(model.noticeProperty().get().link()).isNull();
        assertThat(model.noticeProperty().get().shownAt()).isEqualTo(NOW.plusSeconds(5));
    }

    @Test
    void aRunStillInFlightIsNotRequeued() {
        Run waiting = stores.runs().insertOrGetCronFire(task.id(), NOW, 1);
        dead(waiting);
        model.load();

        model.requeue(List.copyOf(model.dead()));

        assertThat(model.errorProperty().get()).isEqualTo("Run " + waiting.id()
                + " is still QUEUED: not requeued, so that it never runs twice at once.");
        assertThat(model.noticeProperty().get()).isNull();
        assertThat(model.dead()).hasSize(1);
    }

    @Test
    void purgeRemovesTheChosenEntriesAndPurgeAllTheRest() {
        dead(failed(NOW.minus(Duration.ofHours(3))));
        dead(failed(NOW.minus(Duration.ofHours(2))));
        dead(failed(NOW.minus(Duration.ofHours(1))));
        model.load();

        model.purge(List.of(model.dead().get(0)));
        assertThat(model.noticeProperty().get().text()).isEqualTo("Removed 1 dead run.");
        assertThat(model.dead()).hasSize(2);

        model.purgeAll();
        assertThat(model.noticeProperty().get().text()).isEqualTo("Removed 2 dead runs.");
        assertThat(model.dead()).isEmpty();
    }
}
