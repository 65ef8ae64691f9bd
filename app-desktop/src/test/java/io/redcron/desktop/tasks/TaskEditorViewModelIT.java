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
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The editor's view-model on real stores, with work run synchronously. */
class TaskEditorViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static Session session;
    private final Messages messages = new Messages(Locale.ENGLISH);

    @BeforeAll
    static void open() {
        MysqlConfig db = mysql.config();
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

        assertThat(editor.allErrors()).containsEntry(EditorField.CRON, "Cron expression: minute: 61 is out of range 0-59");
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

    @Test
    void aHiddenCredentialIsShownMaskedAndKeptUnlessTheOperatorTypesANewOne() {
        Task stored = session.tasks().create(Task.builder().namespace(session.namespace()).name("call").cron("0 * * * *")
                .payload(new HttpPayload("POST", URI.create("https://svc:url-secret@api.example.com/hook"),
                        Map.of("Authorization", "Bearer header-secret", "Accept", "application/json"), "", Set.of()))
                .build(), "alice@desktop");
        TaskEditorViewModel editor = editor();
        editor.edit(stored);
        assertThat(editor.headersProperty().get()).contains("Authorization: ******").contains("Accept: application/json")
                .doesNotContain("header-secret");
        assertThat(editor.urlProperty().get()).isEqualTo("https://svc:******@api.example.com/hook");

        editor.descriptionProperty().set("only the description changed");
        Task saved = save(editor);

        HttpPayload kept = (HttpPayload) session.tasks().get(stored.id()).orElseThrow().payload();
        assertThat(saved.description()).isEqualTo("only the description changed");
        assertThat(kept.headers()).isEqualTo(Map.of("Authorization", "Bearer header-secret", "Accept", "application/json"));
        assertThat(kept.url()).hasToString("https://svc:url-secret@api.example.com/hook");

        TaskEditorViewModel again = editor();
        again.edit(saved);
        again.headersProperty().set("Authorization: Bearer typed-anew\nAccept: application/json");
        save(again);

        assertThat(((HttpPayload) session.tasks().get(stored.id()).orElseThrow().payload()).headers())
                .containsEntry("Authorization", "Bearer typed-anew");
    }

    @Test
    void aDuplicateKeepsTheHiddenCredentialsAndAMaskWithNothingBehindItIsAnErrorAtItsField() {
        Task stored = session.tasks().create(Task.builder().namespace(session.namespace()).name("env-job")
                .cron("0 * * * *").payload(new ShellPayload("deploy", null, Map.of("DEPLOY_TOKEN", "t0k", "MODE", "fast")))
                .build(), "alice@desktop");
        TaskEditorViewModel copy = editor();
        copy.duplicate(stored);
        assertThat(copy.envProperty().get()).contains("DEPLOY_TOKEN=******").contains("MODE=fast");

        Task duplicate = save(copy);
        assertThat(((ShellPayload) duplicate.payload()).env()).isEqualTo(Map.of("DEPLOY_TOKEN", "t0k", "MODE", "fast"));

        TaskEditorViewModel fresh = editor();
        fresh.nameProperty().set("pasted");
        fresh.commandProperty().set("deploy");
        fresh.envProperty().set("DEPLOY_TOKEN=******");
        assertThat(fresh.validProperty().get()).isFalse();
        assertThat(fresh.allErrors()).containsEntry(EditorField.ENV, "Environment: 'DEPLOY_TOKEN' is ******, which stands for a hidden value,"
                + " but none is stored for it: give the value itself");
        fresh.save(saved -> { throw new AssertionError("stored the mask as a credential"); });
        assertThat(session.tasks().findByName(session.namespace(), "pasted")).isEmpty();
    }

    @Test
    void anUnknownCalendarIsRefusedAtItsFieldBeforeTheTaskIsStored() {
        TaskEditorViewModel editor = editor();
        editor.startNew();
        editor.nameProperty().set("unbound");
        editor.commandProperty().set("echo unbound");
        editor.calendar().calendarProperty().set("nowhere");

        AtomicReference<Task> saved = new AtomicReference<>();
        editor.save(saved::set);

        assertThat(saved.get()).isNull();
        assertThat(editor.calendar().errorProperty().get()).isEqualTo("There is no calendar 'nowhere' in this namespace.");
        assertThat(session.tasks().findByName(session.namespace(), "unbound")).isEmpty();
    }

    @Test
    void theNextFiresMarkWhatTheChosenCalendarLeavesOutAndSavingBindsAndUnbinds() {
        // every day is a weekend day: whatever day the test runs, each fire is left out
        session.calendars().change(session.namespace(), new io.redcron.calendar.CalendarChange("closed", null, null,
                java.util.EnumSet.allOf(java.time.DayOfWeek.class)), "test");
        TaskEditorViewModel editor = editor();
        editor.startNew();
        assertThat(editor.calendar().names()).contains("", "closed");
        editor.nameProperty().set("never-on-closed");
        editor.commandProperty().set("echo never");
        editor.cronProperty().set("0 9 * * *");
        assertThat(editor.nextFires()).noneMatch(fire -> fire.contains("left out"));

        editor.calendar().calendarProperty().set("closed");

        assertThat(editor.nextFires()).isNotEmpty()
                .allMatch(fire -> fire.matches(".* — left out: calendar closed: \\w+day is not a business day"));
        Task created = save(editor);
        assertThat(session.calendars().binding(session.namespace(), created.id())).contains(
                new io.redcron.calendar.CalendarBinding(created.id(), "closed", io.redcron.calendar.CalendarMode.BUSINESS_DAYS));

        TaskEditorViewModel again = editor();
        again.edit(created);
        assertThat(again.calendar().calendarProperty().get()).isEqualTo("closed");
        io.redcron.desktop.cron.CronBuilderResult start = again.schedule();
        assertThat(start.calendar()).as("the cron builder starts with the task's calendar").isEqualTo(
                new io.redcron.desktop.cron.CalendarChoice("closed", io.redcron.calendar.CalendarMode.BUSINESS_DAYS));
        // the builder hands back "none": saving unbinds
        again.useSchedule(new io.redcron.desktop.cron.CronBuilderResult(start.expression(), start.dialect(),
                start.zone(), io.redcron.desktop.cron.CalendarChoice.NONE));
        assertThat(again.calendar().calendarProperty().get()).isEmpty();
        save(again);
        assertThat(session.calendars().binding(session.namespace(), created.id())).isEmpty();
        assertThat(session.audit().list(session.namespace(), "task:" + created.id(), io.redcron.port.PageRequest.first(10))
                .items()).extracting(io.redcron.port.AuditEntry::action)
                .contains("task.calendar.bind", "task.calendar.unbind");
    }

    private TaskEditorViewModel editor() {
        return new io.redcron.desktop.session.Screens(session, UiExecutor.direct(), messages).taskEditor();
    }

    private static Task save(TaskEditorViewModel editor) {
        AtomicReference<Task> saved = new AtomicReference<>();
        editor.save(saved::set);
        assertThat(saved.get()).as(editor.errorProperty().get()).isNotNull();
        return saved.get();
    }
}
