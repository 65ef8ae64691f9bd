package io.redcron.store.mysql;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.Decision;
import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.TriggerType;
import io.redcron.port.Claim;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * The claim of one run that its task's rules must weigh ({@link ClaimRules}), in one transaction
 * under the task row's lock, so that two workers cannot both miss each other's run: reads what the
 * rules need, asks them, and writes their decision, every write fenced by the attempt read.
 */
final class PolicyClaim {
    private static final String LOCK_TASK = "SELECT concurrency_policy, misfire_policy, catch_up_limit FROM task"
            + " WHERE id = ? FOR UPDATE";
    // Served by ix_task_run_state (namespace, status, task_id, due_at): three status ranges of one
    // task, however long its history.
    private static final String OTHERS = "SELECT " + RunRows.COLUMNS + ", r.due_at, r.cancel_requested FROM task_run r"
            + " WHERE r.namespace = ? AND r." + RunTransition.condition(EnumSet.of(RunStatus.QUEUED,
            RunStatus.RUNNING, RunStatus.RETRYING)) + " AND r.task_id = ? AND r.id <> ?";
    // The task's later fires that are misfires too (through the unique key (task_id, scheduled_at)).
    private static final String LATER_MISFIRES = "SELECT COUNT(*) FROM task_run WHERE task_id = ? AND trigger_type = ?"
            + " AND scheduled_at > ? AND scheduled_at < ?";
    private static final String DEFER = "UPDATE task_run SET due_at = ? WHERE id = ? AND attempt = ? AND "
            + RunTransition.CLAIM.fromCondition();
    private static final String SKIP = "UPDATE task_run SET " + RunTransition.SKIP.toAssignment()
            + ", finished_at = ?, error = ? WHERE id = ? AND attempt = 0 AND " + RunTransition.SKIP.fromCondition();
    private static final String CANCEL = "UPDATE task_run SET " + RunTransition.CANCEL_WAITING.toAssignment()
            + ", finished_at = ?, error = ? WHERE id = ? AND attempt = ? AND " + RunTransition.CANCEL_WAITING.fromCondition();
    private static final String MARK_CANCEL = "UPDATE task_run SET cancel_requested = TRUE WHERE id = ? AND "
            + RunTransition.condition(EnumSet.of(RunStatus.RUNNING));

    private PolicyClaim() {
    }

    static TaskRules readRules(ResultSet row) throws SQLException {
        return new TaskRules(ConcurrencyPolicy.valueOf(row.getString(1)), MisfirePolicy.valueOf(row.getString(2)),
                row.getInt(3));
    }

    /** A row of {@code task_run} read with {@code due_at} and {@code cancel_requested}. */
    static UnfinishedRun readUnfinished(ResultSet row) throws SQLException {
        return new UnfinishedRun(RunRows.read(row), Jdbc.instant(row, "due_at"), row.getBoolean("cancel_requested"));
    }

    /**
     * Decides and writes the claim of {@code waiting} (read in this transaction, waiting).
     *
     * @param claim the plain claim, for when the rules let the run start
     */
    static Claim decide(Connection connection, UnfinishedRun waiting, Instant now, Duration misfireThreshold,
                        Instant recheckAt, ClaimStatement claim) throws SQLException {
        Optional<Decision> own = ClaimRules.ownState(waiting, now);
        Decision decision = own.isPresent() ? own.get()
                : weigh(connection, waiting, now, misfireThreshold, recheckAt);
        return write(connection, waiting.run(), decision, now, claim);
    }

    /** Locks the task's row, reads what its rules need, and asks them. */
    private static Decision weigh(Connection connection, UnfinishedRun waiting, Instant now, Duration misfireThreshold,
                                  Instant recheckAt) throws SQLException {
        Run run = waiting.run();
        TaskRules rules = Jdbc.one(connection, LOCK_TASK, PolicyClaim::readRules, run.taskId()).orElse(null);
        long laterMisfires = 0;
        if (ClaimRules.countsLaterMisfires(run, rules, now, misfireThreshold)) {
            laterMisfires = Jdbc.one(connection, LATER_MISFIRES, row -> row.getLong(1), run.taskId(), TriggerType.CRON,
                    run.scheduledAt(), ClaimRules.misfiresBefore(now, misfireThreshold)).orElse(0L);
        }
        List<UnfinishedRun> others = rules == null || rules.concurrency() == ConcurrencyPolicy.ALLOW ? List.of()
                : Jdbc.list(connection, OTHERS, PolicyClaim::readUnfinished, run.namespace(), run.taskId(), run.id());
        return ClaimRules.decide(new ClaimRules.Input(waiting, rules, others, laterMisfires, now, misfireThreshold,
                recheckAt));
    }

    private static Claim write(Connection connection, Run run, Decision decision, Instant now, ClaimStatement claim)
            throws SQLException {
        return switch (decision.verdict()) {
            case CLAIM, CLAIM_AND_CANCEL -> {
                Optional<Run> claimed = claim.claim(connection);
                if (claimed.isEmpty()) {
                    yield Claim.unavailable(run);
                }
                for (Run replaced : decision.cancel()) {
                    Jdbc.update(connection, MARK_CANCEL, replaced.id());
                }
                yield new Claim(Claim.Result.CLAIMED, claimed.get(), decision.cancel());
            }
            case DEFER -> changed(connection, run, Claim.Result.DEFERRED,
                    Jdbc.update(connection, DEFER, decision.until(), run.id(), run.attempt()));
            case SKIP -> changed(connection, run, Claim.Result.SKIPPED,
                    Jdbc.update(connection, SKIP, now, Text.truncate(decision.reason(), 2000), run.id()));
            case CANCEL_SELF -> changed(connection, run, Claim.Result.CANCELLED,
                    Jdbc.update(connection, CANCEL, now, Text.truncate(decision.reason(), 2000), run.id(),
                            run.attempt()));
            case UNAVAILABLE -> Claim.unavailable(run);
        };
    }

    private static Claim changed(Connection connection, Run run, Claim.Result result, int rows) throws SQLException {
        if (rows != 1) {
            return Claim.unavailable(run);
        }
        return new Claim(result, RunRows.reread(connection, run.id()), List.of());
    }

    /** The plain conditional claim of the run, in the caller's transaction. */
    @FunctionalInterface
    interface ClaimStatement {
        Optional<Run> claim(Connection connection) throws SQLException;
    }
}
