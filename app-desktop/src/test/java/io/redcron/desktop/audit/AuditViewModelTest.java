package io.redcron.desktop.audit;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The audit screen names what each entry is about and lists what a change changed, field by field. */
class AuditViewModelTest {
    private static final String NAMESPACE = "desk";

    private final InMemoryStores stores = new InMemoryStores(new ManualClock(Instant.parse("2026-11-30T08:00:00Z")));
    private final Messages english = new Messages(Locale.ENGLISH);
    private final AuditViewModel model = new AuditViewModel(stores.audit(), NAMESPACE, UiExecutor.direct(), english);

    @Test
    void anEditIsListedFieldByFieldAndItsSubjectByName() {
        Task task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("nightly").cron("0 3 * * *")
                .payload(new ShellPayload("pg_dump app", null, Map.of("PGPASSWORD", "hunter2"))).build(), "alice");
        stores.tasks().update(task.toBuilder().cron("30 3 * * *").owner("ops")
                .payload(new ShellPayload("pg_dump app", null, Map.of("PGPASSWORD", "s3cret"))).build(), "alice");
        model.load();
        AuditEntry edit = model.entries().get(0);

        model.selectedProperty().set(edit);

        assertThat(model.subjectText(edit)).isEqualTo("task nightly (#" + task.id() + ")");
        assertThat(model.changes()).extracting(FieldChange::field).contains("cron", "owner")
                .doesNotContain("name", "dialect");
        assertThat(model.changes()).filteredOn(change -> change.field().equals("cron")).singleElement()
                .isEqualTo(new FieldChange("cron", "0 3 * * *", "30 3 * * *"));
        assertThat(model.changes()).as("no secret shows in a diff").noneMatch(change ->
                change.before().contains("hunter2") || change.after().contains("s3cret"));
    }

    @Test
    void aDeletedTaskIsStillNamedAndEveryFieldItHadIsListedAsRemoved() {
        Task task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("old-report").cron("0 9 * * 1")
                .payload(new ShellPayload("report.sh", null, Map.of())).build(), "alice");
        stores.tasks().delete(task.id(), "bob");
        AuditEntry deletion = stores.audit().list(NAMESPACE, null, PageRequest.first(5)).items().get(0);

        List<FieldChange> changes = AuditDiff.of(deletion.before(), deletion.after());

        assertThat(AuditSubjects.describe(deletion, english)).isEqualTo("task old-report (#" + task.id() + ")");
        assertThat(changes).isNotEmpty().allSatisfy(change -> assertThat(change.after()).isEmpty());
        assertThat(changes).contains(new FieldChange("name", "old-report", ""));
    }

    @Test
    void runsAndQueuesAreNamedAndAStateThatIsNotJsonIsOneField() {
        AuditEntry run = new AuditEntry(1, Instant.EPOCH, "alice", null, "run.trigger", "run:981", NAMESPACE, null,
                "{\"id\":981,\"task\":\"nightly\",\"status\":\"QUEUED\"}");
        AuditEntry purge = new AuditEntry(2, Instant.EPOCH, "alice", null, "dead.purge-all", "queue:dead", NAMESPACE,
                "{\"entries\":3}", null);

        assertThat(AuditSubjects.describe(run, english)).isEqualTo("run 981 of nightly");
        assertThat(AuditSubjects.describe(run, new Messages(Locale.SIMPLIFIED_CHINESE))).isEqualTo("nightly 的运行 981");
        assertThat(AuditSubjects.describe(purge, english)).isEqualTo("queue dead");
        assertThat(AuditDiff.of("plain text", null)).containsExactly(new FieldChange("state", "plain text", ""));
        assertThat(AuditDiff.of("{\"a\":{\"b\":1,\"c\":[1,2]}}", "{\"a\":{\"b\":2,\"c\":[1,2]}}"))
                .containsExactly(new FieldChange("a.b", "1", "2"));
    }
}
