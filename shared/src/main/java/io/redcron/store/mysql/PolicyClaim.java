package io.redcron.store.mysql;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.Decision;
import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.HeldClaimRules;
import io.redcron.domain.HeldClaimRules.HeldClaim;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The begin of held claims whose tasks' rules must be weighed ({@link HeldClaimRules}), in one
 * transaction under their tasks' row locks, so that two workers cannot both miss each other's
 * run: locks the tasks, reads their unfinished runs, asks the rules, and writes their decisions,
 * every write fenced by the attempt read. The statements are per batch, not per run, except for
 * the rare runs the rules drop (skipped or cancelled) and the runs a REPLACE cancels.
 *
 * <p>The lock is the task row: locking the tasks' runs instead was measured to queue begins
 * behind the claims and results of the same runs (lateness of seconds at 1,000 fires/s), while a
 * task row is otherwise locked only by a change of the task and by the leader's short fenced
 * transaction that records its fires.
 */
final class PolicyClaim {
    private static final String LOCK_TASKS = "SELECT id, concurrency_policy, misfire_policy, catch_up_limit FROM task"
            + " WHERE id IN (%s) ORDER BY id FOR UPDATE";
    private static final String READ_COLUMNS = RunRows.LISTED_COLUMNS + RunRows.CLAIM
            + ", r.due_at, r.cancel_requested, r.attempt_began";
    // The held claims themselves, by their ids (%h), and the runs of their tasks (%s) that can hold
    // a run back under the rules (ClaimRules): runs in flight (their attempt began) and runs
    // attempted before that wait, or are held, to run again. A run never attempted, queued ahead
    // or held as its first attempt, holds no run back; with the scheduler's lookahead every task
    // has a few of them, so they are left out of the read.
    //
    // The tasks' runs are read through ix_task_run_state (namespace, status, task_id, due_at), one
    // status at a time, and the index is forced: with "status IN (…)" and a few hundred tasks,
    // MariaDB read the namespace's whole history through the index's first column, and with more
    // tasks than it dives into the index for (eq_range_index_dive_limit) it judged from the
    // statistics of a fast-changing table, and scanned the whole table (seen at 1,000 fires/s:
    // begins ten times slower in some runs than in others). Read after the tasks' locks, so it
    // sees every begin before.
    private static final String UNFINISHED = "SELECT " + READ_COLUMNS + " FROM task_run r WHERE r.id IN (%h)"
            + RunStatus.UNFINISHED.stream().sorted()
            .map(status -> " UNION ALL SELECT " + READ_COLUMNS + " FROM task_run r FORCE INDEX (ix_task_run_state)"
                    + " WHERE r.namespace = ? AND r.status = '"
                    + status + "' AND r.task_id IN (%s) AND "
                    + (status == RunStatus.RUNNING ? "(r.attempt_began = TRUE OR r.attempt > 1)" : "r.attempt > 0"))
            .collect(Collectors.joining());
    // The task's later fires that are misfires too (through the unique key (task_id, scheduled_at)).
    private static final String LATER_MISFIRES = "SELECT COUNT(*) FROM task_run WHERE task_id = ? AND trigger_type = ?"
            + " AND scheduled_at > ? AND scheduled_at < ?";
    // Begins held claims, each fenced by node, attempt and claim token; a cancel asked for meanwhile refuses it.
    private static final String MARK_BEGUN = "UPDATE task_run SET attempt_began = TRUE, lease_until = ?"
            + " WHERE %s AND node = ? AND cancel_requested = FALSE AND "
            + RunTransition.condition(RunStatus.IN_FLIGHT);
    private static final String BEGUN_BY = "SELECT id, attempt, claim_token FROM task_run WHERE id IN (%s) AND node = ?"
            + " AND attempt_began = TRUE AND cancel_requested = FALSE AND " + RunTransition.condition(RunStatus.IN_FLIGHT);
    // A held claim the forbid policy defers is released (it never began): the run waits queued,
    // due again at the recheck, so that it shows as waiting and any worker may take it then.
    private static final String DEFER_HELD = RunChanges.releaseUnstarted("error", "node = ? AND claim_token = ?");
    // A held claim its rules drop, fenced by its claim.
    private static final String DROP_HELD = RunChanges.DROP_HELD + " AND attempt = ? AND node = ? AND claim_token = ?";

