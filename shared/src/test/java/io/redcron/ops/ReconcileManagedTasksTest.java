package io.redcron.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.EditPolicy;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.format.ManagedDrift;
import io.redcron.ops.ReconcileManagedTasks.Declaration;
import io.redcron.ops.ReconcileManagedTasks.Outcome;
import io.redcron.ops.ReconcileManagedTasks.Removed;
import io.redcron.port.ManagedTaskStore;
import io.redcron.port.TaskStore;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

class ReconcileManagedTasksTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final OpsFixture fixture = new OpsFixture();
    private final TaskStore tasks = fixture.stores.tasks();
    private final ManagedTaskStore managed = fixture.stores.managed();
    private final TaskStore guarded = new ManagedTaskGuard(tasks, managed);

    private Outcome reconcile(String application, String version, EditPolicy edits, Removed removed, String... documents) {
        List<JsonNode> declared = new ArrayList<>();
        for (String document : documents) {
            declared.add(read(document));
        }
        return new ReconcileManagedTasks(tasks, managed, fixture.stores.audit(), fixture.namespace, "api:orders-app",
                fixture.clock).reconcile(new Declaration(application, version, edits, removed, declared), task -> { });
    }

    private static JsonNode read(String document) {
        try {
            return JSON.readTree(document);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String shell(String name, String cron) {
        return "{\"name\":\"" + name + "\",\"cron\":\"" + cron + "\",\"type\":\"shell\",\"shell\":{\"command\":\"echo " + name + "\"}}";
    }

    private Task task(String name) {
        return tasks.findByName(fixture.namespace, name).orElseThrow();
    }

    @Test
    void createsWhatIsMissingAndMarksItManagedByTheApplicationAndItsVersion() {
        Outcome outcome = reconcile("orders", "1.0.0", EditPolicy.REFUSE, Removed.DISABLE,
                shell("expire-carts", "*/5 * * * *"), shell("nightly-report", "0 3 * * *"));

        assertThat(outcome.created()).containsExactly("expire-carts", "nightly-report");
        ManagedTask row = managed.find(task("expire-carts").id()).orElseThrow();
        assertThat(row.application()).isEqualTo("orders");
        assertThat(row.version()).isEqualTo("1.0.0");
        assertThat(row.edits()).isEqualTo(EditPolicy.REFUSE);
        assertThat(ManagedDrift.of(row, task("expire-carts"))).isEmpty();
        assertThat(fixture.stores.audit().list(fixture.namespace, "application:orders",
                io.redcron.port.PageRequest.first(10)).items()).hasSize(1);
    }

    @Test
    void aSecondStartChangesBackWhatDriftedLeavesTheRestAndLetsGoOfWhatIsNoLongerDeclared() {
        reconcile("orders", "1.0.0", EditPolicy.WARN, Removed.DISABLE,
                shell("a", "*/5 * * * *"), shell("b", "0 3 * * *"), shell("c", "0 4 * * *"));
        Task drifted = guarded.update(task("b").toBuilder().cron("0 5 * * *").build(), "cli:ann");
        assertThat(ManagedDrift.of(managed.find(drifted.id()).orElseThrow(), drifted))
                .extracting(ManagedDrift.Difference::field).containsExactly("cron");
        guarded.setEnabled(task("a").id(), false, "cli:ann");

        Outcome outcome = reconcile("orders", "1.1.0", EditPolicy.WARN, Removed.DISABLE,
                shell("a", "*/5 * * * *"), shell("b", "0 3 * * *"));

        assertThat(outcome.unchanged()).containsExactly("a");
        assertThat(outcome.updated()).containsExactly("b");
        assertThat(outcome.removed()).containsExactly("c");
        assertThat(task("b").cron()).isEqualTo("0 3 * * *");
        assertThat(task("a").enabled()).as("an operator's pause outlives a start").isFalse();
        assertThat(task("c").enabled()).isFalse();
        assertThat(managed.find(task("c").id())).isEmpty();
        assertThat(managed.find(task("a").id()).orElseThrow().version()).isEqualTo("1.1.0");
    }

    @Test
    void removedTasksAreDeletedOrKeptWhenTheApplicationSaysSo() {
        reconcile("orders", "1", EditPolicy.WARN, Removed.DELETE, shell("a", "0 1 * * *"), shell("b", "0 2 * * *"));
        assertThat(reconcile("orders", "2", EditPolicy.WARN, Removed.DELETE, shell("a", "0 1 * * *")).removed())
                .containsExactly("b");
        assertThat(tasks.findByName(fixture.namespace, "b")).isEmpty();

        assertThat(reconcile("orders", "3", EditPolicy.WARN, Removed.KEEP).removed()).containsExactly("a");
        assertThat(task("a").enabled()).isTrue();
        assertThat(managed.find(task("a").id())).isEmpty();
    }

    @Test
    void refusedEditsAreRefusedNamingTheApplicationButPausingIsNot() {
        reconcile("orders", "2.3", EditPolicy.REFUSE, Removed.DISABLE, shell("a", "0 1 * * *"));
        Task a = task("a");

        assertThatThrownBy(() -> guarded.update(a.toBuilder().cron("0 2 * * *").build(), "cli:ann"))
                .isInstanceOf(OperationException.class).hasMessageContaining("managed by application orders 2.3");
        assertThatThrownBy(() -> guarded.delete(a.id(), "cli:ann")).isInstanceOf(OperationException.class);
        assertThat(guarded.setEnabled(a.id(), false, "cli:ann").enabled()).isFalse();
        assertThat(task("a").cron()).isEqualTo("0 1 * * *");
    }

    @Test
    void aBadDeclarationNamesItsPlaceAndChangesNothing() {
        assertThatThrownBy(() -> reconcile("orders", "1", EditPolicy.WARN, Removed.DISABLE,
                shell("a", "0 1 * * *"), shell("b", "61 * * * *")))
                .isInstanceOf(InvalidTaskException.class).hasMessageStartingWith("tasks[1].cron");
        assertThatThrownBy(() -> reconcile("orders", "1", EditPolicy.WARN, Removed.DISABLE,
                shell("a", "0 1 * * *"), shell("a", "0 2 * * *")))
                .isInstanceOf(InvalidTaskException.class).hasMessage("tasks[1].name: task 'a' is declared twice");
        assertThatThrownBy(() -> reconcile("orders", "1", EditPolicy.WARN, Removed.DISABLE,
                "{\"name\":\"a\",\"cron\":\"0 1 * * *\",\"type\":\"shell\",\"shell\":{\"command\":\"x\"},\"colour\":1}"))
                .hasMessageStartingWith("tasks[0].colour");
        assertThatThrownBy(() -> reconcile("bad app!", "1", EditPolicy.WARN, Removed.DISABLE))
                .hasMessageStartingWith("application:");
        assertThat(tasks.findByName(fixture.namespace, "a")).isEmpty();
    }

    @Test
    void aTaskAnotherApplicationManagesIsRefusedAndAnUnmanagedOneIsAdopted() {
        fixture.task("legacy");
        reconcile("billing", "1", EditPolicy.WARN, Removed.DISABLE, shell("invoices", "0 1 * * *"));

        assertThatThrownBy(() -> reconcile("orders", "1", EditPolicy.WARN, Removed.DISABLE,
                shell("invoices", "0 2 * * *")))
                .isInstanceOf(OperationException.class)
                .hasMessageStartingWith("tasks[0].name: task 'invoices' is managed by application billing 1");
        assertThat(reconcile("orders", "1", EditPolicy.WARN, Removed.DISABLE, shell("legacy", "0 2 * * *")).updated())
                .containsExactly("legacy");
        assertThat(managed.find(task("legacy").id()).orElseThrow().application()).isEqualTo("orders");
    }

    @Test
    void replicasStartingTogetherAgreeOnOneSetOfTasks() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Outcome>> starts = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                starts.add(() -> reconcile("orders", "1", EditPolicy.WARN, Removed.DISABLE,
                        shell("a", "0 1 * * *"), shell("b", "0 2 * * *")));
            }
            int created = 0;
            for (Future<Outcome> start : pool.invokeAll(starts)) {
                Outcome outcome = start.get();
                created += outcome.created().size();
                assertThat(outcome.created().size() + outcome.unchanged().size() + outcome.updated().size()).isEqualTo(2);
            }
            assertThat(created).isEqualTo(2);
            assertThat(managed.ofApplication(fixture.namespace, "orders")).hasSize(2);
        } finally {
            pool.shutdownNow();
        }
    }
}
