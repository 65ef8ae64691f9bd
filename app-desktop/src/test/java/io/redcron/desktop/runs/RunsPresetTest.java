package io.redcron.desktop.runs;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Another screen sends the operator to a task's runs, or to one run. */
class RunsPresetTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final RunsViewModel model = new RunsViewModel(new Operations(new OperatorPorts(stores.tasks(), stores.runs(),
            stores.queue(), stores.events(), stores.audit(), stores.deadLetters(), stores.liveOutput()), NAMESPACE, "tester",
            clock), stores.runs(), stores.retention(), new Workspace(NAMESPACE, "tester", clock), UiExecutor.direct(),
            new Messages(Locale.ENGLISH), ZoneOffset.UTC);

    private Task task(String name) {
        return stores.tasks().create(Task.builder().namespace(NAMESPACE).name(name).cron("0 3 * * *")
                .payload(new ShellPayload("x", null, Map.of())).build(), "test");
    }

    @Test
    void aTasksRunsAreListedWhateverFiltersWereSet() {
        Task failing = task("failing");
        Task other = task("other");
        stores.runs().insertManual(failing.id(), NOW, 1, Map.of());
        stores.runs().insertManual(other.id(), NOW, 1, Map.of());
        model.statuses().add(RunStatus.SUCCEEDED);

        model.open(RunsPreset.ofTask("failing"));

        assertThat(model.taskNameProperty().get()).isEqualTo("failing");
        assertThat(model.statuses()).isEmpty();
        assertThat(model.rows()).extracting(RunRow::task).containsOnly("failing");
    }

    @Test
    void aRunAskedForIsSelectedEvenOffTheFirstPage() {
        Task busy = task("busy");
        Run old = stores.runs().insertManual(busy.id(), NOW.minusSeconds(86_400), 1, Map.of());
        for (int i = 0; i < RunsViewModel.PAGE_SIZE + 5; i++) {
            stores.runs().insertManual(busy.id(), NOW.minusSeconds(i), 1, Map.of());
        }

        model.open(RunsPreset.ofRun("busy", old.id()));

        assertThat(model.rows()).extracting(RunRow::id).doesNotContain(old.id());
        assertThat(model.selectedProperty().get().id()).isEqualTo(old.id());
    }

    @Test
    void aRunGoneMeanwhileSaysSo() {
        task("busy");

        model.open(RunsPreset.ofRun("busy", 987_654L));

        assertThat(model.errorProperty().get()).isEqualTo("There is no run 987654 in this namespace.");
    }
}