    /** The claim a run began under: its attempt and its claim's token. */
    private record BegunClaim(int attempt, long claim) {
    }

    private PolicyClaim() {
    }

    static TaskRules readRules(ResultSet row) throws SQLException {
        return new TaskRules(ConcurrencyPolicy.valueOf(row.getString(2)), MisfirePolicy.valueOf(row.getString(3)),
                row.getInt(4));
    }

    /**
     * Begins the held claims of {@code rows} by one UPDATE fenced by node, attempt and claim token;
     * returns those that began (a cancel asked for, or a claim no longer this node's, refuses one).
     */
    static List<HeldRow> markBegun(Connection connection, List<HeldRow> rows, String node, Instant leaseUntil)
            throws SQLException {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Object> values = new ArrayList<>(rows.size() * 4 + 2);
        values.add(leaseUntil);
        for (HeldRow row : rows) {
            values.add(row.run().id());
        }
        for (HeldRow row : rows) {
            values.add(row.run().id());
            values.add(row.run().attempt());
            values.add(row.run().claim());
        }
        values.add(node);
        int changed = Jdbc.update(connection, MARK_BEGUN.replace("%s", MysqlRunClaims.claimFence(rows.size())),
                values.toArray());
        if (changed == rows.size()) {
            return rows;
        }
        // Fewer than asked: the rows say which began here.
        List<Object> read = new ArrayList<>(rows.size() + 1);
        rows.forEach(row -> read.add(row.run().id()));
        read.add(node);
        Map<Long, BegunClaim> began = new HashMap<>();
        for (Object[] row : Jdbc.list(connection, RunChanges.in(BEGUN_BY, rows.size()),
                row -> new Object[] {row.getLong(1), new BegunClaim(row.getInt(2), row.getLong(3))}, read.toArray())) {
            began.put((Long) row[0], (BegunClaim) row[1]);
        }
        List<HeldRow> applied = new ArrayList<>();
        for (HeldRow row : rows) {
            if (new BegunClaim(row.run().attempt(), row.run().claim()).equals(began.get(row.run().id()))) {
                applied.add(row);
            }
        }
        return applied;
    }

