package io.redcron.ops;

import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.AuditEntry;
import io.redcron.port.QueueInspector.DeadRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Purging dead runs, and finding the entries an operator names. */
class PurgeDeadRunsTest {
    private final OpsFixture fixture = new OpsFixture();

    @Test
    void purgeRemovesTheGivenEntriesKeepsTheOthersAndTheHistory() {
        Task task = fixture.task("report");
        DeadRun first = fixture.dead(fixture.manualRun(task, Map.of()));
        DeadRun second = fixture.dead(fixture.manualRun(task, Map.of()));
        DeadRun third = fixture.dead(fixture.manualRun(task, Map.of()));

        long removed = fixture.operations().purge().purge(List.of(first, third));

        assertThat(removed).isEqualTo(2);
        assertThat(fixture.stores.deadLetters().recent(10)).containsExactly(second);
        assertThat(fixture.stores.runs().get(first.runId())).get().extracting(r -> r.status()).isEqualTo(RunStatus.FAILED);
        assertThat(fixture.audit("queue:dead")).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("dead.purge");
            assertThat(entry.before()).isEqualTo("{\"runs\":[" + first.runId() + "," + third.runId() + "]}");
            assertThat(entry.after()).isNull();
        });
    }

    @Test
    void purgingNothingChangesAndAuditsNothing() {
        assertThat(fixture.operations().purge().purge(List.of())).isZero();
        assertThat(fixture.audit("queue:dead")).isEmpty();
    }

    @Test
    void purgeAllEmptiesTheListAndAuditsHowManyWent() {
        Task task = fixture.task("report");
        fixture.dead(fixture.manualRun(task, Map.of()));
        fixture.dead(fixture.manualRun(task, Map.of()));

        assertThat(fixture.operations().purge().purgeAll()).isEqualTo(2);

        assertThat(fixture.stores.deadLetters().count()).isZero();
        assertThat(fixture.audit("queue:dead")).extracting(AuditEntry::action, AuditEntry::before)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dead.purge-all", "{\"entries\":2}"));
    }

    @Test
    void anEntryIsFoundByItsIdOrByItsRun() {
        Task task = fixture.task("report");
        DeadRun first = fixture.dead(fixture.manualRun(task, Map.of()));
        DeadRun second = fixture.dead(fixture.manualRun(task, Map.of()));
        DeadRunSearch search = fixture.operations().deadRuns();

        assertThat(search.find(first.entryId())).isEqualTo(first);
        assertThat(search.find(Long.toString(second.runId()))).isEqualTo(second);
        assertThat(search.recent(1)).containsExactly(second);
        assertThat(search.count()).isEqualTo(2);
    }

    @Test
    void whatNamesNoEntryIsNotFoundOrBadInput() {
        DeadRunSearch search = fixture.operations().deadRuns();

        assertThatThrownBy(() -> search.find("123-0")).hasMessage("no dead-run entry 123-0")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.NO_SUCH_DEAD_RUN);
        assertThatThrownBy(() -> search.find("4711")).hasMessage("run 4711 is not among the dead runs")
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.NO_SUCH_DEAD_RUN);
        assertThatThrownBy(() -> search.find("latest"))
                .extracting(e -> ((OperationException) e).kind()).isEqualTo(Kind.BAD_INPUT);
    }
}
