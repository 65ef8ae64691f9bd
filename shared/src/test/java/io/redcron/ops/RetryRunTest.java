package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.AuditEntry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetryRunTest {
    private final OpsFixture fixture = new OpsFixture();

    @Test
    void anEndedRunIsRunAgainAsANewManualRunWithItsParameters() {
        Task task = fixture.task("report");
        Run failed = fixture.ended(fixture.manualRun(task, Map.of("DAY", "tue")), RunStatus.FAILED);
        fixture.clock.advance(Duration.ofMinutes(3));

        Recorded again = fixture.operations().retry().retry(failed.id());

        assertThat(again.queued()).isTrue();
        assertThat(again.run().id()).isNotEqualTo(failed.id());
        assertThat(again.run().trigger()).isEqualTo(TriggerType.MANUAL);
        assertThat(again.run().params()).isEqualTo(Map.of("DAY", "tue"));
        Instant now = OpsFixture.START.plus(Duration.ofMinutes(3));
        assertThat(again.run().scheduledAt()).isBetween(now, now.plusMillis(10));
        assertThat(fixture.stores.runs().get(failed.id())).get().extracting(Run::status).isEqualTo(RunStatus.FAILED);
        assertThat(fixture.waiting(task.group())).containsExactly(again.run().id());
    }

    @Test
    void anEndedShardIsRunAgainAloneNotTheWholeFire() {
        Task task = fixture.stores.tasks().create(io.redcron.store.mysql.TaskFixtures.shell(fixture.namespace, "split")
                .sharding(io.redcron.domain.Sharding.fixed(4)).build(), OpsFixture.ACTOR);
        Run parent = fixture.manualRun(task, Map.of());
        long epoch = fixture.stores.epochs().advance(fixture.namespace, "leader");
        Run shard = fixture.stores.sharded().split(fixture.namespace, epoch, parent.id(), 4,
                fixture.clock.instant().plusSeconds(1)).shards().get(2);
        Run failed = fixture.ended(shard, RunStatus.FAILED);

        Recorded again = fixture.operations().retry().retry(failed.id());

        assertThat(again.queued()).isTrue();
        assertThat(again.run().status()).as("no parent of four new shards").isEqualTo(RunStatus.QUEUED);
        assertThat(again.run().shardIndex()).isEqualTo(2);
        assertThat(again.run().shardTotal()).isEqualTo(4);
        assertThat(fixture.waiting(task.group())).containsExactly(again.run().id());
        assertThat(fixture.audit("run:" + again.run().id())).extracting(AuditEntry::action).containsExactly("run.retry");
    }

    @Test
    void isAuditedWithTheEndedRunBeforeAndTheNewOneAfter() {
        Task task = fixture.task("report");
        Run failed = fixture.ended(fixture.manualRun(task, Map.of("DAY", "tue")), RunStatus.FAILED);

        Run again = fixture.operations().retry().retry(failed.id()).run();

        assertThat(fixture.audit("run:" + again.id())).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("run.retry");
            assertThat(entry.before()).isEqualTo(AuditTrail.run(failed)).contains("FAILED").doesNotContain("tue");
            assertThat(entry.after()).isEqualTo(AuditTrail.run(again));
        });
    }

    @Test
    void aRunThatHasNotEndedIsNotRunAgain() {
        Run running = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));

        assertThatThrownBy(() -> fixture.operations().retry().retry(running.id()))
                .hasMessage("run " + running.id() + " has not ended (RUNNING); only an ended run can be run again")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.RUN_NOT_ENDED);
        assertThat(fixture.audit(null)).extracting(AuditEntry::action).doesNotContain("run.retry");
    }

    @Test
    void aRunWhoseTaskWasDeletedCannotBeRunAgain() {
        Task task = fixture.task("report");
        Run ended = fixture.ended(fixture.manualRun(task, Map.of()), RunStatus.SUCCEEDED);
        fixture.stores.tasks().delete(task.id(), OpsFixture.ACTOR);

        assertThatThrownBy(() -> fixture.operations().retry().retry(ended.id()))
                .hasMessage("the task of run " + ended.id() + " ('report') was deleted")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.TASK_GONE);
    }

    @Test
    void anUnknownRunIsNotFound() {
        assertThatThrownBy(() -> fixture.operations().retry().retry(4711))
                .hasMessage("no run 4711 in namespace '" + fixture.namespace + "'")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.NO_SUCH_RUN);
    }
}
