package io.redcron.store.mysql;

import io.redcron.domain.AgedRun;
import io.redcron.domain.RunStatus;
import io.redcron.port.HistoryCleanup;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Retention's deletes in {@code task_run}, {@code run_attempt} and {@code audit_log}. Scans walk
 * the {@code (namespace, scheduled_at)} or {@code (task_id, scheduled_at)} index from a position,
 * so each batch costs the same however large the history; each delete is one short transaction
 * over at most a batch of primary keys.
 */
public final class MysqlHistoryCleanup implements HistoryCleanup {
    private static final String COLUMNS = "SELECT id, task_id, status, scheduled_at, output IS NOT NULL AS has_output"
            + " FROM task_run";
    // (scheduled_at, id) after the position: InnoDB appends the primary key to a secondary index,
    // so in the namespace's index that is one range read in order. A task's runs have one each
    // scheduled time (its key is unique), so they are ordered by it alone: MariaDB would not take
    // the appended id of a unique key for the order, and would sort all of the task's runs.
    private static final String AFTER = " AND scheduled_at < ? AND (scheduled_at > ? OR (scheduled_at = ? AND id > ?))";
    private static final String OLDEST = COLUMNS + " FORCE INDEX (ix_task_run_namespace) WHERE namespace = ?" + AFTER
            + " ORDER BY scheduled_at, id LIMIT ?";
    private static final String OLDEST_OF_TASK = COLUMNS + " FORCE INDEX (uq_task_run_fire) WHERE task_id = ?"
            + " AND namespace = ?" + AFTER + " ORDER BY scheduled_at LIMIT ?";
    /** One task's n-th newest run: a dive into the unique key (task_id, scheduled_at) from its end. */
    private static final String NTH_NEWEST = "(SELECT task_id, scheduled_at FROM task_run WHERE task_id = ?"
            + " ORDER BY scheduled_at DESC LIMIT 1 OFFSET ?)";
    /** Tasks per statement of {@link #nthNewest}: a few hundred dives in one round trip. */
    private static final int NTH_NEWEST_PER_STATEMENT = 200;
    private static final Object[] FINAL = RunStatus.FINAL.stream().map(RunStatus::name).sorted().toArray();
    private static final String ENDED = " AND status IN (" + MysqlSchedulerStore.placeholders(FINAL.length) + ")";
    private static final String NOT_PINNED = " AND NOT EXISTS (SELECT 1 FROM run_pin p WHERE p.run_id = task_run.id)";
    private static final String OLDEST_RUN = "SELECT MIN(scheduled_at) AS oldest FROM task_run WHERE namespace = ?";
    private static final String AUDIT_PURGE = "CALL audit_purge(?, ?, ?)";
    private static final String WORKFLOW_PURGE = "CALL workflow_history_purge(?, ?)";
    private static final int CHUNK = 1000;

    private final Jdbc jdbc;
    /** The procedure that deletes runs: nobody deletes from task_run directly (migration 10). */
    private final String deletion;

    private MysqlHistoryCleanup(DataSource dataSource, String procedure) {
        this.jdbc = new Jdbc(dataSource);
        this.deletion = "CALL " + procedure + "(?, ?, ?)";
    }

    /**
     * For an operator, who deletes runs by hand beyond the policy through {@code history_delete}:
     * only runs that ended, are not pinned and are older than a day.
     */
    public static MysqlHistoryCleanup forOperator(DataSource dataSource) {
        return new MysqlHistoryCleanup(dataSource, "history_delete");
    }

    /**
     * For a node, whose account deletes runs only through {@code history_purge} (migration 10): of
     * the runs asked for, the database deletes only those the stored policy lets go by its own
     * clock, and none younger than a day.
     */
    public static MysqlHistoryCleanup forNode(DataSource dataSource) {
        return new MysqlHistoryCleanup(dataSource, "history_purge");
    }

