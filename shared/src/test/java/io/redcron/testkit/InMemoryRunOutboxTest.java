package io.redcron.testkit;

import io.redcron.port.RunOutbox;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.time.Instant;

/** The in-memory run outbox that node tests relay from keeps the same promises as the MySQL one. */
class InMemoryRunOutboxTest extends RunOutboxContract {
    private final InMemoryStores stores = InMemoryStores.at(Instant.parse("2030-01-01T10:00:00.250Z"));
    private final InMemoryRunOutbox outbox = new InMemoryRunOutbox(stores.runs());

    @Override
    protected TaskStore tasks() {
        return stores.tasks();
    }

    @Override
    protected RunStore runs() {
        return stores.runs();
    }

    @Override
    protected RunOutbox outbox() {
        return outbox;
    }

    @Override
    protected void add(String namespace, long runId, String group, Instant dueAt) {
        outbox.add(namespace, runId, group, dueAt);
    }
}
