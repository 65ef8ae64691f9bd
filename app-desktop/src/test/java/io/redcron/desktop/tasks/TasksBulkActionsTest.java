package io.redcron.desktop.tasks;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.ops.TriggerRun;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The tasks list's actions on many tasks at once, its recent results and its quiet refresh, on in-memory ports. */
class TasksBulkActionsTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final Workspace workspace = new Workspace(NAMESPACE, "tester@desktop", clock);
    private final TasksViewModel list = new TasksViewModel(stores.tasks(), stores.runs(), stores.managed(), trigger(stores, NAMESPACE, clock),
            workspace, UiExecutor.direct(), new Messages(Locale.ENGLISH));

    static TriggerRun trigger(InMemoryStores stores, String namespace, Clock clock) {
        return new Operations(new OperatorPorts(stores.tasks(), stores.runs(), stores.queue(), stores.events(),
                stores.audit(), stores.deadLetters(), stores.liveOutput()), namespace, "tester@desktop", clock).trigger();
    }

    private Task task(String name) {
        return stores.tasks().create(Task.builder().namespace(NAMESPACE).name(name).cron("0 3 * * *").owner("ops")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    @Test
    void manyTasksAreDisabledEnabledAndDeletedAtOnceWithOneNotice() {
        task("a");
        task("b");
        task("c");
        list.load();

        list.setEnabled(List.copyOf(list.rows().subList(0, 2)), false);
        assertThat(list.noticeProperty().get().text()).isEqualTo("Disabled 2 tasks.");
        assertThat(list.rows()).extracting(TaskRow::enabled).containsExactly(false, false, true);

        list.setEnabled(List.of(list.rows().get(0)), true);
        assertThat(list.noticeProperty().get().text()).isEqualTo("Enabled 1 task.");

        list.delete(List.copyOf(list.rows().subList(1, 3)));
        assertThat(list.noticeProperty().get().text()).isEqualTo("Deleted 2 tasks.");
        assertThat(list.rows()).extracting(TaskRow::name).containsExactly("a");
    }

    @Test
    void runNowStartsAManualRunOfEachChosenTaskAndNamesThem() {
        task("a");
        task("b");
        list.load();

        list.runNow(List.copyOf(list.rows()));

        List<Run> manual = stores.runs().list(RunFilter.all(NAMESPACE).withTrigger(TriggerType.MANUAL), PageRequest.first(10))
                .items();
        assertThat(manual).hasSize(2).extracting(Run::taskName).containsExactlyInAnyOrder("a", "b");
        assertThat(list.noticeProperty().get().text()).startsWith("Started runs ").endsWith(".")
                .contains(Long.toString(manual.get(0).id()), Long.toString(manual.get(1).id()));
        List<io.redcron.desktop.runs.RunsPreset> opened = new java.util.ArrayList<>();
        list.openRunsWith(opened::add);
        assertThat(list.noticeProperty().get().link().text()).isEqualTo("Open runs");
        list.noticeProperty().get().link().action().run();
        assertThat(opened).as("several runs: the runs list, newest first").containsExactly(
                new io.redcron.desktop.runs.RunsPreset(null, null));
        assertThat(stores.audit().list(NAMESPACE, null, PageRequest.first(10)).items())
                .filteredOn(entry -> entry.action().contains("trigger")).hasSize(2);
    }

    @Test
    void theNoticeOfOneRunLinksToThatRunAndTheNextActionTakesItAway() {
        task("a");
        list.load();
        List<io.redcron.desktop.runs.RunsPreset> opened = new java.util.ArrayList<>();
        list.openRunsWith(opened::add);

        list.runNow(List.copyOf(list.rows()));
        Run run = stores.runs().list(RunFilter.all(NAMESPACE).withTrigger(TriggerType.MANUAL), PageRequest.first(10))
                .items().get(0);
        io.redcron.desktop.ui.Notice notice = list.noticeProperty().get();
        assertThat(notice.text()).isEqualTo("Started run " + run.id() + ".");
        assertThat(notice.shownAt()).isEqualTo(NOW);
        notice.link().action().run();
        assertThat(opened).containsExactly(io.redcron.desktop.runs.RunsPreset.ofRun("a", run.id()));

        List<String> seen = new java.util.ArrayList<>();
        list.noticeProperty().addListener((o, old, now) -> seen.add(now == null ? "none" : now.text()));
        list.setEnabled(List.copyOf(list.rows()), false);
        assertThat(seen).as("the old notice goes when the action starts").containsExactly("none", "Disabled 1 task.");
    }

    @Test
    void headersAmongTheChosenLinesAreNeverActedOn() {
        stores.tasks().create(Task.builder().namespace(NAMESPACE).name("x").group("etl").cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
        task("y");
        list.groupBy(GroupBy.GROUP);
        assertThat(list.lines()).hasSize(4).first().isInstanceOf(GroupHeader.class);

        list.setEnabled(List.copyOf(list.lines()), false);

        assertThat(list.noticeProperty().get().text()).isEqualTo("Disabled 2 tasks.");
        list.delete(List.of(list.lines().get(0)));
        assertThat(list.noticeProperty().get().text()).as("a header alone: nothing done, nothing said")
                .isEqualTo("Disabled 2 tasks.");
        assertThat(stores.tasks().list(io.redcron.port.TaskFilter.all(NAMESPACE), PageRequest.first(10)).total()).isEqualTo(2);
    }

    @Test
    void filtersApplyAsTheUserTypesWhenTypingPauses() {
        task("nightly-report");
        task("backup");
        stores.tasks().create(Task.builder().namespace(NAMESPACE).name("cleanup").owner("Storage Team").cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
        List<Runnable> waiting = new java.util.ArrayList<>();
        list.debounceFiltersWith(waiting::add);
        list.load();

        list.textProperty().set("REP");
        assertThat(list.rows()).as("still typing").hasSize(3);
        waiting.get(waiting.size() - 1).run();
        assertThat(list.rows()).extracting(TaskRow::name).containsExactly("nightly-report");

        list.textProperty().set("");
        list.ownerProperty().set("team");
        waiting.get(waiting.size() - 1).run();
        assertThat(list.rows()).extracting(TaskRow::name).containsExactly("cleanup");
    }

    @Test
    void eachTaskShowsItsOwnerLastRunAndSuccessRate() {
        Task task = task("a");
        task("never");
        for (int i = 0; i < 4; i++) {
            Run run = stores.runs().insertManual(task.id(), NOW.minusSeconds(600 - i * 60L), 1, Map.of());
            stores.runs().claim(run.id(), "node-1", NOW, NOW.plusSeconds(30));
            stores.runs().complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(i == 1 ? RunStatus.FAILED
                    : RunStatus.SUCCEEDED, NOW.minusSeconds(180), i == 1 ? 1 : 0, "", null));
        }

        list.load();

        TaskRow row = list.rows().get(0);
        assertThat(row.owner()).isEqualTo("ops");
        assertThat(list.lastRunText(row)).isEqualTo("Succeeded \u00b7 3 min ago");
        assertThat(list.successText(row)).isEqualTo("75 % of 4");
        assertThat(list.lastRunText(list.rows().get(1))).isEqualTo("—");
        assertThat(list.successText(list.rows().get(1))).isEqualTo("—");
    }

    @Test
    void aRefreshKeepsRowsInPlaceAndUpdatesThem() {
        task("a");
        task("b");
        list.load();
        TaskRow first = list.rows().get(0);
        clock.advance(Duration.ofDays(1));

        list.refresh();

        assertThat(list.rows()).extracting(TaskRow::name).containsExactly("a", "b");
        assertThat(list.rows().get(0).nextFire()).as("the next fire moved on with the clock").isNotEqualTo(first.nextFire());
    }
}
