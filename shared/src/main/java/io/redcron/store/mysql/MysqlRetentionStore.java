package io.redcron.store.mysql;

import io.redcron.domain.RetentionPolicy;
import io.redcron.port.RetentionStore;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Retention policies in {@code retention_policy} (task 0 is the namespace's own) and pins in
 * {@code run_pin}, each change with its audit row in one transaction.
 */
public final class MysqlRetentionStore implements RetentionStore {
    private static final long NAMESPACE_ROW = RetentionSettings.NAMESPACE_ROW;
    private static final int MAX_NOTE = 500;
    private static final int CHUNK = 1000;
    private static final String POLICIES = "SELECT task_id, succeeded_days, failed_days, keep_last, output_days,"
            + " audit_days FROM retention_policy WHERE namespace = ?";
    private static final String ONE_POLICY = POLICIES + " AND task_id = ? FOR UPDATE";
    private static final String UPSERT = "INSERT INTO retention_policy (namespace, task_id, succeeded_days,"
            + " failed_days, keep_last, output_days, audit_days, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON DUPLICATE KEY UPDATE succeeded_days = VALUES(succeeded_days), failed_days = VALUES(failed_days),"
            + " keep_last = VALUES(keep_last), output_days = VALUES(output_days), audit_days = VALUES(audit_days),"
            + " updated_at = VALUES(updated_at), updated_by = VALUES(updated_by)";
    private static final String DELETE_POLICY = "DELETE FROM retention_policy WHERE namespace = ? AND task_id = ?";
    // Locks the run: a purge that read it first (with a lock of its own) deletes it before the pin
    // can see it, and one that comes after waits for the pin and then sees it.
    private static final String RUN_NAMESPACE = "SELECT namespace FROM task_run WHERE id = ? FOR UPDATE";
    private static final String PIN = "INSERT IGNORE INTO run_pin (run_id, namespace, pinned_at, pinned_by, note)"
            + " VALUES (?, ?, ?, ?, ?)";
    private static final String PIN_OF = "SELECT namespace FROM run_pin WHERE run_id = ? FOR UPDATE";
    private static final String UNPIN = "DELETE FROM run_pin WHERE run_id = ?";
    private static final String PIN_COLUMNS = "SELECT run_id, namespace, pinned_at, pinned_by, note FROM run_pin";
    private static final String PINS = PIN_COLUMNS + " WHERE namespace = ? ORDER BY pinned_at DESC, run_id DESC";
    private static final String ONE_PIN = PIN_COLUMNS + " WHERE run_id = ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlRetentionStore(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public RetentionSettings settings(String namespace) {
        return jdbc.autoCommit("read the retention policies of namespace '" + namespace + "'",
                connection -> RetentionSettings.of(policies(connection, POLICIES, namespace)));
    }

    @Override
    public RetentionPolicy changeNamespace(String namespace, RetentionPolicy change, String actor) {
        return change(namespace, NAMESPACE_ROW, change, actor, "namespace:" + namespace);
    }

    @Override
    public RetentionPolicy changeTask(String namespace, long taskId, RetentionPolicy change, String actor) {
        return change(namespace, taskId, change.asTaskPolicy(), actor, "task:" + taskId);
    }

    private RetentionPolicy change(String namespace, long row, RetentionPolicy change, String actor, String subject) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("change the retention policy of " + subject, connection -> {
            Optional<RetentionPolicy> before = policies(connection, ONE_POLICY, namespace, row).values().stream()
                    .findFirst();
            RetentionPolicy after = before.orElse(RetentionPolicy.INHERIT).with(change);
            if (after.inheritsEverything() && row != NAMESPACE_ROW) {
                Jdbc.update(connection, DELETE_POLICY, namespace, row);
            } else {
                Jdbc.update(connection, UPSERT, namespace, row, after.succeededDays(), after.failedDays(),
                        after.keepLast(), after.outputDays(), after.auditDays(), Jdbc.millis(clock.instant()), who);
            }
            AuditWriter.write(connection, who, "retention.change", subject, namespace,
                    before.map(MysqlRetentionStore::json).orElse(null), json(after));
            return after;
        });
    }

    @Override
    public boolean clearTask(String namespace, long taskId, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("clear the retention policy of task " + taskId, connection -> {
            Optional<RetentionPolicy> before = policies(connection, ONE_POLICY, namespace, taskId).values().stream()
                    .findFirst();
            if (before.isEmpty()) {
                return false;
            }
            Jdbc.update(connection, DELETE_POLICY, namespace, taskId);
            AuditWriter.write(connection, who, "retention.clear", "task:" + taskId, namespace, json(before.get()), null);
            return true;
        });
    }

    @Override
    public boolean pin(long runId, String note, String actor) {
        String who = AuditWriter.actor(actor);
        String kept = note == null || note.isBlank() ? null : Text.truncate(note.strip(), MAX_NOTE);
        return jdbc.transaction("pin run " + runId, connection -> {
            String namespace = Jdbc.one(connection, RUN_NAMESPACE, row -> row.getString(1), runId)
                    .orElseThrow(() -> new IllegalArgumentException("run: no run with id " + runId));
            if (Jdbc.insertSkippingDuplicates(connection, PIN, runId, namespace, Jdbc.millis(clock.instant()), who,
                    kept) == 0) {
                return false;
            }
            AuditWriter.write(connection, who, "run.pin", "run:" + runId, namespace, null,
                    Json.write(kept == null ? Map.of() : Map.of("note", kept)));
            return true;
        });
    }

    @Override
    public boolean unpin(long runId, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("unpin run " + runId, connection -> {
            Optional<String> namespace = Jdbc.one(connection, PIN_OF, row -> row.getString(1), runId);
            if (namespace.isEmpty()) {
                return false;
            }
            Jdbc.update(connection, UNPIN, runId);
            AuditWriter.write(connection, who, "run.unpin", "run:" + runId, namespace.get(), null, null);
            return true;
        });
    }

    @Override
    public Optional<RunPin> pin(long runId) {
        return jdbc.autoCommit("read the pin of run " + runId,
                connection -> Jdbc.one(connection, ONE_PIN, MysqlRetentionStore::pin, runId));
    }

    @Override
    public Set<Long> pinned(Collection<Long> runIds) {
        Set<Long> pinned = new HashSet<>();
        for (List<Long> chunk : SqlLists.chunks(List.copyOf(new HashSet<>(runIds)), CHUNK)) {
            pinned.addAll(jdbc.autoCommit("read pinned runs", connection -> Jdbc.list(connection,
                    "SELECT run_id FROM run_pin WHERE run_id IN (" + MysqlSchedulerStore.placeholders(chunk.size()) + ")",
                    row -> row.getLong(1), chunk.toArray())));
        }
        return pinned;
    }

    @Override
    public List<RunPin> pins(String namespace) {
        return jdbc.autoCommit("read the pinned runs of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, PINS, MysqlRetentionStore::pin, namespace));
    }

    private static RunPin pin(ResultSet row) throws SQLException {
        return new RunPin(row.getLong("run_id"), row.getString("namespace"), Jdbc.instant(row, "pinned_at"),
                row.getString("pinned_by"), row.getString("note"));
    }

    private static Map<Long, RetentionPolicy> policies(Connection connection, String sql, Object... values)
            throws SQLException {
        Map<Long, RetentionPolicy> found = new LinkedHashMap<>();
        for (Map.Entry<Long, RetentionPolicy> row : Jdbc.list(connection, sql, MysqlRetentionStore::policy, values)) {
            found.put(row.getKey(), row.getValue());
        }
        return found;
    }

    private static Map.Entry<Long, RetentionPolicy> policy(ResultSet row) throws SQLException {
        return Map.entry(row.getLong("task_id"), new RetentionPolicy(Jdbc.nullableInt(row, "succeeded_days"),
                Jdbc.nullableInt(row, "failed_days"), Jdbc.nullableInt(row, "keep_last"),
                Jdbc.nullableInt(row, "output_days"), Jdbc.nullableInt(row, "audit_days")));
    }

    private static String json(RetentionPolicy policy) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("succeededDays", policy.succeededDays());
        fields.put("failedDays", policy.failedDays());
        fields.put("keepLast", policy.keepLast());
        fields.put("outputDays", policy.outputDays());
        fields.put("auditDays", policy.auditDays());
        fields.values().removeIf(java.util.Objects::isNull);
        return Json.write(fields);
    }
}
