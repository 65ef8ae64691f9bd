package io.redcron.desktop.tasks;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Debouncer;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.TaskStore;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** The editor's view-model on in-memory ports: what shows when, the name check and the coming fires. */
class TaskEditorViewModelTest {
    private static final Instant NOW = Instant.parse("2026-03-27T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final Workspace workspace = new Workspace(NAMESPACE, "tester@desktop", clock);
    private final Messages messages = new Messages(Locale.ENGLISH);
    private final TaskEditorViewModel editor = new TaskEditorViewModel(stores.tasks(), workspace, UiExecutor.direct(),
            messages);

    @Test
    void aNewFormShowsNoErrorButSaysWhySaveCannotStoreIt() {
        assertThat(editor.validProperty().get()).isFalse();
        assertThat(editor.shownErrors()).as("nothing typed yet").isEmpty();
        assertThat(editor.allErrors()).containsOnlyKeys(EditorField.NAME, EditorField.COMMAND);
        assertThat(editor.saveHintProperty().get()).isEqualTo("Cannot save yet, 2 problems to correct:\n"
                + "• Name is required\n• Command line is required");
    }

    @Test
    void anEditedFieldShowsItsErrorInTheWordsOfTheFormAndNoOtherField() {
        editor.retriesProperty().set("-3");

        assertThat(editor.shownErrors()).containsExactly(
                new FieldError(EditorField.RETRIES, "Retries must be between 0 and 99, got -3"));
    }

    @Test
    void aFieldLeftEmptyShowsItsErrorOnceLeft() {
        editor.touch(EditorField.NAME);

        assertThat(editor.shownErrors()).containsExactly(new FieldError(EditorField.NAME, "Name is required"));
    }

    @Test
    void saveShowsEveryErrorAtOnceEachAtItsFieldAndStoresNothing() {
        editor.nameProperty().set("nightly");
        editor.nameProperty().set("");
        editor.cronProperty().set("61 * * * *");
        editor.zoneProperty().set("Mars/Olympus");
        editor.timeoutProperty().set("0s");
        editor.retriesProperty().set("-3");
        editor.multiplierProperty().set("0.5");
        editor.jitterProperty().set("2");
        editor.catchUpLimitProperty().set("0");
        editor.labelsProperty().set("no separator");
        editor.paramsProperty().set("9bad=x");

        editor.save(saved -> { throw new AssertionError("saved an invalid task"); });

        assertThat(editor.shownErrors()).extracting(FieldError::field).containsExactly(EditorField.NAME,
                EditorField.CRON, EditorField.ZONE, EditorField.COMMAND, EditorField.TIMEOUT, EditorField.RETRIES,
                EditorField.MULTIPLIER, EditorField.JITTER, EditorField.CATCH_UP_LIMIT, EditorField.LABELS,
                EditorField.PARAMS);
        assertThat(editor.allErrors())
                .containsEntry(EditorField.CRON, "Cron expression: minute: 61 is out of range 0-59")
                .containsEntry(EditorField.ZONE,
                        "Time zone 'Mars/Olympus' is not a known time zone (for example Europe/Berlin, UTC)")
                .containsEntry(EditorField.TIMEOUT, "Timeout must be longer than 0s, got 0s")
                .containsEntry(EditorField.JITTER, "Jitter must be between 0 and 1, got 2")
                .containsEntry(EditorField.LABELS, "Labels: 'no separator' is not KEY=value (one per line)")
                .containsEntry(EditorField.PARAMS, "Parameters: '9bad' is not a parameter name"
                        + " (a letter or _ first, then letters, digits or _)");
        assertThat(editor.errorProperty().get()).isEqualTo(messages.get("editor.invalid"));
        assertThat(stores.tasks().findByName(NAMESPACE, "")).isEmpty();
    }

    @Test
    void correctingEveryFieldLetsTheTaskBeSavedAndClearsTheSummary() {
        editor.save(saved -> { });
        assertThat(editor.shownErrors()).hasSize(2);

        editor.nameProperty().set("nightly");
        editor.commandProperty().set("echo nightly");
        List<Task> saved = new ArrayList<>();
        editor.save(saved::add);

        assertThat(editor.shownErrors()).isEmpty();
        assertThat(editor.saveHintProperty().get()).isEmpty();
        assertThat(editor.errorProperty().get()).isEmpty();
        assertThat(saved).extracting(Task::name).containsExactly("nightly");
    }

    @Test
    void fillingTheFormFromATaskTouchesNothing() {
        Task stored = stored("backup");
        editor.edit(stored.toBuilder().build());
        editor.retriesProperty().set("x");
        editor.retriesProperty().set("2");
        editor.timeoutProperty().set("");

        assertThat(editor.shownErrors()).containsExactly(new FieldError(EditorField.TIMEOUT, "Timeout is required"));
    }

    @Test
    void aNameTakenByAnotherTaskIsAnErrorAtTheNameAsItIsTyped() {
        stored("backup");

        editor.nameProperty().set("backup");
        assertThat(editor.shownErrors()).containsExactly(
                new FieldError(EditorField.NAME, "A task named 'backup' already exists in this namespace"));
        assertThat(editor.validProperty().get()).isFalse();

        editor.nameProperty().set("backup-2");
        assertThat(editor.allErrors()).doesNotContainKey(EditorField.NAME);
    }

    @Test
    void aTaskKeepsItsOwnNameWhenEditedButNotAnothersOne() {
        Task backup = stored("backup");
        stored("report");
        editor.edit(backup);
        assertThat(editor.allErrors()).isEmpty();

        editor.nameProperty().set("report");
        assertThat(editor.allErrors()).containsEntry(EditorField.NAME,
                "A task named 'report' already exists in this namespace");
        editor.nameProperty().set("backup");
        assertThat(editor.allErrors()).isEmpty();
    }

    @Test
    void aCopyMayNotKeepTheNameOfItsOriginal() {
        Task backup = stored("backup");
        editor.duplicate(backup);
        assertThat(editor.allErrors()).as("'backup (copy)' is free").isEmpty();

        editor.nameProperty().set("backup");
        assertThat(editor.allErrors()).containsKey(EditorField.NAME);
    }

    @Test
    void theNameIsLookedUpOnceTypingPausesAndOnlyForTheLastName() {
        stored("backup");
        List<String> lookedUp = new ArrayList<>();
        TaskEditorViewModel typing = new TaskEditorViewModel(counting(stores.tasks(), lookedUp), workspace,
                UiExecutor.direct(), messages);
        ManualDebouncer pause = new ManualDebouncer();
        typing.debounceNameChecksWith(pause);

        for (String typed : List.of("b", "ba", "bac", "back", "backu", "backup")) {
            typing.nameProperty().set(typed);
        }
        assertThat(lookedUp).as("nothing before the pause").isEmpty();
        assertThat(typing.allErrors()).doesNotContainKey(EditorField.NAME);

        pause.elapse();
        assertThat(lookedUp).containsExactly("backup");
        assertThat(typing.allErrors()).containsKey(EditorField.NAME);
    }

    @Test
    void anAnswerForANameNoLongerTypedIsDropped() {
        stored("backup");
        HeldExecutor executor = new HeldExecutor();
        TaskEditorViewModel slow = new TaskEditorViewModel(stores.tasks(), workspace, executor, messages);

        slow.nameProperty().set("backup");
        slow.nameProperty().set("backups");
        executor.runAll();

        assertThat(slow.allErrors()).doesNotContainKey(EditorField.NAME);
    }

    @Test
    void aFailedLookUpSaysNothing() {
        TaskStore broken = counting(stores.tasks(), null);
        TaskEditorViewModel offline = new TaskEditorViewModel(broken, workspace, UiExecutor.direct(), messages);

        offline.nameProperty().set("anything");

        assertThat(offline.allErrors()).doesNotContainKey(EditorField.NAME);
    }

    @Test
    void theNextFiveFiresShowInTheTasksZoneWithItsOffset() {
        editor.cronProperty().set("0 3 * * *");
        editor.zoneProperty().set("Europe/Berlin");

        assertThat(editor.nextFires()).containsExactly(
                "2026-03-28 Sat 03:00:00 +01:00",
                "2026-03-29 Sun 03:00:00 +02:00",
                "2026-03-30 Mon 03:00:00 +02:00",
                "2026-03-31 Tue 03:00:00 +02:00",
                "2026-04-01 Wed 03:00:00 +02:00");
        assertThat(editor.nextFiresProblemProperty().get()).isEmpty();
    }

    @Test
    void theFiresFollowTheZoneAndTheDialect() {
        editor.cronProperty().set("0 3 * * *");
        editor.zoneProperty().set("Asia/Shanghai");
        assertThat(editor.nextFires()).first().isEqualTo("2026-03-28 Sat 03:00:00 +08:00");

        editor.dialectProperty().set("quartz");
        assertThat(editor.nextFires()).isEmpty();
        assertThat(editor.nextFiresProblemProperty().get()).startsWith("Cron expression: ");

        editor.cronProperty().set("0 30 9 ? * MON-FRI");
        assertThat(editor.nextFires()).hasSize(5).first().isEqualTo("2026-03-30 Mon 09:30:00 +08:00");
    }

    @Test
    void anInvalidExpressionShowsItsErrorInsteadOfFires() {
        editor.cronProperty().set("61 * * * *");

        assertThat(editor.nextFires()).isEmpty();
        assertThat(editor.nextFiresProblemProperty().get()).isEqualTo("Cron expression: minute: 61 is out of range 0-59");
        assertThat(editor.shownErrors()).extracting(FieldError::field).containsExactly(EditorField.CRON);
    }

    @Test
    void anUnknownZoneShowsNoFires() {
        editor.zoneProperty().set("Mars/Olympus");

        assertThat(editor.nextFires()).isEmpty();
        assertThat(editor.nextFiresProblemProperty().get()).isEqualTo("Choose a time zone to see the next fires.");
    }

    @Test
    void theZonePickerOffersEveryKnownZone() {
        assertThat(editor.zones()).contains(java.time.ZoneId.of("Europe/Berlin"), java.time.ZoneId.of("UTC"))
                .isSortedAccordingTo(java.util.Comparator.comparing(java.time.ZoneId::getId));
    }

    @Test
    void chineseErrorsAndFiresReadInChinese() {
        TaskEditorViewModel chinese = new TaskEditorViewModel(stores.tasks(), workspace, UiExecutor.direct(),
                new Messages(Locale.SIMPLIFIED_CHINESE));
        chinese.retriesProperty().set("-3");
        chinese.cronProperty().set("0 3 * * *");

        assertThat(chinese.shownErrors()).containsExactly(
                new FieldError(EditorField.RETRIES, "重试次数必须在 0 到 99 之间，输入的是 -3"));
        assertThat(chinese.nextFires()).first().asString().startsWith("2026-03-28 周六 03:00:00");
    }

    private Task stored(String name) {
        return stores.tasks().create(Task.builder().namespace(NAMESPACE).name(name).cron("0 3 * * *")
                .payload(new ShellPayload("echo " + name, null, Map.of())).build(), "tester@desktop");
    }

    /** A store whose name look-ups are recorded in {@code names}; with null, every look-up fails. */
    private static TaskStore counting(TaskStore store, List<String> names) {
        return (TaskStore) java.lang.reflect.Proxy.newProxyInstance(TaskStore.class.getClassLoader(),
                new Class<?>[] {TaskStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("findByName")) {
                        if (names == null) {
                            throw new io.redcron.port.StoreException("database down", null);
                        }
                        names.add((String) args[1]);
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** A pause that ends when the test says so; only the last action scheduled runs, as in the app. */
    private static final class ManualDebouncer implements Debouncer {
        private Runnable waiting;

        @Override
        public void schedule(Runnable action) {
            waiting = action;
        }

        void elapse() {
            Runnable action = waiting;
            waiting = null;
            if (action != null) {
                action.run();
            }
        }
    }

    /** Keeps the work submitted until the test runs it: an answer that comes late. */
    private static final class HeldExecutor implements UiExecutor {
        private final List<Runnable> held = new ArrayList<>();

        @Override
        public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            held.add(() -> UiExecutor.direct().submit(work, onSuccess, onFailure));
        }

        void runAll() {
            List<Runnable> now = new ArrayList<>(held);
            held.clear();
            now.forEach(Runnable::run);
        }
    }
}
