package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.ops.RequeueDeadRun.Requeue;
import io.redcron.ops.RequeueDeadRun.Verdict;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RequeueDeadRunTest {
    private final OpsFixture fixture = new OpsFixture();

    @Test
    void aDeadRunsTaskRunsAgainWithItsParametersAndTheEntryLeavesTheList() {
        Task task = fixture.task("report");
        DeadRun dead = fixture.dead(fixture.manualRun(task, Map.of("DAY", "tue")));

        Requeue requeue = fixture.operations().requeue().requeue(dead);

        assertThat(requeue.verdict()).isEqualTo(Verdict.REQUEUED);
        assertThat(requeue.requeued()).isTrue();
        assertThat(requeue.newRun().params()).isEqualTo(Map.of("DAY", "tue"));
        assertThat(requeue.newRun().id()).isNotEqualTo(dead.runId());
        assertThat(fixture.waiting(task.group())).containsExactly(requeue.newRun().id());
        assertThat(fixture.stores.deadLetters().count()).isZero();
        assertThat(fixture.audit("run:" + dead.runId())).filteredOn(e -> e.action().equals("dead.requeue"))
                .singleElement().satisfies(entry -> {
                    assertThat(entry.before()).isEqualTo("{\"deadRun\":" + dead.runId()
                            + ",\"group\":\"" + dead.group() + "\",\"reason\":\"exit 1\"}");
                    assertThat(entry.after()).isEqualTo(AuditTrail.run(requeue.newRun()));
                });
    }

    @Test
    void ofTwoOperatorsRequeueingTheSameEntryOnlyTheFirstRecordsARun() {
        DeadRun dead = fixture.dead(fixture.manualRun(fixture.task("report"), Map.of()));
        RequeueDeadRun requeue = fixture.operations().requeue();

        Requeue first = requeue.requeue(dead);
        Requeue second = requeue.requeue(dead);

        assertThat(first.verdict()).isEqualTo(Verdict.REQUEUED);
        assertThat(second.verdict()).isEqualTo(Verdict.ALREADY_HANDLED);
        assertThat(second.newRun()).isNull();
        assertThat(fixture.audit("run:" + dead.runId())).filteredOn(e -> e.action().equals("dead.requeue")).hasSize(1);
    }

    @Test
    void aRunRunningAgainIsNotRequeuedAndItsEntryStays() {
        Run run = fixture.manualRun(fixture.task("report"), Map.of());
        fixture.running(run);
        fixture.stores.queue().dead(io.redcron.port.QueuedRun.of(run.group(), run.id()), "lost", fixture.clock.instant());
        DeadRun dead = fixture.stores.deadLetters().recent(1).get(0);

        Requeue requeue = fixture.operations().requeue().requeue(dead);

        assertThat(requeue.verdict()).isEqualTo(Verdict.NOT_FINISHED);
        assertThat(requeue.detail()).isEqualTo("RUNNING");
        assertThat(requeue.requeued()).isFalse();
        assertThat(fixture.stores.deadLetters().count()).isEqualTo(1);
    }

    @Test
    void aRunTheHistoryNoLongerHoldsIsNotRequeued() {
        DeadRun unknown = new DeadRun("1-1", 4711, "default", "gone", Instant.EPOCH);

        assertThat(fixture.operations().requeue().requeue(unknown).verdict()).isEqualTo(Verdict.NO_SUCH_RUN);
    }

    @Test
    void aRunWhoseTaskWasDeletedIsNotRequeuedAndItsEntryStays() {
        Task task = fixture.task("report");
        DeadRun dead = fixture.dead(fixture.manualRun(task, Map.of()));
        fixture.stores.tasks().delete(task.id(), OpsFixture.ACTOR);

        assertThat(fixture.operations().requeue().requeue(dead).verdict()).isEqualTo(Verdict.NO_SUCH_TASK);
        assertThat(fixture.stores.deadLetters().count()).isEqualTo(1);
    }

    @Test
    void whenTheNewRunCannotBeRecordedTheEntryIsPutBackAndNothingAudited() {
        DeadRun dead = fixture.dead(fixture.manualRun(fixture.task("report"), Map.of()));
        fixture.runs = OpsFixture.failing(RunStore.class, fixture.runs, "insertManual", () -> { });

        assertThatThrownBy(() -> fixture.operations().requeue().requeue(dead))
                .hasMessage("insertManual failed: store unreachable");

        assertThat(fixture.stores.deadLetters().recent(10)).singleElement()
                .satisfies(back -> assertThat(back.runId()).isEqualTo(dead.runId()));
        assertThat(fixture.audit("run:" + dead.runId())).noneMatch(e -> e.action().equals("dead.requeue"));
    }

    @Test
    void aQueueThatFailsLeavesTheNewRunRecordedNotQueuedAndAudited() {
        Task task = fixture.task("report");
        DeadRun dead = fixture.dead(fixture.manualRun(task, Map.of()));
        fixture.queue = OpsFixture.failing(RunQueue.class, fixture.queue, "enqueue", () -> { });

        Requeue requeue = fixture.operations().requeue().requeue(dead);

        assertThat(requeue.verdict()).isEqualTo(Verdict.RECORDED_NOT_QUEUED);
        assertThat(requeue.requeued()).isTrue();
        assertThat(requeue.detail()).isEqualTo("enqueue failed: store unreachable");
        assertThat(fixture.stores.runs().get(requeue.newRun().id())).get().extracting(Run::status)
                .isEqualTo(RunStatus.QUEUED);
        assertThat(fixture.audit("run:" + dead.runId())).anyMatch(e -> e.action().equals("dead.requeue"));
        assertThat(fixture.stores.deadLetters().count()).isZero();
    }
}
