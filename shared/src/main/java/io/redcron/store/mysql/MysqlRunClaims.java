package io.redcron.store.mysql;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.port.Claim;
import io.redcron.port.RunStore.BatchClaim;
import io.redcron.port.RunStore.StartMark;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Claims of runs and what follows a claim until its result: marking a held claim begun, renewing
 * the lease, handing a run back.
 *
 * <p>A claim needs an attempt left ({@code attempt - lost_attempts < max_attempts}) and takes only
 * a waiting run (QUEUED, or RETRYING once its backoff is over). A RUNNING run whose lease expired
 * is not claimed directly: the leader's reaper records the lost attempt first and queues it again,
 * so every lost attempt is on record. A run its task's rules must weigh is claimed on its own
 * ({@link PolicyClaim}); the others in batches, by a plain read and one conditional UPDATE.
 */
final class MysqlRunClaims {
    // A waiting run that may be claimed now: queued, or retrying once its backoff is over.
    private static final String WAITING_NOW = "(status = '" + RunStatus.QUEUED + "' OR (status = '" + RunStatus.RETRYING
            + "' AND due_at <= ?))";
    // started_at is the planned start (a run claimed ahead of its time starts then); the result
    // write replaces it with the real one. A claim of a run already due begins at once; a cron run
    // claimed ahead of its time begins only when its worker marks it (markStarted), just before
    // executing it: the same rule as HeldRuns.startsLater, on the same instant to the millisecond
    // (fire times are whole seconds, so the millisecond decides nothing that the instant would not).
    private static final String CLAIM_SET = "UPDATE task_run SET " + RunTransition.CLAIM.toAssignment()
            + ", attempt = attempt + 1, node = ?, lease_until = ?, started_at = GREATEST(?, scheduled_at),"
            + " attempt_began = (trigger_type <> 'CRON' OR scheduled_at <= ?), finished_at = NULL, exit_code = NULL,"
            + " output = NULL";
    private static final String CLAIM = CLAIM_SET + " WHERE id = ? AND attempt - lost_attempts < max_attempts"
            + " AND cancel_requested = FALSE AND " + WAITING_NOW;
    // The same conditions as CLAIM, for a batch of rows read just before; claimAll adds each row's attempt fence.
    private static final String CLAIM_ALL = CLAIM_SET + " WHERE id IN (%s) AND attempt - lost_attempts < max_attempts"
            + " AND cancel_requested = FALSE AND " + WAITING_NOW;
    // A plain read: the claim's UPDATE repeats every condition, fenced by the attempt read here.
    private static final String READ_WAITING = "SELECT " + RunRows.COLUMNS + ", r.due_at, r.cancel_requested,"
            + " t.concurrency_policy FROM task_run r LEFT JOIN task t ON t.id = r.task_id"
            + " WHERE r.id IN (%s) AND r." + RunTransition.CLAIM.fromCondition() + " ORDER BY r.id";
    private static final String CLAIMED_BY = "SELECT id, attempt FROM task_run WHERE node = ? AND lease_until = ?"
            + " AND " + RunTransition.condition(RunStatus.IN_FLIGHT) + " AND id IN (%s)";
    private static final String RENEW = "UPDATE task_run SET lease_until = ?"
            + " WHERE id = ? AND attempt = ? AND node = ? AND " + RunTransition.condition(RunStatus.IN_FLIGHT)
            + " AND cancel_requested = FALSE";
    // An attempt that began and is handed back counts as lost; a claim that never began (a run held
    // for its time) is released: its attempt is taken back, as if it had never been claimed. Either
    // way the run is due at its time, not before.
    private static final String HAND_BACK = "UPDATE task_run SET " + RunTransition.HAND_BACK.toAssignment()
            + ", lost_attempts = lost_attempts + 1, lease_until = NULL, due_at = GREATEST(?, scheduled_at), error = ?"
            + " WHERE id = ? AND attempt = ? AND node = ? AND attempt_began = TRUE AND "
            + RunTransition.HAND_BACK.fromCondition();
    private static final String RELEASE = RunChanges.releaseUnstarted("?", "node = ?");
    private static final String MARK_STARTED = "UPDATE task_run SET attempt_began = TRUE, lease_until = ?"
            + " WHERE id IN (%s) AND node = ? AND cancel_requested = FALSE AND "
            + RunTransition.condition(RunStatus.IN_FLIGHT);
    private static final String STARTED_BY = "SELECT id, attempt FROM task_run WHERE id IN (%s) AND node = ?"
            + " AND attempt_began = TRUE AND cancel_requested = FALSE AND " + RunTransition.condition(RunStatus.IN_FLIGHT);

