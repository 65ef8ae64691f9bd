package io.redcron.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.RunRequest;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.port.RunOutbox;
import io.redcron.port.RunOutbox.Entry;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What every {@link RunOutbox} must do; one subclass per backend supplies it, with the stores its
 * entries' runs live in and a way to add entries as the JDBC client does. Each test works in a
 * namespace of its own.
 */
public abstract class RunOutboxContract {
    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00.250Z");

    protected String ns;
    private RunOutbox outbox;
    private RunStore runs;
    private Task task;

    protected abstract TaskStore tasks();

    protected abstract RunStore runs();

    protected abstract RunOutbox outbox();

    /** Adds an entry as the client does in the transaction that records its run. */
    protected abstract void add(String namespace, long runId, String group, Instant dueAt);

    @BeforeEach
    protected void setUpContract() {
        ns = TaskFixtures.freshNamespace();
        outbox = outbox();
        runs = runs();
        task = tasks().create(TaskFixtures.shell(ns, "outboxed").group("billing").build(), "test");
    }

    private Run requested(Instant at) {
        return runs.insertRequested(task.id(), new RunRequest(Map.of(), at, null), NOW, 1).run();
    }

    private void add(Run run) {
        add(run.namespace(), run.id(), run.group(), run.scheduledAt());
    }

    @Test
    void entriesAreReadEarliestDueFirstWithTheirGroupAndTheStatusOfTheirRun() {
        Run later = requested(NOW.plusSeconds(3600));
        Run now = requested(null);
        add(later);
        add(now);
        add(TaskFixtures.freshNamespace(), 424_242L, "billing", NOW);

        assertThat(outbox.pending(ns, 10)).containsExactly(
                new Entry(now.id(), "billing", now.scheduledAt(), RunStatus.QUEUED),
                new Entry(later.id(), "billing", later.scheduledAt(), RunStatus.QUEUED));
        assertThat(outbox.pending(ns, 1)).extracting(Entry::runId).containsExactly(now.id());
    }

    @Test
    void aRunThatEndedOrIsGoneNoLongerWaits() {
        Run cancelled = requested(NOW.plusSeconds(60));
        runs.requestCancel(cancelled.id(), NOW, "changed my mind");
        add(cancelled);
        long gone = 9_000_000_000L + cancelled.id();
        add(ns, gone, "billing", NOW.plusSeconds(120));

        List<Entry> pending = outbox.pending(ns, 10);

        assertThat(pending).extracting(Entry::runId).containsExactly(cancelled.id(), gone);
        assertThat(pending.get(0).status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(pending.get(1).status()).isNull();
        assertThat(pending).noneMatch(Entry::waits);
    }

    @Test
    void deleteRemovesTheNamedEntriesOfItsNamespaceOnly() {
        Run first = requested(null);
        Run second = requested(NOW.plusSeconds(5));
        add(first);
        add(second);
        String other = TaskFixtures.freshNamespace();
        add(other, 77_777L, "billing", NOW);

        outbox.delete(ns, List.of(first.id(), 77_777L, 123L));
        outbox.delete(ns, List.of());

        assertThat(outbox.pending(ns, 10)).extracting(Entry::runId).containsExactly(second.id());
        assertThat(outbox.pending(other, 10)).extracting(Entry::runId).containsExactly(77_777L);
    }
}