    /**
     * Decides and writes the begin of {@code held} (held claims of this node, read just before) under
     * their tasks' rules, in the caller's transaction; the result of each, by run id.
     */
    static Map<Long, Claim> begin(Connection connection, List<HeldRow> held, String node, Instant leaseUntil,
                                  Instant now, Duration misfireThreshold, Instant recheckAt) throws SQLException {
        Set<Long> taskIds = new TreeSet<>();
        held.forEach(row -> taskIds.add(row.run().taskId()));
        Map<Long, TaskRules> tasks = new HashMap<>();
        for (Object[] row : Jdbc.list(connection, RunChanges.in(LOCK_TASKS, taskIds.size()),
                row -> new Object[] {row.getLong(1), readRules(row)}, taskIds.toArray())) {
            tasks.put((Long) row[0], (TaskRules) row[1]);
        }
        // Read after the locks: what the rules weigh is what holds while they are held.
        Map<Long, UnfinishedRun> unfinished = new LinkedHashMap<>();
        Map<Long, HeldRow> current = new HashMap<>();
        Map<String, List<HeldRow>> byNamespace = new LinkedHashMap<>();
        held.forEach(row -> byNamespace.computeIfAbsent(row.run().namespace(), ns -> new ArrayList<>()).add(row));
        for (Map.Entry<String, List<HeldRow>> namespace : byNamespace.entrySet()) {
            List<Long> ids = namespace.getValue().stream().map(row -> row.run().taskId()).distinct().toList();
            List<Long> heldIds = namespace.getValue().stream().map(row -> row.run().id()).toList();
            List<Object> values = new ArrayList<>(heldIds.size() + (ids.size() + 1) * RunStatus.UNFINISHED.size());
            values.addAll(heldIds);
            for (int i = 0; i < RunStatus.UNFINISHED.size(); i++) {
                values.add(namespace.getKey());
                values.addAll(ids);
            }
            String sql = RunChanges.in(UNFINISHED, ids.size())
                    .replace("%h", MysqlSchedulerStore.placeholders(heldIds.size()));
            for (HeldRow row : Jdbc.list(connection, sql, PolicyClaim::readUnfinished, values.toArray())) {
                unfinished.put(row.run().id(), row.waiting());
                current.put(row.run().id(), row);
            }
        }
        Map<Long, Claim> results = new HashMap<>();
        List<HeldClaim> claims = new ArrayList<>();
        Map<Long, HeldRow> claimed = new HashMap<>();
        Map<Long, Long> laterMisfires = new HashMap<>();
        for (HeldRow read : held) {
            HeldRow row = current.get(read.run().id());
            if (row == null || !row.heldBy(node, read.run().attempt(), read.run().claim()) || row.attemptBegan()) {
                results.put(read.run().id(), Claim.unavailable(row == null ? read.run() : row.run()));
                continue;
            }
            claims.add(row.claim());
            claimed.put(row.run().id(), row);
            Run waiting = row.waiting().run();
            if (ClaimRules.countsLaterMisfires(waiting, tasks.get(waiting.taskId()), now, misfireThreshold)) {
                laterMisfires.put(waiting.id(), Jdbc.one(connection, LATER_MISFIRES, r -> r.getLong(1), waiting.taskId(),
                        TriggerType.CRON, waiting.scheduledAt(), ClaimRules.misfiresBefore(now, misfireThreshold))
                        .orElse(0L));
            }
        }
        Map<Long, Decision> decisions = HeldClaimRules.decide(new HeldClaimRules.Batch(claims, tasks,
                List.copyOf(unfinished.values()), laterMisfires, now, misfireThreshold, recheckAt));
        List<HeldRow> begin = new ArrayList<>();
        for (HeldClaim claim : claims) {
            HeldRow row = claimed.get(claim.claimed().id());
            Decision decision = decisions.get(claim.claimed().id());
            switch (decision.verdict()) {
                case CLAIM, CLAIM_AND_CANCEL -> begin.add(row);
                case DEFER -> results.put(row.run().id(), defer(connection, row, node, decision.until()));
                case SKIP -> results.put(row.run().id(), drop(connection, row, node, now, decision.reason(),
                        RunStatus.SKIPPED, Claim.Result.SKIPPED));
                case CANCEL_SELF -> results.put(row.run().id(), drop(connection, row, node, now, decision.reason(),
                        RunStatus.CANCELLED, Claim.Result.CANCELLED));
                case UNAVAILABLE -> results.put(row.run().id(), Claim.unavailable(row.run()));
            }
        }
        List<HeldRow> began = markBegun(connection, begin, node, leaseUntil);
        for (HeldRow row : began) {
            List<Run> cancel = decisions.get(row.run().id()).cancel();
            for (Run replaced : cancel) {
                Jdbc.update(connection, RunChanges.MARK_CANCEL, replaced.id());
            }
            results.put(row.run().id(), new Claim(Claim.Result.CLAIMED, row.begun(leaseUntil), cancel));
        }
        for (HeldRow row : begin) {
            results.putIfAbsent(row.run().id(), Claim.unavailable(row.run()));
        }
        return results;
    }

    /** Releases a held claim the forbid policy defers: the run waits, due again at {@code until}. */
    private static Claim defer(Connection connection, HeldRow row, String node, Instant until) throws SQLException {
        Run run = row.run();
        if (Jdbc.update(connection, DEFER_HELD, until, run.id(), run.attempt(), node, run.claim()) != 1) {
            return Claim.unavailable(run);
        }
        return new Claim(Claim.Result.DEFERRED, RunRows.reread(connection, run.id()), List.of());
    }

    /** Ends a held claim the rules drop ({@link RunTransition#DROP_HELD}): it never began, so it was no attempt. */
    private static Claim drop(Connection connection, HeldRow row, String node, Instant now, String reason,
                              RunStatus status, Claim.Result result) throws SQLException {
        Run run = row.run();
        if (Jdbc.update(connection, DROP_HELD, status.name(), now, RunChanges.error(reason), run.id(), run.attempt(),
                node, run.claim()) != 1) {
            return Claim.unavailable(run);
        }
        return new Claim(result, RunRows.reread(connection, run.id()), List.of());
    }

    private static HeldRow readUnfinished(ResultSet row) throws SQLException {
        return new HeldRow(RunRows.readListedClaimed(row), Jdbc.instant(row, "due_at"),
                row.getBoolean("cancel_requested"),
                row.getBoolean("attempt_began"), null);
    }
}
