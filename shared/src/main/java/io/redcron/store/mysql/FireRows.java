package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.port.SchedulerStore.Fire;
import io.redcron.port.SchedulerStore.TaskFires;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Inserts the run rows of cron fires: one per fire, queued (a sharded task's: the parent of its
 * shards, SHARDED) or skipped with the reason. The leader
 * records fires this way, and so does a task change that records the fires its old schedule
 * missed while no scheduler ran. A fire recorded before is kept as it is.
 */
final class FireRows {
    // IGNORE keeps a fire recorded before as it is. Not ON DUPLICATE KEY UPDATE: that needs the
    // UPDATE right on every column it inserts, and the node may not rewrite a run's task or params.
    private static final String INSERT = "INSERT IGNORE INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, created_at, finished_at, error,"
            + " params) VALUES (?, ?, ?, ?, 'CRON', ?, ?, ?, 0, ?, ?, ?, ?, '{}')";
    /** Rows per batch: a long outage's fires are many, and one statement must stay small. */
    private static final int ROWS_PER_STATEMENT = 1000;

    private FireRows() {
    }

    static void insert(Connection connection, List<TaskFires> batch, Instant now) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (TaskFires taskFires : batch) {
            Task task = taskFires.task();
            for (Fire fire : taskFires.fires()) {
                rows.add(new Object[] {task.id(), task.namespace(), task.name(), task.group(), fire.scheduledAt(),
                    // Due from when it is recorded, not from the fire time: a fire recorded late
                    // (after an outage) has waited for nobody yet, so it is neither lost nor
                    // overdue. A fire recorded ahead (the lookahead) is due at its time: until
                    // then nothing that looks for runs waiting too long (reconciler, queue
                    // deadline) counts it as waiting.
                    fire.scheduledAt().isAfter(now) ? fire.scheduledAt() : now,
                    RunTransition.RECORD_NEW.target(fire.skipped() ? RunStatus.SKIPPED
                            // A sharded task's fire is the parent of its shards, split by the leader.
                            : task.sharding().isSharded() ? RunStatus.SHARDED : RunStatus.QUEUED),
                    task.retry().maxAttempts(), now, fire.skipped() ? now : null,
                    fire.skipped() ? Text.truncate(fire.reason(), RunChanges.MAX_ERROR) : null});
                if (rows.size() == ROWS_PER_STATEMENT) {
                    Jdbc.insertAllSkippingDuplicates(connection, INSERT, rows);
                    rows.clear();
                }
            }
        }
        Jdbc.insertAllSkippingDuplicates(connection, INSERT, rows);
    }
}
