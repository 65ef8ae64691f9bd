package io.redcron.ops;

import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.EventBus.Event;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryEventBus;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class AnnouncingTaskStoreTest {
    private final OpsFixture fixture = new OpsFixture();
    private final InMemoryEventBus bus = fixture.stores.events();

    @Test
    void everyChangeIsAnnouncedAndNoRead() {
        AtomicInteger asked = new AtomicInteger();
        TaskStore tasks = Operations.announcing(fixture.stores.tasks(), () -> {
            asked.incrementAndGet();
            return bus;
        });

        Task created = tasks.create(TaskFixtures.shell(fixture.namespace, "announced").build(), OpsFixture.ACTOR);
        tasks.get(created.id());
        tasks.findByName(created.namespace(), created.name());
        tasks.getAll(List.of(created.id()));
        assertThat(asked).hasValue(1);
        Task updated = tasks.update(created.toBuilder().cron("15 * * * *").build(), OpsFixture.ACTOR);
        tasks.setEnabled(updated.id(), false, OpsFixture.ACTOR);
        tasks.delete(updated.id(), OpsFixture.ACTOR);
        assertThat(tasks.delete(updated.id(), OpsFixture.ACTOR)).isFalse();

        Event changed = new Event(Event.Kind.TASK_CHANGED, created.id());
        assertThat(bus.published()).containsExactly(changed, changed, changed, changed);
    }

    @Test
    void aBusThatFailsNeitherFailsNorUndoesTheChange() {
        EventBus broken = OpsFixture.failing(EventBus.class, bus, "publish", () -> { });
        TaskStore tasks = new AnnouncingTaskStore(fixture.stores.tasks(), () -> broken);

        Task created = tasks.create(TaskFixtures.shell(fixture.namespace, "unannounced").build(), OpsFixture.ACTOR);

        assertThat(fixture.stores.tasks().get(created.id())).contains(created);
    }

    @Test
    void aBusThatCannotBeReachedAtAllFailsNoChange() {
        TaskStore tasks = new AnnouncingTaskStore(fixture.stores.tasks(), () -> {
            throw new IllegalStateException("Redis unreachable");
        });

        Task created = tasks.create(TaskFixtures.shell(fixture.namespace, "unannounced").build(), OpsFixture.ACTOR);

        assertThat(fixture.stores.tasks().get(created.id())).contains(created);
    }
}
