package io.redcron.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.EditPolicy;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.port.ManagedTaskStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

/** What every {@link ManagedTaskStore} must do; one subclass per backend. */
public abstract class ManagedTaskStoreContract {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00.123Z");

    protected TaskStore tasks;
    protected ManagedTaskStore managed;
    protected String ns;

    protected abstract void openStores();

    @BeforeEach
    void setUpContract() {
        openStores();
        ns = TaskFixtures.freshNamespace();
    }

    private Task task(String name) {
        return tasks.create(TaskFixtures.shell(ns, name).build(), "test");
    }

    private ManagedTask row(Task task, String application, String version, EditPolicy edits) {
        return new ManagedTask(task.id(), ns, application, version, edits, "{\"cron\":\"" + task.cron() + "\"}", NOW);
    }

    @Test
    void aSavedRowIsFoundByItsTaskAndItsApplicationAndASecondSaveReplacesIt() {
        Task a = task("a");
        Task b = task("b");
        Task other = task("other");
        managed.save(row(a, "orders", "1.0", EditPolicy.WARN));
        managed.save(row(b, "orders", "1.0", EditPolicy.WARN));
        managed.save(row(other, "billing", "7", EditPolicy.REFUSE));
        managed.save(row(a, "orders", "1.1", EditPolicy.REFUSE));

        assertThat(managed.find(a.id())).contains(row(a, "orders", "1.1", EditPolicy.REFUSE));
        assertThat(managed.ofApplication(ns, "orders")).extracting(ManagedTask::taskId).containsExactly(a.id(), b.id());
        assertThat(managed.ofApplication(ns, "billing")).extracting(ManagedTask::version).containsExactly("7");
        assertThat(managed.findAll(List.of(a.id(), other.id(), -1L))).containsOnlyKeys(a.id(), other.id());
        assertThat(managed.findAll(List.of())).isEmpty();
    }

    @Test
    void aReleasedTaskAndADeletedOneAreNoLongerManaged() {
        Task a = task("a");
        Task b = task("b");
        managed.save(row(a, "orders", "1", EditPolicy.WARN));
        managed.save(row(b, "orders", "1", EditPolicy.WARN));

        managed.release(a.id());
        tasks.delete(b.id(), "test");

        assertThat(managed.find(a.id())).isEmpty();
        assertThat(managed.find(b.id())).isEmpty();
        assertThat(managed.ofApplication(ns, "orders")).isEmpty();
    }
}