    @Override
    public List<AgedRun> oldest(String namespace, Long taskId, Position after, Instant before, int limit) {
        Instant at = Jdbc.millis(after.scheduledAt());
        Object[] range = {Jdbc.millis(before), at, at, after.id(), limit};
        return jdbc.autoCommit("read the oldest runs of namespace '" + namespace + "'", connection -> taskId == null
                ? Jdbc.list(connection, OLDEST, MysqlHistoryCleanup::agedRun, SqlLists.concat(new Object[] {namespace}, range))
                : Jdbc.list(connection, OLDEST_OF_TASK, MysqlHistoryCleanup::agedRun, SqlLists.concat(new Object[] {taskId, namespace},
                        range)));
    }

    @Override
    public Map<Long, Instant> nthNewest(Map<Long, Integer> nByTask) {
        List<Map.Entry<Long, Integer>> asked = nByTask.entrySet().stream().filter(entry -> entry.getValue() > 0)
                .toList();
        Map<Long, Instant> found = new HashMap<>();
        for (List<Map.Entry<Long, Integer>> chunk : SqlLists.chunks(asked, NTH_NEWEST_PER_STATEMENT)) {
            String sql = String.join(" UNION ALL ", java.util.Collections.nCopies(chunk.size(), NTH_NEWEST));
            Object[] values = chunk.stream().flatMap(entry -> java.util.stream.Stream.of(entry.getKey(),
                    entry.getValue() - 1)).toArray();
            jdbc.autoCommit("read the newest runs of " + chunk.size() + " tasks", connection -> {
                Jdbc.each(connection, sql, row -> found.put(row.getLong("task_id"), Jdbc.instant(row, "scheduled_at")),
                        values);
                return null;
            });
        }
        return found;
    }

    @Override
    public int delete(String namespace, Collection<Long> runIds, Instant before) {
        int deleted = 0;
        for (List<Long> chunk : SqlLists.chunks(List.copyOf(runIds), CHUNK)) {
            String asked = Json.write(chunk);
            deleted += jdbc.transaction("delete old runs of namespace '" + namespace + "'", connection -> Jdbc.one(
                    connection, deletion, row -> row.getInt("purged"), namespace, asked, Jdbc.millis(before)).orElse(0));
        }
        return deleted;
    }

    @Override
    public int dropOutputs(Collection<Long> runIds) {
        int dropped = 0;
        for (List<Long> chunk : SqlLists.chunks(List.copyOf(runIds), CHUNK)) {
            dropped += jdbc.autoCommitRepeatable("drop old outputs", connection -> Jdbc.update(connection,
                    "UPDATE task_run SET output = NULL WHERE id IN (" + MysqlSchedulerStore.placeholders(chunk.size()) + ")"
                            + " AND output IS NOT NULL" + ENDED + NOT_PINNED, SqlLists.concat(chunk.toArray(), FINAL)));
        }
        return dropped;
    }

    @Override
    public int purgeAudit(String namespace, Instant before, int limit) {
        return jdbc.autoCommitRepeatable("purge old audit rows of namespace '" + namespace + "'", connection ->
                Jdbc.one(connection, AUDIT_PURGE, row -> row.getInt("purged"), namespace, Jdbc.millis(before), limit)
                        .orElse(0));
    }

    @Override
    public int purgeWorkflowRuns(String namespace, int limit) {
        return jdbc.transaction("purge old workflow runs of namespace '" + namespace + "'", connection ->
                Jdbc.one(connection, WORKFLOW_PURGE, row -> row.getInt("purged"), namespace, limit).orElse(0));
    }

    @Override
    public Optional<Instant> oldestRun(String namespace) {
        return jdbc.autoCommit("read the oldest run of namespace '" + namespace + "'", connection -> Jdbc.list(
                connection, OLDEST_RUN, row -> Optional.ofNullable(Jdbc.instant(row, "oldest")), namespace))
                .stream().flatMap(Optional::stream).findFirst();
    }

    private static AgedRun agedRun(java.sql.ResultSet row) throws java.sql.SQLException {
        return new AgedRun(row.getLong("id"), row.getLong("task_id"), RunStatus.valueOf(row.getString("status")),
                Jdbc.instant(row, "scheduled_at"), row.getBoolean("has_output"));
    }
}
