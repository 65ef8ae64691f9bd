package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.ops.CancelRun.Cancellation;
import io.redcron.ops.CancelRun.Cancellation.Outcome;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.EventBus.Event;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CancelRunTest {
    private final OpsFixture fixture = new OpsFixture();

    @Test
    void aWaitingRunIsCancelledAtOnce() {
        Run queued = fixture.manualRun(fixture.task("report"), Map.of());

        Cancellation cancellation = fixture.operations().cancel().cancel(queued.id());

        assertThat(cancellation.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(cancellation.run().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(fixture.stores.events().published()).isEmpty();
        assertThat(fixture.audit("run:" + queued.id())).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("run.cancel");
            assertThat(entry.before()).contains("\"status\":\"QUEUED\"");
            assertThat(entry.after()).contains("\"status\":\"CANCELLED\"");
        });
    }

    @Test
    void aRunningRunIsMarkedAndItsNodeToldToStopIt() {
        Run running = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));

        Cancellation cancellation = fixture.operations().cancel().cancel(running.id());

        assertThat(cancellation.outcome()).isEqualTo(Outcome.STOPPING);
        assertThat(cancellation.run().node()).isEqualTo("node-a");
        assertThat(fixture.stores.events().published()).containsExactly(new Event(Event.Kind.CANCEL_RUN, running.id()));
        assertThat(fixture.audit("run:" + running.id())).extracting(e -> e.action()).containsExactly("run.cancel");
    }

    @Test
    void anEndedRunIsLeftAsItIsAndNotAudited() {
        Run ended = fixture.ended(fixture.manualRun(fixture.task("report"), Map.of()), RunStatus.SUCCEEDED);

        Cancellation cancellation = fixture.operations().cancel().cancel(ended.id());

        assertThat(cancellation.outcome()).isEqualTo(Outcome.ALREADY_ENDED);
        assertThat(cancellation.run().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(fixture.audit("run:" + ended.id())).isEmpty();
        assertThat(fixture.stores.events().published()).isEmpty();
    }

    @Test
    void aRunOfAnotherNamespaceIsNotFoundAndLeftAlone() {
        String elsewhere = TaskFixtures.freshNamespace();
        var task = fixture.stores.tasks().create(TaskFixtures.shell(elsewhere, "report").build(), OpsFixture.ACTOR);
        Run theirs = fixture.manualRun(task, Map.of());

        assertThatThrownBy(() -> fixture.operations().cancel().cancel(theirs.id()))
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.NO_SUCH_RUN);
        assertThat(fixture.stores.runs().get(theirs.id())).get().extracting(Run::status).isEqualTo(RunStatus.QUEUED);
    }
}
