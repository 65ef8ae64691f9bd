package io.redcron.testkit;

import io.redcron.domain.Run;
import io.redcron.port.RunOutbox;
import io.redcron.port.RunStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The run outbox in memory, reading each run's status from the run store it is given. */
public final class InMemoryRunOutbox implements RunOutbox {
    private record Row(String namespace, long runId, String group, Instant dueAt) {
    }

    private final RunStore runs;
    private final Map<Long, Row> rows = new LinkedHashMap<>();

    public InMemoryRunOutbox(RunStore runs) {
        this.runs = runs;
    }

    /** What the JDBC client adds with a run it records: an entry per queued run. */
    public synchronized void add(String namespace, long runId, String group, Instant dueAt) {
        rows.putIfAbsent(runId, new Row(namespace, runId, group, Tables.millis(dueAt)));
    }

    /** Adds the entry of a recorded run. */
    public void add(Run run) {
        add(run.namespace(), run.id(), run.group(), run.scheduledAt());
    }

    @Override
    public synchronized List<Entry> pending(String namespace, int limit) {
        List<Row> matching = new ArrayList<>(rows.values().stream().filter(row -> row.namespace.equals(namespace))
                .sorted(Comparator.comparing(Row::dueAt).thenComparing(Row::runId)).limit(limit).toList());
        return matching.stream().map(row -> new Entry(row.runId, row.group, row.dueAt,
                runs.get(row.runId).map(Run::status).orElse(null))).toList();
    }

    @Override
    public synchronized void delete(String namespace, Collection<Long> runIds) {
        for (long id : runIds) {
            Row row = rows.get(id);
            if (row != null && row.namespace.equals(namespace)) {
                rows.remove(id);
            }
        }
    }
}
