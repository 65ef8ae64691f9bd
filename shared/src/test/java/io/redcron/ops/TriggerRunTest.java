package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.AuditEntry;
import io.redcron.port.RunQueue;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TriggerRunTest {
    private final OpsFixture fixture = new OpsFixture();

    @Test
    void recordsAManualRunWithTheGivenParametersAndQueuesIt() {
        Task task = fixture.task("report");

        Recorded recorded = fixture.operations().trigger().trigger("report", Map.of("DAY", "tue"));

        Run run = recorded.run();
        assertThat(recorded.queued()).isTrue();
        assertThat(recorded.notQueuedReason()).isNull();
        assertThat(run.taskId()).isEqualTo(task.id());
        assertThat(run.trigger()).isEqualTo(TriggerType.MANUAL);
        assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(run.params()).isEqualTo(Map.of("DAY", "tue"));
        // The store may move a manual run on by a millisecond so that no two share a scheduled time.
        assertThat(run.scheduledAt()).isBetween(OpsFixture.START, OpsFixture.START.plusMillis(10));
        assertThat(fixture.waiting(run.group())).containsExactly(run.id());
    }

    @Test
    void isAuditedUnderTheOperatorWithParameterNamesOnly() {
        fixture.task("report");

        Run run = fixture.operations().trigger().trigger("report", Map.of("TOKEN", "s3cret")).run();

        List<AuditEntry> audit = fixture.audit("run:" + run.id());
        assertThat(audit).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("run.trigger");
            assertThat(entry.actor()).isEqualTo(OpsFixture.ACTOR);
            assertThat(entry.before()).isNull();
            assertThat(entry.after()).isEqualTo("{\"id\":" + run.id() + ",\"task\":\"report\",\"taskId\":" + run.taskId()
                    + ",\"group\":\"" + run.group() + "\",\"trigger\":\"MANUAL\",\"status\":\"QUEUED\",\"params\":[\"TOKEN\"]}");
        });
    }

    @Test
    void findsTheTaskByIdWhenNoTaskHasThatName() {
        Task task = fixture.task("report");

        assertThat(fixture.operations().trigger().trigger(Long.toString(task.id()), Map.of()).run().taskId())
                .isEqualTo(task.id());
    }

    @Test
    void aTaskOfAnotherNamespaceIsNotFoundByNameOrId() {
        Task elsewhere = fixture.stores.tasks().create(TaskFixtures.shell(TaskFixtures.freshNamespace(), "report").build(),
                OpsFixture.ACTOR);
        TriggerRun trigger = fixture.operations().trigger();

        assertThatThrownBy(() -> trigger.trigger("report", Map.of())).isInstanceOf(OperationException.class)
                .hasMessage("no task named 'report' in namespace '" + fixture.namespace + "'")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.NO_SUCH_TASK);
        assertThatThrownBy(() -> trigger.trigger(Long.toString(elsewhere.id()), Map.of()))
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.NO_SUCH_TASK);
    }

    @Test
    void aParameterNameTheTaskCannotTakeIsBadInputAndNothingIsRecorded() {
        Task task = fixture.task("report");

        assertThatThrownBy(() -> fixture.operations().trigger().trigger("report", Map.of("NOT-A-NAME", "x")))
                .isInstanceOf(OperationException.class).hasMessageContaining("NOT-A-NAME")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.BAD_INPUT);
        assertThat(fixture.waiting(task.group())).isEmpty();
        assertThat(fixture.audit(null)).noneMatch(entry -> entry.action().startsWith("run."));
    }

    @Test
    void theRunIsAuditedBeforeItIsQueued() {
        fixture.task("report");
        AtomicReference<List<AuditEntry>> auditedWhenQueued = new AtomicReference<>();
        RunQueue real = fixture.queue;
        fixture.queue = OpsFixture.failing(RunQueue.class, real, "enqueue", () -> auditedWhenQueued.set(fixture.audit(null)));

        fixture.operations().trigger().trigger("report", Map.of());

        assertThat(auditedWhenQueued.get()).anyMatch(entry -> entry.action().equals("run.trigger"));
    }

    @Test
    void aQueueThatFailsLeavesTheRunRecordedNotQueued() {
        Task task = fixture.task("report");
        fixture.queue = OpsFixture.failing(RunQueue.class, fixture.queue, "enqueue", () -> { });

        Recorded recorded = fixture.operations().trigger().trigger("report", Map.of());

        assertThat(recorded.queued()).isFalse();
        assertThat(recorded.notQueuedReason()).isEqualTo("enqueue failed: store unreachable");
        assertThat(fixture.stores.runs().get(recorded.run().id())).get().extracting(Run::status).isEqualTo(RunStatus.QUEUED);
        assertThat(fixture.waiting(task.group())).isEmpty();
        assertThat(fixture.audit("run:" + recorded.run().id())).hasSize(1);
    }
}
