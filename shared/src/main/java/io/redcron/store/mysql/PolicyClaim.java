package io.redcron.store.mysql;

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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The claim of one run that its task's rules must weigh, in one transaction under the task row's
 * lock: the misfire policy for a cron run that starts late, then the concurrency policy against
 * the task's other runs.
 *
 * <p>The rules, in the order they are applied:
 * <ol>
 *   <li>A cron run never attempted that would start more than the misfire threshold after it was
 *       judged (its fire time, or when it was recorded if that was later: a fire caught up after an
 *       outage was judged then) follows its task's misfire policy, as the scheduler would have:
 *       {@code skip} drops it, {@code fire-once} runs it only if no later fire of the task is due,
 *       {@code catch-up} only if fewer later fires than the limit are due. Dropped: SKIPPED, and
 *       the row says how late it was.</li>
 *   <li>{@code forbid}: a run waits behind the task's runs in flight (RUNNING, whatever their
 *       lease: an expired one is about to be run again) and behind runs of the task that have been
 *       attempted and wait to run again (a lost attempt re-queued, a retry whose backoff is over).
 *       A re-run goes first: it waits only behind runs in flight and earlier re-runs, and never
 *       gives up, for a run that has been attempted is finished or run again, never skipped. A run
 *       never attempted waits until the misfire threshold, then is SKIPPED naming the run it
 *       waited for.</li>
 *   <li>{@code replace}: a run cancels the task's earlier runs in flight and starts; a run that
 *       finds a later run of its task in flight was overtaken, and is cancelled itself.</li>
 * </ol>
 */
