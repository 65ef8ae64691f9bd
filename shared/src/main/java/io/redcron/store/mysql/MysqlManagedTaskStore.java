package io.redcron.store.mysql;

import io.redcron.domain.EditPolicy;
import io.redcron.domain.ManagedTask;
import io.redcron.port.ManagedTaskStore;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Collections;
import javax.sql.DataSource;

/** The {@code managed_task} rows (migration 21). */
public final class MysqlManagedTaskStore implements ManagedTaskStore {
    private static final int CHUNK = 500;
    private static final String COLUMNS = "SELECT task_id, namespace, application, app_version, edits, declared,"
            + " reconciled_at FROM managed_task";
    private static final String BY_TASK = COLUMNS + " WHERE task_id = ?";
    private static final String BY_APPLICATION = COLUMNS + " WHERE namespace = ? AND application = ? ORDER BY task_id";
    private static final String SAVE = "INSERT INTO managed_task (task_id, namespace, application, app_version, edits,"
            + " declared, reconciled_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE"
            + " namespace = VALUES(namespace), application = VALUES(application), app_version = VALUES(app_version),"
            + " edits = VALUES(edits), declared = VALUES(declared), reconciled_at = VALUES(reconciled_at)";
    private static final String RELEASE = "DELETE FROM managed_task WHERE task_id = ?";

    private final Jdbc jdbc;

    public MysqlManagedTaskStore(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    @Override
    public Optional<ManagedTask> find(long taskId) {
        return jdbc.autoCommit("read whether task " + taskId + " is managed",
                connection -> Jdbc.one(connection, BY_TASK, MysqlManagedTaskStore::managed, taskId));
    }

    @Override
    public Map<Long, ManagedTask> findAll(Collection<Long> taskIds) {
        if (taskIds.isEmpty()) {
            return Map.of();
        }
        List<Long> ids = List.copyOf(taskIds);
        return jdbc.autoCommit("read which of " + ids.size() + " tasks are managed", connection -> {
            Map<Long, ManagedTask> found = new LinkedHashMap<>();
            for (int from = 0; from < ids.size(); from += CHUNK) {
                List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
                String sql = COLUMNS + " WHERE task_id IN (" + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")";
                for (ManagedTask managed : Jdbc.list(connection, sql, MysqlManagedTaskStore::managed, chunk.toArray())) {
                    found.put(managed.taskId(), managed);
                }
            }
            return found;
        });
    }

    @Override
    public List<ManagedTask> ofApplication(String namespace, String application) {
        return jdbc.autoCommit("read the tasks application '" + application + "' manages", connection ->
                new ArrayList<>(Jdbc.list(connection, BY_APPLICATION, MysqlManagedTaskStore::managed, namespace, application)));
    }

    @Override
    public void save(ManagedTask managed) {
        jdbc.autoCommit("mark task " + managed.taskId() + " as managed by " + managed.application(), connection ->
                Jdbc.update(connection, SAVE, managed.taskId(), managed.namespace(), managed.application(),
                        managed.version(), managed.edits().id(), managed.declared(), Jdbc.millis(managed.reconciledAt())));
    }

    @Override
    public void release(long taskId) {
        jdbc.autoCommit("release task " + taskId + " from its application", connection ->
                Jdbc.update(connection, RELEASE, taskId));
    }

    private static ManagedTask managed(ResultSet row) throws SQLException {
        return new ManagedTask(row.getLong("task_id"), row.getString("namespace"), row.getString("application"),
                row.getString("app_version"), EditPolicy.parse("edits", row.getString("edits")), row.getString("declared"),
                Jdbc.instant(row, "reconciled_at"));
    }
}
