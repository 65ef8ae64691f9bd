package io.redcron.desktop.retention;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.retention.RetentionViewModel.DifferingTask;
import io.redcron.desktop.retention.RetentionViewModel.FieldEntry;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.PageRequest;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The retention dialog's view-model against the real stores, the UI executor running everything at once. */
class RetentionViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private Session session;
    private RetentionViewModel model;
    private Task backup;
    private Task report;

    @BeforeEach
    void open() {
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("test", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        model = new Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).retention();
        backup = task("backup");
        report = task("report");
    }

    @AfterEach
    void close() {
        session.close();
    }

    private Task task(String name) {
        return session.tasks().create(Task.builder().namespace(session.namespace()).name(name).cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    @Test
    void theNamespaceShowsEachValueWhetherItIsTheDefaultTheTasksThatDifferAndThePins() {
        session.retention().changeNamespace(session.namespace(), new RetentionPolicy(14, 0, null, null, null), "ops");
        session.retention().changeTask(session.namespace(), backup.id(), new RetentionPolicy(null, 365, 50, null, null),
                "ops");
        long run = session.runs().insertManual(report.id(), Instant.now(), 1, Map.of()).id();
        session.retention().pin(run, "incident 4711", "ops");

        model.forNamespace();

        assertThat(model.headingProperty().get()).isEqualTo("Retention of namespace '" + session.namespace() + "'");
        assertThat(model.fields()).extracting(entry -> entry.field() + "=" + entry.currentProperty().get())
                .containsExactly("SUCCEEDED=14 days", "FAILED=forever", "KEEP_LAST=10 runs (default)",
                        "OUTPUT=30 days (default)", "AUDIT=400 days (default)");
        assertThat(entry(RetentionField.SUCCEEDED).textProperty().get()).isEqualTo("14");
        assertThat(entry(RetentionField.FAILED).foreverProperty().get()).isTrue();
        assertThat(model.differing()).containsExactly(
                new DifferingTask("backup", "14 days", "365 days", "50 runs", "30 days"));
        assertThat(model.pinnedProperty().get()).isEqualTo("1 pinned run stays whatever its age.");
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void savingTheNamespaceSendsOnlyTheFieldsChangedAndADefaultLeftAloneStaysTheDefault() {
        model.forNamespace();
        entry(RetentionField.SUCCEEDED).textProperty().set("7");
        entry(RetentionField.AUDIT).foreverProperty().set(true);

        assertThat(model.save()).isTrue();

        assertThat(session.retention().settings(session.namespace()).namespace())
                .isEqualTo(new RetentionPolicy(7, null, null, null, 0));
        assertThat(model.statusProperty().get()).isEqualTo("Retention of namespace '" + session.namespace() + "' changed.");
        assertThat(entry(RetentionField.SUCCEEDED).currentProperty().get()).isEqualTo("7 days");
        assertThat(entry(RetentionField.FAILED).currentProperty().get()).isEqualTo("90 days (default)");
        assertThat(session.audit().list(session.namespace(), "namespace:" + session.namespace(), PageRequest.first(10))
                .items()).extracting(audit -> audit.action()).containsExactly("retention.change");
    }

    @Test
    void aWrongValueIsShownAtItsFieldAndNothingIsSaved() {
        model.forNamespace();
        entry(RetentionField.SUCCEEDED).textProperty().set("14");
        entry(RetentionField.AUDIT).textProperty().set("7");
        entry(RetentionField.KEEP_LAST).textProperty().set("many");

        assertThat(model.save()).isFalse();

        assertThat(entry(RetentionField.AUDIT).errorProperty().get())
                .isEqualTo("Audit entries: from 30 to 36,500 days, or forever.");
        assertThat(entry(RetentionField.KEEP_LAST).errorProperty().get())
                .isEqualTo("Keep last: 'many' is not a whole number.");
        assertThat(entry(RetentionField.SUCCEEDED).errorProperty().get()).isEmpty();
        assertThat(model.errorProperty().get()).isEqualTo("Keep last: 'many' is not a whole number.");
        assertThat(session.retention().settings(session.namespace()).namespace()).isEqualTo(RetentionPolicy.INHERIT);

        entry(RetentionField.AUDIT).textProperty().set("30");
        entry(RetentionField.KEEP_LAST).textProperty().set("10");
        assertThat(model.save()).isTrue();
        assertThat(entry(RetentionField.AUDIT).errorProperty().get()).isEmpty();
        assertThat(session.retention().settings(session.namespace()).namespace())
                .isEqualTo(new RetentionPolicy(14, null, null, null, 30));
    }

    @Test
    void aTaskSetsItsOwnFieldsFollowsTheNamespaceInTheOthersAndCanFollowItAgain() {
        session.retention().changeNamespace(session.namespace(), new RetentionPolicy(14, null, null, null, null), "ops");
        model.forTask(backup.id(), "backup");

        assertThat(model.fields()).extracting(FieldEntry::field).doesNotContain(RetentionField.AUDIT);
        assertThat(entry(RetentionField.SUCCEEDED).followProperty().get()).isTrue();
        assertThat(entry(RetentionField.SUCCEEDED).currentProperty().get()).isEqualTo("as the namespace (14 days)");
        entry(RetentionField.FAILED).followProperty().set(false);
        entry(RetentionField.FAILED).textProperty().set("365");
        assertThat(model.save()).isTrue();

        assertThat(session.retention().settings(session.namespace()).tasks())
                .containsExactly(Map.entry(backup.id(), new RetentionPolicy(null, 365, null, null, null)));
        assertThat(entry(RetentionField.FAILED).currentProperty().get()).isEqualTo("365 days");
        assertThat(model.statusProperty().get()).isEqualTo("Retention of task 'backup' changed.");

        entry(RetentionField.OUTPUT).followProperty().set(false);
        entry(RetentionField.OUTPUT).textProperty().set("2");
        entry(RetentionField.FAILED).followProperty().set(true);
        assertThat(model.save()).isTrue();
        assertThat(session.retention().settings(session.namespace()).tasks())
                .as("a field back to the namespace's, another set").containsExactly(
                        Map.entry(backup.id(), new RetentionPolicy(null, null, null, 2, null)));

        model.follow();
        assertThat(session.retention().settings(session.namespace()).tasks()).isEmpty();
        assertThat(model.statusProperty().get()).isEqualTo("Task 'backup' follows its namespace's retention again.");
        assertThat(entry(RetentionField.OUTPUT).followProperty().get()).isTrue();
        model.follow();
        assertThat(model.statusProperty().get()).isEqualTo("Task 'backup' already follows its namespace's retention.");
    }

    @Test
    void theNamespaceInChineseSaysTheSame() {
        RetentionViewModel chinese = new Screens(session, UiExecutor.direct(), new Messages(Locale.SIMPLIFIED_CHINESE))
                .retention();
        chinese.forNamespace();
        chinese.fields().get(0).textProperty().set("-5");

        assertThat(chinese.fields().get(1).currentProperty().get()).isEqualTo("90 \u5929\uff08\u9ed8\u8ba4\uff09");
        assertThat(chinese.save()).isFalse();
        assertThat(chinese.fields().get(0).errorProperty().get())
                .isEqualTo("\u672a\u5931\u8d25\u7684\u8fd0\u884c\uff1a\u987b\u4e3a 1 \u5230 36,500 \u5929\uff0c\u6216\u6c38\u4e45\u3002");
    }

    private FieldEntry entry(RetentionField field) {
        return model.fields().stream().filter(entry -> entry.field() == field).findFirst().orElseThrow();
    }
}
