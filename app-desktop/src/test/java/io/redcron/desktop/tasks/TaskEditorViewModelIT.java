package io.redcron.desktop.tasks;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The editor's view-model on real stores, with work run synchronously. */
class TaskEditorViewModelIT {
    private static Session session;
    private final Messages messages = new Messages(Locale.ENGLISH);

    @BeforeAll
    static void open() {
        MysqlConfig db = TestDatabase.freshSchema();
        session = new SessionFactory("alice@desktop", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                db.jdbcUrl(), db.user(), TestRedis.freshNamespace()), db.password(), Secret.NONE);
    }

    @AfterAll
    static void close() {
        session.close();
    }

    @Test
    void createsEditsAndDuplicatesTasksWithTheOperatorInTheAudit() {
        TaskEditorViewModel editor = editor();
        editor.nameProperty().set("backup");
        editor.cronProperty().set("0 3 * * *");
        editor.typeProperty().set(TaskType.SHELL);
        editor.commandProperty().set("echo backup");
        assertThat(editor.validProperty().get()).isTrue();
        assertThat(editor.scheduleDescriptionProperty().get()).isEqualTo("At 03:00");

        Task created = save(editor);
        assertThat(created.id()).isNotNull();

        TaskEditorViewModel again = editor();
        again.edit(created);
        again.cronProperty().set("30 3 * * *");
        Task updated = save(again);
        assertThat(updated.version()).isEqualTo(created.version() + 1);
        assertThat(session.audit().list(session.namespace(), "task:" + created.id(), io.redcron.port.PageRequest.first(10))
                .items()).allMatch(entry -> entry.actor().equals("alice@desktop"));

        TaskEditorViewModel copy = editor();
        copy.duplicate(updated);
        assertThat(copy.nameProperty().get()).isEqualTo("backup (copy)");
        assertThat(save(copy).cron()).isEqualTo("30 3 * * *");
    }

    @Test
    void aConcurrentChangeIsReportedNotOverwritten() {
        TaskEditorViewModel first = editor();
        first.nameProperty().set("report");
        first.commandProperty().set("echo report");
        Task created = save(first);
        TaskEditorViewModel mine = editor();
        mine.edit(created);
        TaskEditorViewModel theirs = editor();
        theirs.edit(created);
        theirs.descriptionProperty().set("theirs");
        save(theirs);

        mine.descriptionProperty().set("mine");
        mine.save(saved -> { throw new AssertionError("must not save over a newer version"); });

        assertThat(mine.errorProperty().get()).contains("changed this task meanwhile");
        assertThat(session.tasks().get(created.id()).orElseThrow().description()).isEqualTo("theirs");
    }

    @Test
    void aBadCronIsShownAtItsFieldAndNothingIsSaved() {
        TaskEditorViewModel editor = editor();
        editor.nameProperty().set("broken");
        editor.commandProperty().set("true");
        editor.cronProperty().set("61 * * * *");

        assertThat(editor.errors()).containsEntry("cron", "minute: 61 is out of range 0-59");
        assertThat(editor.validProperty().get()).isFalse();
        editor.save(saved -> { throw new AssertionError("saved an invalid task"); });
        assertThat(session.tasks().findByName(session.namespace(), "broken")).isEmpty();
    }

    @Test
    void anHttpTaskKeepsItsRedirectChoice() {
        TaskEditorViewModel editor = editor();
        editor.nameProperty().set("hook");
        editor.typeProperty().set(TaskType.HTTP);
        editor.urlProperty().set("https://example.com/hook");
        assertThat(editor.redirectsProperty().get()).as("the default").isEqualTo(RedirectPolicy.NONE);
        editor.redirectsProperty().set(RedirectPolicy.SAME_ORIGIN);

        Task created = save(editor);
        TaskEditorViewModel again = editor();
        again.edit(session.tasks().get(created.id()).orElseThrow());

        assertThat(((HttpPayload) created.payload()).redirects()).isEqualTo(RedirectPolicy.SAME_ORIGIN);
        assertThat(again.redirectsProperty().get()).isEqualTo(RedirectPolicy.SAME_ORIGIN);
    }

    private TaskEditorViewModel editor() {
        return new TaskEditorViewModel(session, UiExecutor.direct(), messages);
    }

    private static Task save(TaskEditorViewModel editor) {
        AtomicReference<Task> saved = new AtomicReference<>();
        editor.save(saved::set);
        assertThat(saved.get()).as(editor.errorProperty().get()).isNotNull();
        return saved.get();
    }
}
