package io.redcron.store.mysql;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.ShardRules;
import io.redcron.domain.ShardRules.Settlement;
import io.redcron.domain.ShardRules.SplitVerdict;
import io.redcron.domain.Sharding;
import io.redcron.domain.TriggerType;
import io.redcron.port.ShardedRuns;
import io.redcron.port.ShardedRuns.Split.Outcome;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The leader's splits and settlements of sharded fires. The parents are found through
 * {@code ix_task_run_state (namespace, 'SHARDED', …)}, so the read is bounded by the fires under
 * way; each change locks the parent's row and re-reads it, so a new leader may repeat any of them.
 */
public final class MysqlShardedRuns implements ShardedRuns {
    private static final String PARENTS = "SELECT " + RunRows.LISTED_COLUMNS + " FROM task_run r"
            + " WHERE r.namespace = ? AND r." + ShardRows.SHARDED + " AND r.task_id > ? AND (r.shard_total > 0 OR r.due_at <= ?)"
            + " ORDER BY r.task_id, r.due_at LIMIT ?";
    private static final String TASK = "SELECT concurrency_policy, shards, retry_max_attempts FROM task"
            + " WHERE id = ? FOR UPDATE";
    // The task's other parents still waiting, through the state index (namespace, status, task_id).
    private static final String EARLIER = "SELECT " + RunRows.COLUMNS + " FROM task_run r WHERE r.namespace = ? AND r."
            + ShardRows.SHARDED + " AND r.task_id = ? AND r.id <> ?"
            + " AND (r.scheduled_at < ? OR (r.scheduled_at = ? AND r.id < ?)) ORDER BY r.due_at FOR UPDATE";
    private static final String INSERT_SHARD = "INSERT IGNORE INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, created_at, params, shard_index,"
            + " shard_total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)";
    private static final String MARK_SPLIT = "UPDATE task_run SET shard_total = ?, started_at = ? WHERE id = ? AND "
            + ShardRows.SHARDED + " AND shard_total = 0";

    private final Jdbc jdbc;
    private final Fence fence;

    public MysqlShardedRuns(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
        this.fence = new Fence(SqlDialect.detect(dataSource));
    }

    @Override
    public List<Run> parents(String namespace, Instant now, long afterTaskId, int limit) {
        return jdbc.autoCommit("read the sharded runs of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, PARENTS, RunRows::readListed, namespace, afterTaskId, now,
                        limit));
    }

    @Override
    public Split split(String namespace, long epoch, long parentId, int shards, Instant now) {
        if (shards < 1 || shards > Sharding.MAX_SHARDS) {
            throw new IllegalArgumentException("shards: 1-" + Sharding.MAX_SHARDS + ", got " + shards);
        }
        return jdbc.transaction("split run " + parentId + " into shards", connection -> {
            fence.check(connection, namespace, epoch);
            Optional<Locked> locked = lock(connection, namespace, parentId);
            if (locked.isEmpty() || locked.get().run().shardTotal() != 0 || locked.get().run().scheduledAt().isAfter(now)) {
                return Split.of(Outcome.UNCHANGED, locked.map(Locked::run).orElse(null));
            }
            Run parent = locked.get().run();
            Optional<Object[]> task = Jdbc.one(connection, TASK, row -> new Object[] {
                ConcurrencyPolicy.valueOf(row.getString(1)), row.getInt(2), row.getInt(3)}, parent.taskId());
            if (task.isEmpty()) {
                Jdbc.update(connection, ShardRows.END_UNSPLIT, RunTransition.SETTLE_SHARDS.target(RunStatus.SKIPPED),
                        now, "skipped: the task was deleted before this run was split into shards", parentId);
                return Split.of(Outcome.ENDED, RunRows.reread(connection, parentId));
            }
            List<Run> earlier = Jdbc.list(connection, EARLIER, RunRows::read, namespace, parent.taskId(), parentId,
                    parent.scheduledAt(), parent.scheduledAt(), parentId);
            List<Run> stopping = new ArrayList<>();
            switch (ShardRules.atSplit((ConcurrencyPolicy) task.get()[0], earlier.size())) {
                case WAIT -> {
                    return Split.of(Outcome.WAITING, parent);
                }
                case SPLIT_AND_CANCEL -> {
                    for (Run other : earlier) {
                        stopping.addAll(ShardRows.cancel(connection, other, now, "cancelled: the later run " + parentId
                                + " of this task was split (policy replace)"));
                    }
                }
                case SPLIT -> { }
            }
            insertShards(connection, parent, shards, (Integer) task.get()[2], now);
            Jdbc.update(connection, MARK_SPLIT, shards, now, parentId);
            Run split = RunRows.reread(connection, parentId);
            return Split.split(split, ShardRows.shards(connection, split), stopping);
        });
    }

    private void insertShards(Connection connection, Run parent, int shards, int maxAttempts, Instant now)
            throws SQLException {
        String params = Json.write(parent.params());
        // Created now, due now: a shard has waited for nobody before its parent was split.
        List<Object[]> rows = new ArrayList<>(shards);
        for (int index = 0; index < shards; index++) {
            rows.add(new Object[] {parent.taskId(), parent.namespace(), parent.taskName(), parent.group(),
                TriggerType.SHARD, parent.scheduledAt(), now, RunTransition.RECORD_NEW.target(RunStatus.QUEUED),
                Math.max(1, maxAttempts), now, params, index, shards});
        }
        Jdbc.insertAllSkippingDuplicates(connection, INSERT_SHARD, rows);
    }

    @Override
    public Optional<Run> settle(String namespace, long epoch, long parentId, Instant now) {
        return jdbc.transaction("settle run " + parentId + " from its shards", connection -> {
            fence.check(connection, namespace, epoch);
            Optional<Locked> locked = lock(connection, namespace, parentId);
            if (locked.isEmpty() || locked.get().run().shardTotal() == 0) {
                return Optional.<Run>empty();
            }
            Run parent = locked.get().run();
            Optional<Settlement> settlement = ShardRules.settle(parent.shardTotal(), locked.get().cancelRequested(),
                    ShardRows.shards(connection, parent));
            if (settlement.isEmpty()) {
                return Optional.<Run>empty();
            }
            Jdbc.update(connection, ShardRows.SETTLE, RunTransition.SETTLE_SHARDS.target(settlement.get().status()), now,
                    settlement.get().error() == null ? null : RunChanges.error(settlement.get().error()), parentId);
            return Optional.of(RunRows.reread(connection, parentId));
        });
    }

    /** The parent, locked, if it is one of the namespace's and still waits for its shards. */
    private static Optional<Locked> lock(Connection connection, String namespace, long parentId) throws SQLException {
        return Jdbc.one(connection, ShardRows.LOCK_PARENT, row -> new Locked(RunRows.read(row),
                row.getBoolean("cancel_requested")), parentId)
                .filter(locked -> locked.run().namespace().equals(namespace)
                        && locked.run().status() == RunStatus.SHARDED && !locked.run().isShard());
    }

    private record Locked(Run run, boolean cancelRequested) {
    }
}
