package io.redcron.desktop.tasks;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.TaskFilter;
import io.redcron.port.PageRequest;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The tasks list and the task editor on in-memory ports, with the UI executor running everything at once. */
class TasksViewModelTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final Workspace workspace = new Workspace(NAMESPACE, "tester@desktop", clock);
    private final Messages messages = new Messages(Locale.ENGLISH);
    private final TasksViewModel list = new TasksViewModel(stores.tasks(), stores.runs(),
            TasksBulkActionsTest.trigger(stores, NAMESPACE, clock), workspace, UiExecutor.direct(), messages);

    private Task task(String name) {
        return stores.tasks().create(Task.builder().namespace(NAMESPACE).name(name).cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    @Test
    void listsFiltersDisablesAndDeletesTasks() {
        task("backup");
        task("report");
        list.load();
        assertThat(list.rows()).extracting(row -> row.task().name()).containsExactly("backup", "report");

        list.setEnabled(java.util.List.of(list.rows().get(0)), false);
        assertThat(stores.tasks().findByName(NAMESPACE, "backup").orElseThrow().enabled()).isFalse();
        list.stateProperty().set(TasksViewModel.State.ENABLED);
        list.filtersChanged();
        assertThat(list.rows()).extracting(row -> row.task().name()).containsExactly("report");

        list.delete(java.util.List.of(list.rows().get(0)));
        assertThat(stores.tasks().findByName(NAMESPACE, "report")).isEmpty();
        assertThat(list.rows()).isEmpty();
    }

    @Test
    void theEditorCreatesATaskInTheWorkspacesNamespaceAsItsOperator() {
        TaskEditorViewModel editor = new TaskEditorViewModel(stores.tasks(), workspace, UiExecutor.direct(), messages);
        editor.nameProperty().set("nightly");
        editor.cronProperty().set("0 2 * * *");
        editor.commandProperty().set("echo nightly");
        Task[] saved = new Task[1];

        editor.save(task -> saved[0] = task);

        assertThat(editor.errorProperty().get()).isEmpty();
        assertThat(saved[0].namespace()).isEqualTo(NAMESPACE);
        assertThat(stores.tasks().list(new TaskFilter(NAMESPACE, null, null, null, null, null, TaskFilter.Sort.NAME,
                false), PageRequest.first(5)).items()).extracting(Task::name).containsExactly("nightly");
        assertThat(stores.audit().list(NAMESPACE, null, PageRequest.first(5)).items())
                .anySatisfy(entry -> assertThat(entry.actor()).isEqualTo("tester@desktop"));
    }
}