    private final Jdbc jdbc;

    MysqlRunClaims(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil) {
        return jdbc.transaction("claim run " + runId, connection -> claimIn(connection, runId, node, now, leaseUntil));
    }

    Claim claim(long runId, String node, Instant now, Instant leaseUntil, Duration misfireThreshold,
                       Instant recheckAt) {
        return jdbc.transaction("claim run " + runId, connection -> {
            Optional<WaitingRun> found = Jdbc.one(connection, RunChanges.in(READ_WAITING, 1), WaitingRun::read, runId);
            if (found.isEmpty()) {
                // Gone, final, or running: nothing to claim (a running one is its owner's to stop).
                return Claim.unavailable(Jdbc.one(connection, RunRows.BY_ID, RunRows::read, runId).orElse(null));
            }
            return PolicyClaim.decide(connection, found.get().unfinished(), now, misfireThreshold, recheckAt,
                    c -> claimIn(c, runId, node, now, leaseUntil));
        });
    }

    BatchClaim claimAll(Collection<Long> runIds, String node, Instant now, Instant leaseUntil,
                               Duration misfireThreshold) {
        if (runIds.isEmpty()) {
            return new BatchClaim(List.of(), List.of());
        }
        List<Long> ids = runIds.stream().distinct().sorted().toList();
        Instant start = Jdbc.millis(now);
        Instant lease = Jdbc.millis(leaseUntil);
        // Two statements and one commit, no transaction: a plain read says which runs may be
        // claimed and as which attempt, and one conditional UPDATE claims them, each fenced by
        // the attempt that read saw, so a run that moved on meanwhile is simply not claimed.
        // Repeatable: a run claimed by a first try is no longer waiting when read again.
        return jdbc.autoCommitRepeatable("claim " + ids.size() + " runs", connection -> {
            List<WaitingRun> waiting = Jdbc.list(connection, RunChanges.in(READ_WAITING, ids.size()), WaitingRun::read, ids.toArray());
            List<WaitingRun> candidates = new ArrayList<>();
            List<Long> passed = new ArrayList<>();
            for (WaitingRun row : waiting) {
                if (ClaimRules.weighedAlone(row.unfinished(), row.concurrency(), start, misfireThreshold)) {
                    passed.add(row.run().id());
                } else if (row.unfinished().claimableAt(start)) {
                    candidates.add(row);
                }
            }
            if (candidates.isEmpty()) {
                return new BatchClaim(List.of(), passed);
            }
            int changed = claimCandidates(connection, candidates, node, lease, start);
            List<WaitingRun> won = changed == candidates.size() ? candidates
                    : claimedOf(connection, candidates, node, lease);
            List<Run> claimed = new ArrayList<>(won.size());
            for (WaitingRun row : won) {
                claimed.add(row.claimedBy(node, lease, start));
            }
            return new BatchClaim(claimed, passed);
        });
    }

    /** The conditional UPDATE of {@link #claimAll}; returns how many runs it claimed. */
    private static int claimCandidates(Connection connection, List<WaitingRun> candidates, String node, Instant lease,
                                       Instant start) throws SQLException {
        StringBuilder attempts = new StringBuilder("CASE id");
        List<Object> values = new ArrayList<>(4 + candidates.size() * 3);
        values.addAll(List.of(node, lease, start, start));
        for (WaitingRun row : candidates) {
            values.add(row.run().id());
        }
        values.add(start);
        for (WaitingRun row : candidates) {
            attempts.append(" WHEN ? THEN ?");
            values.add(row.run().id());
            values.add(row.run().attempt());
        }
        String sql = RunChanges.in(CLAIM_ALL, candidates.size()) + " AND attempt = " + attempts + " END";
        return Jdbc.update(connection, sql, values.toArray());
    }

