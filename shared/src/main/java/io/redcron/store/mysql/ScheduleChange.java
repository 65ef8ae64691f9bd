package io.redcron.store.mysql;

import io.redcron.config.SchedulerConfig;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.port.SchedulerStore.Fire;
import io.redcron.port.SchedulerStore.TaskFires;
import io.redcron.schedule.FirePlan;
import io.redcron.schedule.FirePlanner;
import io.redcron.schedule.FireRules;
import io.redcron.schedule.PlannedFire;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a task change does to the fires of the schedule it ends, in the change's own transaction.
 * A change ends a schedule when it deletes or disables the task or changes its cron, dialect or
 * zone; an edit that keeps the schedule keeps its planned fires.
 *
 * <ul>
 *   <li><b>Fires due before the change</b> that no scheduler recorded yet (every scheduler node
 *       was down, or behind) are recorded now under the definition in force then: queued, or
 *       skipped under its misfire policy, judged as the leader would with the threshold it
 *       published (the default until a leader ever ran). A deleted task's are recorded skipped.
 *       The reconciler queues them once a leader runs. The task's business calendar applies as
 *       it does in the scheduler: a fire it excludes is recorded skipped with its reason.</li>
 *   <li><b>Fires recorded ahead</b> (the lookahead) for after the change that the new definition
 *       does not fire at are withdrawn: one never attempted is recorded SKIPPED with the reason,
 *       one a worker holds for its time is asked to cancel (the worker ends it before it starts).</li>
 * </ul>
 */
final class ScheduleChange {
    /** Fires planned per step while recording a long outage's fires: bounds the memory, not the count. */
    private static final int FIRES_PER_STEP = 10_000;
    private static final String FUTURE_FIRES = "SELECT id, scheduled_at, status, attempt FROM task_run"
            + " WHERE task_id = ? AND scheduled_at > ? AND trigger_type = 'CRON' AND "
            + RunTransition.condition(java.util.EnumSet.of(RunStatus.QUEUED, RunStatus.RUNNING, RunStatus.SHARDED))
            + " AND shard_index = " + io.redcron.domain.Run.NOT_A_SHARD + " FOR UPDATE";
    // The reason goes with the request: a claim held for its time and never begun is then dropped by
    // its worker as a withdrawn fire (SKIPPED, with this reason), not as an operator's cancel.
    private static final String ASK_TO_CANCEL = "UPDATE task_run SET cancel_requested = TRUE, error = ? WHERE id = ? AND "
            + RunTransition.condition(java.util.EnumSet.of(RunStatus.QUEUED, RunStatus.RUNNING));

    private ScheduleChange() {
    }

    /**
     * @param before the task as it was, read under its row lock
     * @param after  the task as the change leaves it; null when it is deleted
     */
    static void apply(Connection connection, Task before, Task after, Instant now) throws SQLException {
        if (!before.enabled() || before.nextFireAt() == null || !ends(before, after)) {
            return;
        }
        recordMissedFires(connection, before, after, now);
        withdrawFiresAhead(connection, before, after, now);
    }

    /** Whether the change ends the schedule {@code before} fired by. */
    static boolean ends(Task before, Task after) {
        return after == null || !after.enabled() || !sameSchedule(before, after);
    }

    /** The planned next fire stays valid only while the schedule that produced it is unchanged. */
    static boolean sameSchedule(Task before, Task after) {
        return before.cron().equals(after.cron()) && before.dialect() == after.dialect()
                && before.zone().equals(after.zone());
    }

    private static void recordMissedFires(Connection connection, Task before, Task after, Instant now)
            throws SQLException {
        if (before.nextFireAt().isAfter(now)) {
            return;
        }
        Duration threshold = MysqlFencingEpochs.misfireThreshold(connection, before.namespace())
                .orElse(SchedulerConfig.DEFAULT_MISFIRE_THRESHOLD);
        FirePlanner planner = new FirePlanner(threshold, FIRES_PER_STEP);
        // The task's calendar and the maintenance windows over it decide the same fires here as
        // in the scheduler's pass.
        FireRules rules = new FireRules(MysqlCalendarStore.exclusion(connection, before.namespace(), before.id()),
                MysqlMaintenanceWindows.over(connection, before.namespace(), before.group(), now));
        Instant due = before.nextFireAt();
        while (due != null && !due.isAfter(now)) {
            FirePlan plan = planner.settle(before.schedule(), before.zone(), due, now, before.misfirePolicy(),
                    before.catchUpLimit(), rules, change(after));
            List<Fire> fires = new ArrayList<>(plan.fires().size());
            for (PlannedFire fire : plan.fires()) {
                fires.add(after == null ? deleted(fire.scheduledAt())
                        : new Fire(fire.scheduledAt(), fire.skipped(), fire.reason()));
            }
            FireRows.insert(connection, List.of(new TaskFires(before, fires, plan.next())), now);
            due = plan.next();
        }
    }

    private static Fire deleted(Instant at) {
        return new Fire(at, true, "the task was deleted before this fire was recorded");
    }

    /** What ended the schedule, as the reasons of the fires it settles say it. */
    static String change(Task after) {
        return after == null ? "the task was deleted" : !after.enabled() ? "the task was disabled"
                : "the task was given another schedule";
    }

    private static void withdrawFiresAhead(Connection connection, Task before, Task after, Instant now)
            throws SQLException {
        String reason = io.redcron.domain.ClaimRules.WITHDRAWN + "the task was " + (after == null ? "deleted" : !after.enabled() ? "disabled"
                : "given another schedule") + " before this fire was due";
        List<Object[]> ahead = Jdbc.list(connection, FUTURE_FIRES, row -> new Object[] {row.getLong(1),
            Jdbc.instant(row, "scheduled_at"), row.getString(3), row.getInt(4)}, before.id(), now);
        for (Object[] row : ahead) {
            long id = (Long) row[0];
            Instant at = (Instant) row[1];
            if (after != null && after.firesAt(at)) {
                continue;
            }
            boolean neverAttempted = (Integer) row[3] == 0;
            if (RunStatus.valueOf((String) row[2]) == RunStatus.SHARDED) {
                // A sharded fire ahead is never split before its time: it ends with no shard.
                Jdbc.update(connection, ShardRows.END_UNSPLIT, RunTransition.SETTLE_SHARDS.target(RunStatus.SKIPPED),
                        now, reason, id);
            } else if (neverAttempted && RunTransition.SKIP.from().contains(RunStatus.valueOf((String) row[2]))) {
                Jdbc.update(connection, RunChanges.SKIP, now, reason, id);
            } else {
                // Claimed and held by a worker for its time (or handed back after a claim): its
                // worker, told by the task-changed event, ends it before it starts.
                Jdbc.update(connection, ASK_TO_CANCEL, reason, id);
            }
        }
    }

}
