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
    private final TasksViewModel list = new TasksViewModel(stores.tasks(), stores.runs(), stores.managed(),
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

    @Test
    void aTaskDeclaredInCodeNamesItsApplicationWhatDriftedAndRefusesAnEditItsApplicationRefuses() {
        Task report = task("report");
        task("by-hand");
        stores.managed().save(new io.redcron.domain.ManagedTask(report.id(), NAMESPACE, "shop", "1.4.2",
                io.redcron.domain.EditPolicy.REFUSE, io.redcron.format.ManagedDrift.declaredForm(report), NOW));
        stores.tasks().update(report.toBuilder().cron("0 4 * * *").build(), "test");
        list.load();

        TaskRow managed = list.rows().get(1);
        assertThat(list.managedText(managed)).isEqualTo("shop 1.4.2 \u00b7 drifted");
        assertThat(list.managedDetails(managed)).isEqualTo("Declared in the code of shop 1.4.2, which refuses edits"
                + " made here; pausing is allowed.\ncron: code \"0 3 * * *\", here \"0 4 * * *\"");
        assertThat(list.managedText(list.rows().get(0))).isEqualTo("\u2014");

        TaskEditorViewModel editor = new TaskEditorViewModel(new io.redcron.ops.ManagedTaskGuard(stores.tasks(),
                stores.managed()), workspace, UiExecutor.direct(), messages);
        editor.edit(stores.tasks().get(report.id()).orElseThrow());
        editor.cronProperty().set("0 5 * * *");
        editor.save(task -> { });
        assertThat(editor.errorProperty().get()).contains("managed by application shop 1.4.2");
        assertThat(stores.tasks().get(report.id()).orElseThrow().cron()).isEqualTo("0 4 * * *");
    }
}
