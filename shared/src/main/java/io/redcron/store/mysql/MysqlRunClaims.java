package io.redcron.store.mysql;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ClaimTokens;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Claims of runs and what follows a claim until its result: marking a held claim begun, renewing
 * the lease, handing a run back.
 *
 * <p>A claim needs an attempt left ({@code attempt - lost_attempts < max_attempts}) and takes only
 * a waiting run (QUEUED, or RETRYING once its backoff is over). A RUNNING run whose lease expired
 * is not claimed directly: the leader's reaper records the lost attempt first and queues it again,
 * so every lost attempt is on record. Claims are made in batches, by a plain read and one
 * conditional UPDATE. A claim that needs its task's rules weighed, or that is made ahead of the
 * run's time, is held: it is begun at the run's time ({@link #beginAll}), by one UPDATE for the
 * runs whose rules need no weighing and one transaction under their tasks' locks
 * ({@link PolicyClaim}) for the others.
 */
final class MysqlRunClaims {
    // A waiting run that may be claimed now: queued, or retrying once its backoff is over.
    private static final String WAITING_NOW = "(status = '" + RunStatus.QUEUED + "' OR (status = '" + RunStatus.RETRYING
            + "' AND due_at <= ?))";
    // started_at is the planned start (a run claimed ahead of its time starts then); the result
    // write replaces it with the real one. attempt_began says whether the claim is an attempt
    // already: only for a run due now whose rules need no weighing (ClaimRules.beginsAtClaim); any
    // other claim is held, and begun by beginAll.
    private static final String CLAIM_SET = "UPDATE task_run SET " + RunTransition.CLAIM.toAssignment()
            + ", attempt = attempt + 1, node = ?, claim_token = ?, lease_until = ?,"
            + " started_at = GREATEST(?, scheduled_at), attempt_began = %s, finished_at = NULL, exit_code = NULL,"
            + " output = NULL";
    private static final String CLAIM = CLAIM_SET.replace("%s", "(trigger_type <> 'CRON' OR scheduled_at <= ?)")
            + " WHERE id = ? AND attempt - lost_attempts < max_attempts AND cancel_requested = FALSE AND " + WAITING_NOW;
    // The same conditions as CLAIM, for a batch of rows read just before, each fenced by the attempt read.
    private static final String CLAIM_ALL_WHERE = " WHERE %s AND attempt - lost_attempts < max_attempts"
            + " AND cancel_requested = FALSE AND " + WAITING_NOW;
    // A plain read: the claim's UPDATE repeats every condition, fenced by the attempt read here.
    private static final String READ_WAITING = "SELECT " + RunRows.COLUMNS + ", r.due_at, r.cancel_requested,"
            + " t.concurrency_policy FROM task_run r LEFT JOIN task t ON t.id = r.task_id"
            + " WHERE r.id IN (%s) AND r." + RunTransition.CLAIM.fromCondition() + " ORDER BY r.id";
    private static final String CLAIMED_BY = "SELECT id, attempt FROM task_run WHERE node = ? AND claim_token = ?"
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
    // Only by the claim that made it: an earlier claim of this node, released meanwhile, has the same attempt.
    private static final String RELEASE = RunChanges.releaseUnstarted("?", "node = ? AND claim_token = ?");
    // The held claims a begin reads: its own rows, with what decides whether their rules need weighing.
    private static final String READ_HELD = "SELECT " + RunRows.COLUMNS + ", r.due_at, r.cancel_requested,"
            + " r.attempt_began, t.concurrency_policy FROM task_run r LEFT JOIN task t ON t.id = r.task_id"
            + " WHERE r.id IN (%s)";

    private final Jdbc jdbc;

    MysqlRunClaims(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil) {
        return jdbc.transaction("claim run " + runId, connection -> claimIn(connection, runId, node, now, leaseUntil));
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
        return jdbc.autoCommitRepeatable("claim " + ids.size() + " runs",
                connection -> claimIn(connection, ids, node, start, lease, misfireThreshold).batch());
    }

    List<Claim> claimAndBeginAll(List<Long> runIds, String node, Instant now, Instant leaseUntil,
                                 Duration misfireThreshold, Instant recheckAt) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        List<Long> ids = runIds.stream().distinct().sorted().toList();
        Instant start = Jdbc.millis(now);
        Instant lease = Jdbc.millis(leaseUntil);
        Instant recheck = Jdbc.millis(recheckAt);
        Map<Long, Claim> results = jdbc.transaction("claim and begin " + ids.size() + " runs", connection -> {
            Claimed claimed = claimIn(connection, ids, node, start, lease, misfireThreshold);
            Map<Long, Claim> decided = new HashMap<>();
            for (Run run : claimed.begun()) {
                decided.put(run.id(), new Claim(Claim.Result.CLAIMED, run, List.of()));
            }
            HeldBatch held = HeldBatch.of(claimed.held(), start, misfireThreshold);
            decided.putAll(beginOn(connection, held.plain(), held.weighed(), node, lease, start, misfireThreshold,
                    recheck));
            return decided;
        });
        List<Claim> ordered = new ArrayList<>(runIds.size());
        for (long id : runIds) {
            ordered.add(results.getOrDefault(id, Claim.unavailable(null)));
        }
        return ordered;
    }

    /** What a claim took: the runs it began, and the held claims with their tasks' policies. */
    private record Claimed(List<Run> begun, List<HeldRow> held) {
        BatchClaim batch() {
            return new BatchClaim(begun, held.stream().map(HeldRow::run).toList());
        }
    }

    /**
     * Held claims about to begin, split by what their begin needs: the plain ones begin by one
     * fenced UPDATE; the weighed ones need their tasks' rules, read under their tasks' locks.
     */
    private record HeldBatch(List<HeldRow> plain, List<HeldRow> weighed) {
        static HeldBatch of(List<HeldRow> rows, Instant now, Duration misfireThreshold) {
            List<HeldRow> plain = new ArrayList<>();
            List<HeldRow> weighed = new ArrayList<>();
            for (HeldRow row : rows) {
                boolean weigh = ClaimRules.weighedAlone(row.waiting(), row.concurrency(), now, misfireThreshold);
                (weigh ? weighed : plain).add(row);
            }
            return new HeldBatch(plain, weighed);
        }
    }

    /**
     * Begins held claims on the caller's connection: {@code plain} by one UPDATE fenced by node
     * and attempt, {@code weighed} under their tasks' rules ({@link PolicyClaim#begin}, which locks
     * the tasks' rows: the caller's transaction, if there are any). A claim that moved on meanwhile
     * is {@link Claim.Result#UNAVAILABLE}.
     */
    private static Map<Long, Claim> beginOn(Connection connection, List<HeldRow> plain, List<HeldRow> weighed,
                                            String node, Instant lease, Instant start, Duration misfireThreshold,
                                            Instant recheckAt) throws SQLException {
        Map<Long, Claim> begun = new HashMap<>();
        for (HeldRow row : PolicyClaim.markBegun(connection, plain, node, lease)) {
            begun.put(row.run().id(), new Claim(Claim.Result.CLAIMED, row.begun(lease), List.of()));
        }
        for (HeldRow row : plain) {
            begun.putIfAbsent(row.run().id(), Claim.unavailable(row.run()));
        }
        if (!weighed.isEmpty()) {
            begun.putAll(PolicyClaim.begin(connection, weighed, node, lease, start, misfireThreshold, recheckAt));
        }
        return begun;
    }

    /** The body of {@link #claimAll}, on the caller's connection. */
    private static Claimed claimIn(Connection connection, List<Long> ids, String node, Instant start, Instant lease,
                                   Duration misfireThreshold) throws SQLException {
        List<WaitingRun> waiting = Jdbc.list(connection, RunChanges.in(READ_WAITING, ids.size()), WaitingRun::read, ids.toArray());
        List<WaitingRun> candidates = new ArrayList<>();
        Set<Long> begin = new HashSet<>();
        for (WaitingRun row : waiting) {
            if (row.unfinished().cancelRequested()) {
                // Cancelled (or withdrawn by a task change) while it waited: it ends here, never run.
                ClaimRules.Decision ended = ClaimRules.cancelled(row.run());
                if (ended.verdict() == ClaimRules.Verdict.SKIP) {
                    Jdbc.update(connection, RunChanges.SKIP, start, RunChanges.error(ended.reason()), row.run().id());
                } else {
                    Jdbc.update(connection, RunChanges.CANCEL_WAITING, start, RunChanges.error(ended.reason()),
                            row.run().id(), row.run().attempt());
                }
            } else if (row.unfinished().claimableAt(start)) {
                candidates.add(row);
                if (ClaimRules.beginsAtClaim(row.unfinished(), row.concurrency(), start, misfireThreshold)) {
                    begin.add(row.run().id());
                }
            }
        }
        if (candidates.isEmpty()) {
            return new Claimed(List.of(), List.of());
        }
        long claim = ClaimTokens.next();
        int changed = claimCandidates(connection, candidates, begin, node, claim, lease, start);
        List<WaitingRun> won = changed == candidates.size() ? candidates
                : claimedOf(connection, candidates, node, claim);
        List<Run> begun = new ArrayList<>();
        List<HeldRow> held = new ArrayList<>();
        for (WaitingRun row : won) {
            Run claimed = row.claimedBy(node, claim, lease, start);
            if (begin.contains(claimed.id())) {
                begun.add(claimed);
            } else {
                held.add(HeldRow.claimed(claimed, row.concurrency()));
            }
        }
        return new Claimed(begun, held);
    }

    /** The conditional UPDATE of {@link #claimAll}; returns how many runs it claimed. */
    private static int claimCandidates(Connection connection, List<WaitingRun> candidates, Set<Long> begin, String node,
                                       long claim, Instant lease, Instant start) throws SQLException {
        List<Object> values = new ArrayList<>(5 + begin.size() + candidates.size() * 2);
        values.addAll(List.of(node, claim, lease, start));
        values.addAll(begin);
        for (WaitingRun row : candidates) {
            values.add(row.run().id());
        }
        for (WaitingRun row : candidates) {
            values.add(row.run().id());
            values.add(row.run().attempt());
        }
        values.add(start);
        String began = begin.isEmpty() ? "FALSE" : "id IN (" + MysqlSchedulerStore.placeholders(begin.size()) + ")";
        String sql = CLAIM_SET.replace("%s", began) + CLAIM_ALL_WHERE.replace("%s", fence(candidates.size()));
        return Jdbc.update(connection, sql, values.toArray());
    }

    /**
     * The condition that fences {@code size} rows by their (id, attempt): binds the ids, then the
     * (id, attempt) pairs. The plain {@code id IN} is there for the optimizer: MariaDB reads a
     * single-pair row constructor by a scan of the whole primary key, not a lookup.
     */
    static String fence(int size) {
        return fence(size, "attempt", "(?, ?)");
    }

    /**
     * The condition that fences {@code size} held claims by their (id, attempt, claim token): binds
     * the ids, then the triples. The token tells a claim from an earlier one of the same node and
     * attempt that was released meanwhile ({@link io.redcron.domain.ClaimTokens}).
     */
    static String claimFence(int size) {
        return fence(size, "attempt, claim_token", "(?, ?, ?)");
    }

    private static String fence(int size, String columns, String tuple) {
        StringBuilder tuples = new StringBuilder(size * (tuple.length() + 2));
        for (int i = 0; i < size; i++) {
            tuples.append(i == 0 ? "" : ", ").append(tuple);
        }
        return "id IN (" + MysqlSchedulerStore.placeholders(size) + ") AND (id, " + columns + ") IN (" + tuples + ")";
    }

    /**
     * The candidates this node's UPDATE did claim, when another claim took some first: those now
     * RUNNING here under this claim's token, one attempt on from what was read.
     */
    private static List<WaitingRun> claimedOf(Connection connection, List<WaitingRun> candidates, String node,
                                           long claim) throws SQLException {
        Map<Long, Integer> ours = new HashMap<>();
        List<Object> ids = new ArrayList<>(candidates.size());
        candidates.forEach(row -> ids.add(row.run().id()));
        for (Object[] row : Jdbc.list(connection, RunChanges.in(CLAIMED_BY, ids.size()),
                row -> new Object[] {row.getLong(1), row.getInt(2)}, prepend(List.of(node, claim), ids))) {
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

    boolean handBack(long runId, int attempt, long claim, String node, Instant now, String reason) {
        String error = RunChanges.error(reason);
        return jdbc.transaction("hand back run " + runId, connection -> {
            if (Jdbc.update(connection, RELEASE, error, now, runId, attempt, node, claim) == 1) {
                return true;
            }
            if (Jdbc.update(connection, HAND_BACK, now, error, runId, attempt, node) != 1) {
                return false;
            }
            AttemptArchive.requeued(connection, runId, attempt, now, AttemptEnding.HANDED_BACK);
            return true;
        });
    }

    List<Claim> beginAll(String node, List<StartMark> marks, Instant now, Duration misfireThreshold,
                         Instant recheckAt) {
        if (marks.isEmpty()) {
            return List.of();
        }
        List<Long> ids = marks.stream().map(StartMark::runId).distinct().sorted().toList();
        if (ids.size() != marks.size()) {
            throw new IllegalArgumentException("marks: one per run, got " + marks.size() + " for " + ids.size() + " runs");
        }
        Instant start = Jdbc.millis(now);
        Instant lease = Jdbc.millis(marks.get(0).leaseUntil());
        Instant recheck = Jdbc.millis(recheckAt);
        Map<Long, Claim> begun = new HashMap<>();
        List<HeldRow> weighed = new ArrayList<>();
        // The runs whose rules need no weighing begin by one conditional UPDATE (a plain read, the
        // UPDATE fenced by node and attempt): the usual case, and the one on every run's way to
        // its slot. Repeatable: a mark already written reads as begun.
        jdbc.autoCommitRepeatable("begin " + marks.size() + " runs", connection -> {
            begun.clear();
            weighed.clear();
            Map<Long, HeldRow> rows = new HashMap<>();
            for (HeldRow row : Jdbc.list(connection, RunChanges.in(READ_HELD, ids.size()), HeldRow::read, ids.toArray())) {
                rows.put(row.run().id(), row);
            }
            List<HeldRow> toBegin = new ArrayList<>();
            for (StartMark mark : marks) {
                HeldRow row = rows.get(mark.runId());
                if (row == null || !row.heldBy(node, mark.attempt(), mark.claim())) {
                    begun.put(mark.runId(), Claim.unavailable(row == null ? null : row.run()));
                } else if (row.attemptBegan()) {
                    begun.put(mark.runId(), new Claim(Claim.Result.CLAIMED, row.run(), List.of()));
                } else {
                    toBegin.add(row);
                }
            }
            HeldBatch batch = HeldBatch.of(toBegin, start, misfireThreshold);
            weighed.addAll(batch.weighed());
            begun.putAll(beginOn(connection, batch.plain(), List.of(), node, lease, start, misfireThreshold, recheck));
            return null;
        });
        if (!weighed.isEmpty()) {
            // The weighed ones in a transaction of their own, so that the plain ones do not wait
            // for their tasks' locks.
            begun.putAll(jdbc.transaction("begin " + weighed.size() + " runs under their tasks' rules",
                    connection -> beginOn(connection, List.of(), weighed, node, lease, start, misfireThreshold,
                            recheck)));
        }
        List<Claim> results = new ArrayList<>(marks.size());
        for (StartMark mark : marks) {
            results.add(begun.get(mark.runId()));
        }
        return results;
    }

    private static Optional<Run> claimIn(Connection connection, long runId, String node, Instant now, Instant leaseUntil)
            throws SQLException {
        long claim = ClaimTokens.next();
        if (Jdbc.update(connection, CLAIM, node, claim, leaseUntil, now, Jdbc.millis(now), runId, now) == 0) {
            return Optional.empty();
        }
        return Jdbc.one(connection, RunRows.BY_ID, RunRows::read, runId);
    }

    boolean renewLease(long runId, int attempt, String node, Instant leaseUntil) {
        return jdbc.autoCommit("renew the lease of run " + runId,
                connection -> Jdbc.update(connection, RENEW, leaseUntil, runId, attempt, node) == 1);
    }
}
