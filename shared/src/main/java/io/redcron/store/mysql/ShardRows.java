package io.redcron.store.mysql;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * The rows of a sharded fire: its shards, read through the fire's key ({@code task_id,
 * scheduled_at, shard_index}), and what stops them. Shared by the leader's coordinator and an
 * operator's cancel, which both end a parent's shards the same way.
 */
final class ShardRows {
    static final String SHARDED = RunTransition.condition(EnumSet.of(RunStatus.SHARDED));
    /** The parent row, locked: its shards are made, cancelled and settled under this lock. */
    static final String LOCK_PARENT = "SELECT " + RunRows.COLUMNS + ", r.cancel_requested FROM task_run r"
            + " WHERE r.id = ? FOR UPDATE";
    private static final String SHARDS = "SELECT " + RunRows.LISTED_COLUMNS + " FROM task_run r"
            + " WHERE r.task_id = ? AND r.scheduled_at = ? AND r.shard_index >= 0 AND r.trigger_type = 'SHARD'"
            + " ORDER BY r.shard_index";
    /** An unsplit parent ends at once. Binds: status, finished_at, error, id. */
    static final String END_UNSPLIT = "UPDATE task_run SET status = ?, finished_at = ?, error = ? WHERE id = ? AND "
            + RunTransition.SETTLE_SHARDS.fromCondition() + " AND shard_total = 0";
    /** Binds: status, finished_at, error, id. */
    static final String SETTLE = "UPDATE task_run SET status = ?, finished_at = ?, error = COALESCE(?, error)"
            + " WHERE id = ? AND " + RunTransition.SETTLE_SHARDS.fromCondition();
    /** A split parent asked to stop: it ends CANCELLED once its shards have ended. Binds: id. */
    private static final String MARK_PARENT = "UPDATE task_run SET cancel_requested = TRUE WHERE id = ? AND " + SHARDED;

    private ShardRows() {
    }

    static List<Run> shards(Connection connection, Run parent) throws SQLException {
        if (parent.isShard()) {
            return List.of();
        }
        return Jdbc.list(connection, SHARDS, RunRows::readListed, parent.taskId(), parent.scheduledAt());
    }

    /**
     * Stops a parent (locked by the caller): one not split yet ends CANCELLED at once; a split one
     * is marked, its waiting shards end CANCELLED and its running ones are asked to stop.
     *
     * @return the running shards asked to stop, whose nodes are to be told
     */
    static List<Run> cancel(Connection connection, Run parent, Instant now, String reason) throws SQLException {
        String error = RunChanges.error(reason);
        if (parent.shardTotal() == 0) {
            Jdbc.update(connection, END_UNSPLIT, RunTransition.SETTLE_SHARDS.target(RunStatus.CANCELLED), now, error,
                    parent.id());
            return List.of();
        }
        Jdbc.update(connection, MARK_PARENT, parent.id());
        List<Run> stopping = new ArrayList<>();
        for (Run shard : shards(connection, parent)) {
            if (RunStatus.WAITING.contains(shard.status())) {
                Jdbc.update(connection, RunChanges.CANCEL_WAITING, now, error, shard.id(), shard.attempt());
            } else if (RunStatus.IN_FLIGHT.contains(shard.status())) {
                Jdbc.update(connection, RunChanges.MARK_CANCEL, shard.id());
                stopping.add(shard);
            }
        }
        return stopping;
    }
}