final class PolicyClaim {
    private static final String LOCK_TASK = "SELECT concurrency_policy, misfire_policy, catch_up_limit FROM task"
            + " WHERE id = ? FOR UPDATE";
    // Served by ix_task_run_state (namespace, status, task_id, due_at): three status ranges of one
    // task, however long its history.
    private static final String OTHERS = "SELECT " + RunRows.COLUMNS + ", r.due_at, r.cancel_requested FROM task_run r"
            + " WHERE r.namespace = ? AND r." + RunTransition.condition(java.util.EnumSet.of(RunStatus.QUEUED,
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
            + RunTransition.condition(java.util.EnumSet.of(RunStatus.RUNNING));

    private PolicyClaim() {
    }

    /** The task's rules as its row holds them now. */
    private record Rules(ConcurrencyPolicy concurrency, MisfirePolicy misfire, int catchUpLimit) {
        static Rules read(ResultSet row) throws SQLException {
            return new Rules(ConcurrencyPolicy.valueOf(row.getString(1)), MisfirePolicy.valueOf(row.getString(2)),
                    row.getInt(3));
        }
    }

    /** Another run of the task that is not final, with what its place in the queue depends on. */
    private record Other(Run run, Instant dueAt, boolean cancelRequested) {
        static Other read(ResultSet row) throws SQLException {
            return new Other(RunRows.read(row), Jdbc.instant(row, "due_at"), row.getBoolean("cancel_requested"));
        }

        boolean inFlight() {
            return run.status() == RunStatus.RUNNING;
        }

        /** Attempted and ready to run again: it goes before every run never attempted. */
        boolean waitsToRunAgain(Instant now) {
            return run.attempt() > 0 && !cancelRequested && (run.status() == RunStatus.QUEUED
                    || (run.status() == RunStatus.RETRYING && dueAt != null && !dueAt.isAfter(now)));
        }
    }

    private static final Comparator<Run> QUEUE_ORDER = Comparator.comparing(Run::scheduledAt).thenComparing(Run::id);

    /**
     * Decides the claim of {@code run} (read in this transaction, waiting, no cancel asked for).
     *
     * @param claim the plain claim, for when the rules let the run start
     */
    static Claim decide(Connection connection, Run run, Instant now, Duration misfireThreshold, Instant recheckAt,
                        ClaimStatement claim) throws SQLException {
        Optional<Rules> found = Jdbc.one(connection, LOCK_TASK, Rules::read, run.taskId());
        if (found.isEmpty()) {
            // The task is gone: the worker records why the run cannot run.
            return claimed(claim.claim(connection), run, List.of());
        }
        Rules rules = found.get();
        if (neverAttempted(run) && run.trigger() == TriggerType.CRON && now.isAfter(judgedAt(run).plus(misfireThreshold))) {
            String misfire = misfire(connection, run, rules, now, misfireThreshold);
            if (misfire != null) {
                return skip(connection, run, now, misfire);
            }
        }
        if (rules.concurrency() == ConcurrencyPolicy.ALLOW) {
            return claimed(claim.claim(connection), run, List.of());
        }
        List<Other> others = Jdbc.list(connection, OTHERS, Other::read, run.namespace(), run.taskId(), run.id());
        return rules.concurrency() == ConcurrencyPolicy.FORBID
                ? forbid(connection, run, others, now, misfireThreshold, recheckAt, claim)
                : replace(connection, run, others, now, claim);
    }

    private static Claim forbid(Connection connection, Run run, List<Other> others, Instant now,
                                Duration misfireThreshold, Instant recheckAt, ClaimStatement claim) throws SQLException {
        Optional<Run> ahead = others.stream()
                .filter(other -> other.inFlight() || (other.waitsToRunAgain(now)
                        && (neverAttempted(run) || QUEUE_ORDER.compare(other.run(), run) < 0)))
                .map(Other::run).min(QUEUE_ORDER);
        if (ahead.isEmpty()) {
            return claimed(claim.claim(connection), run, List.of());
        }
        if (!neverAttempted(run) || now.isBefore(judgedAt(run).plus(misfireThreshold))) {
            if (Jdbc.update(connection, DEFER, recheckAt, run.id(), run.attempt()) == 1) {
                return new Claim(Claim.Result.DEFERRED, reread(connection, run.id()), List.of());
            }
            return Claim.unavailable(run);
        }
        Run blocker = ahead.get();
        String reason = "skipped: run " + blocker.id() + " of this task was "
                + (blocker.status() == RunStatus.RUNNING ? "still running" : "waiting to run again")
                + " (policy forbid)";
        return skip(connection, run, now, reason);
    }

    private static Claim replace(Connection connection, Run run, List<Other> others, Instant now,
                                 ClaimStatement claim) throws SQLException {
        List<Run> earlier = new ArrayList<>();
        Run overtaken = null;
        for (Other other : others) {
            if (!other.inFlight()) {
                continue;
            }
            if (QUEUE_ORDER.compare(other.run(), run) < 0) {
                earlier.add(other.run());
            } else if (overtaken == null) {
                overtaken = other.run();
            }
        }
        if (overtaken != null) {
            String reason = "cancelled: the later run " + overtaken.id() + " of this task had started (policy replace)";
            if (Jdbc.update(connection, CANCEL, now, reason, run.id(), run.attempt()) == 1) {
                return new Claim(Claim.Result.CANCELLED, reread(connection, run.id()), List.of());
            }
            return Claim.unavailable(run);
        }
        Optional<Run> claimed = claim.claim(connection);
        if (claimed.isEmpty()) {
            return Claim.unavailable(run);
        }
        for (Run replaced : earlier) {
            Jdbc.update(connection, MARK_CANCEL, replaced.id());
        }
        return new Claim(Claim.Result.CLAIMED, claimed.get(), earlier);
    }

    /**
     * Why a late cron run is dropped under its task's misfire policy, or null if it runs: the
     * policy keeps the newest misfires (none, one, or the catch-up limit), as the scheduler does;
     * a later fire still within the threshold is on time and takes no misfire's place.
     */
    private static String misfire(Connection connection, Run run, Rules rules, Instant now, Duration threshold)
            throws SQLException {
        String late = io.redcron.domain.Durations.format(Duration.between(run.scheduledAt(), now)
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        int keep = rules.misfire().firesKept(rules.catchUpLimit());
        if (keep == 0) {
            return "misfire: not started until " + late + " after its time (policy skip)";
        }
        long laterMisfires = Jdbc.one(connection, LATER_MISFIRES, row -> row.getLong(1), run.taskId(), TriggerType.CRON,
                run.scheduledAt(), now.minus(threshold)).orElse(0L);
        if (laterMisfires < keep) {
            return null;
        }
        return rules.misfire() == MisfirePolicy.FIRE_ONCE
                ? "misfire: not started until " + late + " after its time; a later fire runs instead (policy fire-once)"
                : "misfire: not started until " + late + " after its time, beyond the catch-up limit (policy catch-up)";
    }

    private static Claim skip(Connection connection, Run run, Instant now, String reason) throws SQLException {
        if (Jdbc.update(connection, SKIP, now, Text.truncate(reason, 2000), run.id()) == 1) {
            return new Claim(Claim.Result.SKIPPED, reread(connection, run.id()), List.of());
        }
        return Claim.unavailable(run);
    }

    /** When a run was judged due: its fire time, or when it was recorded if that was later (caught up). */
    static Instant judgedAt(Run run) {
        return run.createdAt() != null && run.createdAt().isAfter(run.scheduledAt()) ? run.createdAt()
                : run.scheduledAt();
    }

    static boolean neverAttempted(Run run) {
        return run.attempt() == 0;
    }

    private static Claim claimed(Optional<Run> claimed, Run run, List<Run> replaced) {
        return claimed.map(value -> new Claim(Claim.Result.CLAIMED, value, replaced)).orElseGet(() -> Claim.unavailable(run));
    }

    private static Run reread(Connection connection, long runId) throws SQLException {
        return Jdbc.one(connection, "SELECT " + RunRows.COLUMNS + " FROM task_run r WHERE r.id = ?", RunRows::read, runId)
                .orElseThrow();
    }

    /** The plain conditional claim of the run, in the caller's transaction. */
    @FunctionalInterface
    interface ClaimStatement {
        Optional<Run> claim(Connection connection) throws SQLException;
    }
}
