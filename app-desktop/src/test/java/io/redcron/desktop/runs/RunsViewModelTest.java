package io.redcron.desktop.runs;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.port.EventBus;
import io.redcron.port.LiveOutput;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.domain.ShellPayload;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryLiveOutput;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The runs screen's view-model on in-memory ports, with the UI executor running everything at once. */
class RunsViewModelTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";
    private static final String OPERATOR = "tester@desktop";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final InMemoryLiveOutput liveOutput = stores.liveOutput();
    private final Messages messages = new Messages(Locale.ENGLISH);
    private Operations operations;
    private RunsViewModel model;
    private Task task;

    @BeforeEach
    void open() {
        operations = new Operations(new OperatorPorts(stores.tasks(), stores.runs(), stores.queue(), stores.events(),
                stores.audit(), stores.deadLetters(), liveOutput), NAMESPACE, OPERATOR, clock);
        model = new RunsViewModel(operations, stores.runs(), stores.retention(), new Workspace(NAMESPACE, OPERATOR, clock),
                UiExecutor.direct(), messages, ZoneOffset.UTC);
        task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("backup").cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    private Task named(String name) {
        return stores.tasks().create(Task.builder().namespace(NAMESPACE).name(name).cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    private Run queued(Instant scheduledAt) {
        return stores.runs().insertOrGetCronFire(task.id(), scheduledAt, 1);
    }

    private Run running(Run run) {
        return stores.runs().claim(run.id(), "node-1", clock.instant(), clock.instant().plus(Duration.ofMinutes(5)))
                .orElseThrow();
    }

    private Run ended(Run run, RunStatus status, String output) {
        Run claimed = running(run);
        stores.runs().complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, clock.instant(), 0, output, status == RunStatus.SUCCEEDED ? null : "exit code 1"));
        return stores.runs().get(run.id()).orElseThrow();
    }

    private void select(Run run) {
        model.select(model.rows().stream().filter(row -> row.id() == run.id()).findFirst().orElseThrow());
    }

    @Test
    void listsNewestFirstAndShowsTheChosenRunsStoredOutput() {
        Run older = ended(queued(NOW.minus(Duration.ofHours(2))), RunStatus.SUCCEEDED, "all done\n");
        Run newer = queued(NOW.minus(Duration.ofHours(1)));

        model.load();

        assertThat(model.rows()).extracting(RunRow::id).containsExactly(newer.id(), older.id());
        assertThat(model.statusProperty().get()).isEqualTo("1-2 of 2");
        select(older);
        assertThat(model.outputProperty().get()).isEqualTo("all done\n");
        assertThat(model.canRetryProperty().get()).isTrue();
        assertThat(model.canCancelProperty().get()).isFalse();
    }

    @Test
    void aRunClaimedAheadOfItsTimeShowsAsHeldUntilItStarts() {
        Run held = running(queued(NOW.plusSeconds(2)));

        model.load();

        RunRow row = model.rows().get(0);
        assertThat(row.id()).isEqualTo(held.id());
        assertThat(row.status()).isEqualTo("Held for its time");
        assertThat(row.duration()).isEqualTo(RunRow.NONE);
        assertThat(row.statusTone()).isEqualTo("text-muted");

        clock.set(NOW.plusSeconds(5));
        model.load();

        assertThat(model.rows().get(0).status()).isEqualTo("Running");
        assertThat(model.rows().get(0).duration()).isEqualTo("3s");
    }

    @Test
    void aTotalTheStoreCountedOnlySoFarIsShownAsALowerBound() {
        RunStore counted = (RunStore) Proxy.newProxyInstance(RunStore.class.getClassLoader(),
                new Class<?>[] {RunStore.class}, (proxy, method, args) -> {
                    Object result = method.invoke(stores.runs(), args);
                    return result instanceof Page<?> page
                            ? new Page<>(page.items(), page.total(), page.offset(), page.limit(), true) : result;
                });
        model = new RunsViewModel(operations, counted, stores.retention(), new Workspace(NAMESPACE, OPERATOR, clock), UiExecutor.direct(),
                messages, ZoneOffset.UTC);
        queued(NOW.minusSeconds(120));
        queued(NOW.minusSeconds(60));

        model.load();

        assertThat(model.statusProperty().get()).isEqualTo("1-2 of at least 2");
    }

    @Test
    void aTaskFilterNoTaskNameContainsSaysSoWithoutAnError() {
        queued(NOW);
        model.taskNameProperty().set("missing");

        model.filtersChanged();

        assertThat(model.rows()).isEmpty();
        assertThat(model.statusProperty().get()).isEqualTo("No task name contains 'missing'.");
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void aTaskFilterThatTooManyTaskNamesContainAsksForMore() {
        queued(NOW);
        for (int i = 0; i < RunsViewModel.MATCHED_TASKS; i++) {
            named("job-" + i);
        }
        model.taskNameProperty().set("job");
        model.filtersChanged();
        assertThat(model.rows()).hasSize(0);
        assertThat(model.errorProperty().get()).isEmpty();

        named("job-last");
        model.filtersChanged();

        assertThat(model.rows()).isEmpty();
        assertThat(model.errorProperty().get())
                .isEqualTo("More than 500 task names contain 'job'; type more of the name.");
    }

    @Test
    void triggerRecordsAManualRunWithItsParametersQueuesItAndShowsIt() {
        TriggerViewModel trigger = new TriggerViewModel(TriggerViewModel.through(operations), UiExecutor.direct(),
                messages);
        trigger.reset(model.selectedTaskName());
        trigger.taskNameProperty().set("backup");
        trigger.params().get(0).nameProperty().set("DAY");
        trigger.params().get(0).valueProperty().set("2026-11-30");

        assertThat(trigger.submit(model::triggered)).isTrue();

        Run run = stores.runs().list(RunFilter.all(NAMESPACE), PageRequest.first(5)).items().get(0);
        assertThat(run.trigger()).isEqualTo(TriggerType.MANUAL);
        assertThat(run.params()).isEqualTo(Map.of("DAY", "2026-11-30"));
        assertThat(stores.inspector().stats().streams()).singleElement()
                .satisfies(stream -> assertThat(stream.length()).isEqualTo(1));
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + run.id() + " of task backup is queued.");
        assertThat(model.noticeProperty().get().link().text()).isEqualTo("Show run " + run.id());
        assertThat(model.rows()).extracting(RunRow::id).containsExactly(run.id());
        assertThat(stores.audit().list(NAMESPACE, "run:" + run.id(), PageRequest.first(5)).items()).singleElement()
                .satisfies(entry -> assertThat(entry.action()).isEqualTo("run.trigger"));
    }

    @Test
    void triggeringAMissingTaskSaysSoInTheForm() {
        TriggerViewModel trigger = new TriggerViewModel(TriggerViewModel.through(operations), UiExecutor.direct(),
                messages);
        trigger.taskNameProperty().set("nope");

        assertThat(trigger.submit(model::triggered)).isTrue();

        assertThat(trigger.errorProperty().get()).isEqualTo("There is no task 'nope' in this namespace.");
        assertThat(stores.runs().list(RunFilter.all(NAMESPACE), PageRequest.first(5)).total()).isZero();
    }

    @Test
    void retryRunsTheEndedRunsTaskAgainWithTheSameParameters() {
        Run failed = ended(queued(NOW.minus(Duration.ofHours(1))), RunStatus.FAILED, "boom\n");
        model.load();
        select(failed);

        model.retry();

        List<Run> manual = stores.runs().list(RunFilter.all(NAMESPACE).withTrigger(TriggerType.MANUAL),
                PageRequest.first(5)).items();
        assertThat(manual).singleElement().satisfies(run -> assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + manual.get(0).id() + " of task backup is queued.");
        assertThat(model.rows()).hasSize(2);
    }

    @Test
    void retryOfARunWhoseTaskWasDeletedSaysWhy() {
        Run failed = ended(queued(NOW.minus(Duration.ofHours(1))), RunStatus.FAILED, "boom\n");
        model.load();
        select(failed);
        stores.tasks().delete(task.id(), "test");

        model.retry();

        assertThat(model.errorProperty().get()).isEqualTo("Task 'backup' no longer exists, so its run cannot be retried.");
        assertThat(model.actingProperty().get()).isFalse();
    }

    @Test
    void cancelOfAWaitingRunCancelsItAndOfARunningOneTellsItsNode() {
        Run waiting = queued(NOW);
        Run busy = running(queued(NOW.minus(Duration.ofMinutes(1))));
        model.load();

        select(waiting);
        assertThat(model.cancelQuestion()).startsWith("Cancel run " + waiting.id() + " of task backup (Queued)?");
        model.cancel();
        assertThat(stores.runs().get(waiting.id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + waiting.id() + " is cancelled.");

        // Its output has ended, so choosing it reads that output once instead of following it.
        liveOutput.write(List.of(new LiveOutput.Write(busy.id(), List.of("working\n"), true)));
        select(busy);
        model.cancel();
        assertThat(stores.events().published())
                .contains(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, busy.id()));
        assertThat(model.noticeProperty().get().text())
                .isEqualTo("Run " + busy.id() + " is running: its node was asked to stop it.");
    }

    @Test
    void aRunningRunsOutputIsFollowedUntilItsEndMarker() {
        Run busy = running(queued(NOW));
        liveOutput.write(List.of(new LiveOutput.Write(busy.id(), List.of("line one\n", "line two\n"), true)));
        model.load();

        select(busy);

        assertThat(model.outputProperty().get()).isEqualTo("line one\nline two\n");
        assertThat(model.followingProperty().get()).isFalse();
    }

    @Test
    void thePreviewOfALongOutputIsItsLastWholeLines() {
        String longOutput = "x".repeat(RunsViewModel.PREVIEW_LIMIT) + "\nsecond to last\nlast\n";

        String preview = RunsViewModel.preview(longOutput);

        assertThat(preview).hasSizeLessThanOrEqualTo(RunsViewModel.PREVIEW_LIMIT).endsWith("second to last\nlast\n")
                .doesNotContain("x");
        assertThat(RunsViewModel.preview("short\n")).isEqualTo("short\n");
    }
}
