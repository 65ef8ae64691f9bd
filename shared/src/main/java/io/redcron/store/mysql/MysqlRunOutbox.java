package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.port.RunOutbox;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * The run outbox in {@code run_outbox} (migration 20), read through {@code ix_run_outbox_due}.
 * Each entry is read with its run's status, so the relay never queues a run that ended or was
 * deleted since it was recorded.
 */
public final class MysqlRunOutbox implements RunOutbox {
    private static final String PENDING = "SELECT o.run_id, o.task_group, o.due_at, r.status FROM run_outbox o"
            + " LEFT JOIN task_run r ON r.id = o.run_id WHERE o.namespace = ? ORDER BY o.due_at, o.run_id LIMIT ?";
    private static final int IDS_PER_STATEMENT = 1000;

    private final Jdbc jdbc;

    public MysqlRunOutbox(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    @Override
    public List<Entry> pending(String namespace, int limit) {
        return jdbc.autoCommit("read the run outbox of namespace '" + namespace + "'", connection ->
                Jdbc.list(connection, PENDING, row -> {
                    String status = row.getString("status");
                    return new Entry(row.getLong("run_id"), row.getString("task_group"), Jdbc.instant(row, "due_at"),
                            status == null ? null : RunStatus.valueOf(status));
                }, namespace, limit));
    }

    @Override
    public void delete(String namespace, Collection<Long> runIds) {
        if (runIds.isEmpty()) {
            return;
        }
        for (List<Long> chunk : SqlLists.chunks(new ArrayList<>(new TreeSet<>(runIds)), IDS_PER_STATEMENT)) {
            String sql = "DELETE FROM run_outbox WHERE namespace = ? AND run_id IN ("
                    + MysqlSchedulerStore.placeholders(chunk.size()) + ")";
            List<Object> values = new ArrayList<>();
            values.add(namespace);
            values.addAll(chunk);
            jdbc.autoCommit("delete " + chunk.size() + " entries of the run outbox",
                    connection -> Jdbc.update(connection, sql, values.toArray()));
        }
    }
}