    /**
     * The candidates this node's UPDATE did claim, when another claim took some first: those now
     * RUNNING here under this lease, one attempt on from what was read.
     */
    private static List<WaitingRun> claimedOf(Connection connection, List<WaitingRun> candidates, String node,
                                           Instant lease) throws SQLException {
        Map<Long, Integer> ours = new HashMap<>();
        List<Object> ids = new ArrayList<>(candidates.size());
        candidates.forEach(row -> ids.add(row.run().id()));
        for (Object[] row : Jdbc.list(connection, RunChanges.in(CLAIMED_BY, ids.size()),
                row -> new Object[] {row.getLong(1), row.getInt(2)}, prepend(List.of(node, lease), ids))) {
            ours.put((Long) row[0], (Integer) row[1]);
        }
        List<WaitingRun> won = new ArrayList<>();
        for (WaitingRun row : candidates) {
            Integer attempt = ours.get(row.run().id());
            if (attempt != null && attempt == row.run().attempt() + 1) {
                won.add(row);
            }
        }
        return won;
    }

    private static Object[] prepend(List<Object> first, List<Object> rest) {
        List<Object> all = new ArrayList<>(first);
        all.addAll(rest);
        return all.toArray();
    }

    boolean handBack(long runId, int attempt, String node, Instant now, String reason) {
        String error = RunChanges.error(reason);
        return jdbc.autoCommit("hand back run " + runId, connection ->
                Jdbc.update(connection, RELEASE, error, now, runId, attempt, node) == 1
                        || Jdbc.update(connection, HAND_BACK, now, error, runId, attempt, node) == 1);
    }

    List<Boolean> markStarted(String node, List<StartMark> marks) {
        if (marks.isEmpty()) {
            return List.of();
        }
        List<Long> ids = marks.stream().map(StartMark::runId).distinct().sorted().toList();
        if (ids.size() != marks.size()) {
            throw new IllegalArgumentException("marks: one per run, got " + marks.size() + " for " + ids.size() + " runs");
        }
        // One statement for the batch, each run fenced by its attempt; the counts prove the usual
        // case, otherwise the rows say which began here.
        return jdbc.autoCommitRepeatable("mark " + marks.size() + " runs started", connection -> {
            StringBuilder attempts = new StringBuilder("CASE id");
            List<Object> values = new ArrayList<>(marks.size() * 3 + 3);
            values.add(Jdbc.millis(marks.get(0).leaseUntil()));
            values.addAll(ids);
            values.add(node);
            for (StartMark mark : marks) {
                attempts.append(" WHEN ? THEN ?");
                values.add(mark.runId());
                values.add(mark.attempt());
            }
            String sql = RunChanges.in(MARK_STARTED, ids.size()) + " AND attempt = " + attempts + " END";
            int changed = Jdbc.update(connection, sql, values.toArray());
            if (changed == marks.size()) {
                return Collections.nCopies(marks.size(), Boolean.TRUE);
            }
            Map<Long, Integer> started = new HashMap<>();
            List<Object> read = new ArrayList<>(ids);
            read.add(node);
            for (Object[] row : Jdbc.list(connection, RunChanges.in(STARTED_BY, ids.size()),
                    row -> new Object[] {row.getLong(1), row.getInt(2)}, read.toArray())) {
                started.put((Long) row[0], (Integer) row[1]);
            }
            List<Boolean> applied = new ArrayList<>(marks.size());
            for (StartMark mark : marks) {
                applied.add(Integer.valueOf(mark.attempt()).equals(started.get(mark.runId())));
            }
            return applied;
        });
    }

    private static Optional<Run> claimIn(Connection connection, long runId, String node, Instant now, Instant leaseUntil)
            throws SQLException {
        if (Jdbc.update(connection, CLAIM, node, leaseUntil, now, Jdbc.millis(now), runId, now) == 0) {
            return Optional.empty();
        }
        return Jdbc.one(connection, RunRows.BY_ID, RunRows::read, runId);
    }

    boolean renewLease(long runId, int attempt, String node, Instant leaseUntil) {
        return jdbc.autoCommit("renew the lease of run " + runId,
                connection -> Jdbc.update(connection, RENEW, leaseUntil, runId, attempt, node) == 1);
    }
}
