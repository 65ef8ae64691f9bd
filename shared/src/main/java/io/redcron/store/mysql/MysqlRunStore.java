package io.redcron.store.mysql;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.TriggerType;
import io.redcron.port.Claim;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.TaskNotFoundException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Run history in {@code task_run}. Every status change is one conditional {@code UPDATE} that
 * names the state it expects, so of two racing nodes exactly one changes the row.
 *
 * <p>Cron fires are whole seconds and unique per {@code (task_id, scheduled_at)}. Manual runs
 * take the millisecond they were requested, moved on to the next free one that is not a whole
 * second: a manual run can never occupy, and so never swallow, a cron fire.
 *
 * <p>A claim needs an attempt left ({@code attempt - lost_attempts < max_attempts}) and takes only
 * a waiting run (QUEUED, or RETRYING once its backoff is over). A RUNNING run whose lease expired
 * is not claimed directly: the leader's reaper records the lost attempt first and queues it again,
 * so every lost attempt is on record.
 */
public final class MysqlRunStore implements RunStore {
    private static final int MAX_ERROR = 2000;
    private static final int MAX_MANUAL_TRIES = 1000;
    private static final String BY_ID = "SELECT " + RunRows.COLUMNS + " FROM task_run r WHERE r.id = ?";
    private static final String BY_FIRE = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r.task_id = ? AND r.scheduled_at = ?";
    private static final String INSERT_COLUMNS = " INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, created_at, params)"
            + " SELECT t.id, t.namespace, t.name, t.task_group, ?, ?, ?, 'QUEUED', 0, ?, ?, ? FROM task t WHERE t.id = ?";
    private static final String INSERT = "INSERT" + INSERT_COLUMNS;
    // A fire recorded before is kept as it is; IGNORE rather than ON DUPLICATE KEY UPDATE, which
    // needs the UPDATE right on every inserted column (see MysqlSchedulerStore).
    private static final String INSERT_CRON_FIRE = "INSERT IGNORE" + INSERT_COLUMNS;
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
    private static final String WRITTEN_STATE = "SELECT id, attempt, status, finished_at FROM task_run WHERE id IN (%s)";
    private static final String CLAIMED_BY = "SELECT id, attempt FROM task_run WHERE node = ? AND lease_until = ?"
            + " AND " + RunTransition.condition(java.util.EnumSet.of(RunStatus.RUNNING)) + " AND id IN (%s)";
    private static final String LOCK_ATTEMPTS = "SELECT id, attempt, status, node FROM task_run WHERE id IN (%s)"
            + " ORDER BY id FOR UPDATE";
    private static final String RENEW = "UPDATE task_run SET lease_until = ?"
            + " WHERE id = ? AND attempt = ? AND node = ? AND " + RunTransition.RECORD_OUTCOME.fromCondition()
            + " AND cancel_requested = FALSE";
    private static final String COMPLETE = "UPDATE task_run SET status = ?, finished_at = ?, exit_code = ?,"
            + " output = ?, error = ?, due_at = ?, lease_until = NULL WHERE id = ? AND attempt = ? AND status = ?";
    // An attempt that began and is handed back counts as lost; a claim that never began (a run held
    // for its time) is released: its attempt is taken back, as if it had never been claimed. Either
    // way the run is due at its time, not before.
    private static final String HAND_BACK = "UPDATE task_run SET " + RunTransition.HAND_BACK.toAssignment()
            + ", lost_attempts = lost_attempts + 1, lease_until = NULL, due_at = GREATEST(?, scheduled_at), error = ?"
            + " WHERE id = ? AND attempt = ? AND node = ? AND attempt_began = TRUE AND "
            + RunTransition.HAND_BACK.fromCondition();
    private static final String RELEASE = "UPDATE task_run SET " + RunTransition.RELEASE_UNSTARTED.toAssignment()
            + ", due_at = GREATEST(?, scheduled_at), error = ?, attempt = attempt - 1, node = NULL, lease_until = NULL,"
            + " started_at = NULL, attempt_began = TRUE WHERE id = ? AND attempt = ? AND node = ?"
            + " AND attempt_began = FALSE AND " + RunTransition.RELEASE_UNSTARTED.fromCondition();
    private static final String MARK_STARTED = "UPDATE task_run SET attempt_began = TRUE, lease_until = ?"
            + " WHERE id IN (%s) AND node = ? AND cancel_requested = FALSE AND "
            + RunTransition.RECORD_OUTCOME.fromCondition();
    private static final String STARTED_BY = "SELECT id, attempt FROM task_run WHERE id IN (%s) AND node = ?"
            + " AND attempt_began = TRUE AND cancel_requested = FALSE AND " + RunTransition.RECORD_OUTCOME.fromCondition();
    private static final String FOR_UPDATE = BY_ID + " FOR UPDATE";
    private static final String CANCEL_IDLE = "UPDATE task_run SET " + RunTransition.CANCEL_WAITING.toAssignment()
            + ", finished_at = ?, error = ? WHERE id = ? AND " + RunTransition.CANCEL_WAITING.fromCondition();
    private static final String MARK_CANCEL = "UPDATE task_run SET cancel_requested = TRUE WHERE id = ? AND "
            + RunTransition.RECORD_OUTCOME.fromCondition();
    /** The ends of a run that waits, by name: what {@link #changeIdle} may do. */
    private static final List<RunTransition> IDLE_CHANGES = List.of(RunTransition.CANCEL_WAITING,
            RunTransition.FAIL_WAITING, RunTransition.SKIP);

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlRunStore(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public Run insertOrGetCronFire(long taskId, Instant scheduledAt, int maxAttempts) {
        if (scheduledAt.getNano() != 0) {
            throw new IllegalArgumentException("scheduledAt: a cron fire is a whole second, got " + scheduledAt);
        }
        checkAttempts(maxAttempts);
        return jdbc.transaction("record the fire of task " + taskId + " at " + scheduledAt, connection -> {
            // Due from when it is recorded: a fire recorded late (after an outage) has waited for nobody yet.
            Instant now = now();
            Jdbc.insertSkippingDuplicates(connection, INSERT_CRON_FIRE, TriggerType.CRON, scheduledAt, now, maxAttempts,
                    now, "{}", taskId);
            return Jdbc.one(connection, BY_FIRE, RunRows::read, taskId, scheduledAt)
                    .orElseThrow(() -> new TaskNotFoundException("with id " + taskId));
        });
    }

    @Override
    public Run insertManual(long taskId, Instant requestedAt, int maxAttempts, Map<String, String> params) {
        checkAttempts(maxAttempts);
        String paramsJson = Json.write(params == null ? Map.of() : params);
        return jdbc.transaction("record a manual run of task " + taskId, connection -> {
            Instant at = offTheSecond(Jdbc.millis(requestedAt));
            for (int tries = 0; tries < MAX_MANUAL_TRIES; tries++) {
                Optional<Long> id = tryInsert(connection, taskId, at, maxAttempts, paramsJson);
                if (id.isPresent()) {
                    return Jdbc.one(connection, BY_ID, RunRows::read, id.get()).orElseThrow();
                }
                at = offTheSecond(at.plusMillis(1));
            }
            throw new IllegalStateException("task " + taskId + " has runs at every millisecond from " + requestedAt
                    + " on; no free moment for a manual run");
        });
    }

    @Override
    public Optional<Run> get(long id) {
        return jdbc.autoCommit("read run " + id, connection -> Jdbc.one(connection, BY_ID, RunRows::read, id));
    }

    @Override
    public Page<Run> list(RunFilter filter, PageRequest page) {
        RunQuery query = RunQuery.of(filter);
        return jdbc.autoCommit("list runs", connection -> new Page<>(
                Jdbc.list(connection, query.select(), RunRows::readListed, query.values(page)),
                Jdbc.count(connection, query.count(), query.values()), page.offset(), page.limit()));
    }

    @Override
    public Map<Long, RunStatus> lastResults(java.util.Collection<Long> taskIds) {
        if (taskIds.isEmpty()) {
            return Map.of();
        }
        List<Long> ids = List.copyOf(new java.util.LinkedHashSet<>(taskIds));
        // Newest ended run per task, found through the (task_id, scheduled_at) key.
        String sql = "SELECT task_id, status FROM (SELECT task_id, status, ROW_NUMBER() OVER (PARTITION BY task_id"
                + " ORDER BY scheduled_at DESC) AS newest FROM task_run WHERE task_id IN ("
                + MysqlSchedulerStore.placeholders(ids.size()) + ") AND status IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT',"
                + " 'CANCELLED', 'SKIPPED')) ranked WHERE newest = 1";
        return jdbc.autoCommit("read the last results of tasks", connection -> {
            Map<Long, RunStatus> results = new java.util.HashMap<>();
            for (Object[] row : Jdbc.list(connection, sql, r -> new Object[] {r.getLong(1), r.getString(2)},
                    ids.toArray())) {
                results.put((Long) row[0], RunStatus.valueOf((String) row[1]));
            }
            return results;
        });
    }

    @Override
    public Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil) {
        return jdbc.transaction("claim run " + runId, connection -> claimIn(connection, runId, node, now, leaseUntil));
    }

    @Override
    public Claim claim(long runId, String node, Instant now, Instant leaseUntil, Duration misfireThreshold,
                       Instant recheckAt) {
        return jdbc.transaction("claim run " + runId, connection -> {
            Optional<Waiting> found = Jdbc.one(connection, in(READ_WAITING, 1), Waiting::read, runId);
            if (found.isEmpty()) {
                // Gone, final, or running: nothing to claim (a running one is its owner's to stop).
                return Claim.unavailable(Jdbc.one(connection, BY_ID, RunRows::read, runId).orElse(null));
            }
            return PolicyClaim.decide(connection, found.get().unfinished(), now, misfireThreshold, recheckAt,
                    c -> claimIn(c, runId, node, now, leaseUntil));
        });
    }

    @Override
    public BatchClaim claimAll(Collection<Long> runIds, String node, Instant now, Instant leaseUntil,
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
            List<Waiting> waiting = Jdbc.list(connection, in(READ_WAITING, ids.size()), Waiting::read, ids.toArray());
            List<Waiting> candidates = new ArrayList<>();
            List<Long> passed = new ArrayList<>();
            for (Waiting row : waiting) {
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
            List<Waiting> won = changed == candidates.size() ? candidates
                    : claimedOf(connection, candidates, node, lease);
            List<Run> claimed = new ArrayList<>(won.size());
            for (Waiting row : won) {
                claimed.add(row.claimedBy(node, lease, start));
            }
            return new BatchClaim(claimed, passed);
        });
    }

    /** The conditional UPDATE of {@link #claimAll}; returns how many runs it claimed. */
    private static int claimCandidates(Connection connection, List<Waiting> candidates, String node, Instant lease,
                                       Instant start) throws SQLException {
        StringBuilder attempts = new StringBuilder("CASE id");
        List<Object> values = new ArrayList<>(4 + candidates.size() * 3);
        values.addAll(List.of(node, lease, start, start));
        for (Waiting row : candidates) {
            values.add(row.run().id());
        }
        values.add(start);
        for (Waiting row : candidates) {
            attempts.append(" WHEN ? THEN ?");
            values.add(row.run().id());
            values.add(row.run().attempt());
        }
        String sql = in(CLAIM_ALL, candidates.size()) + " AND attempt = " + attempts + " END";
        return Jdbc.update(connection, sql, values.toArray());
    }

    /**
     * The candidates this node's UPDATE did claim, when another claim took some first: those now
     * RUNNING here under this lease, one attempt on from what was read.
     */
    private static List<Waiting> claimedOf(Connection connection, List<Waiting> candidates, String node,
                                           Instant lease) throws SQLException {
        Map<Long, Integer> ours = new HashMap<>();
        List<Object> ids = new ArrayList<>(candidates.size());
        candidates.forEach(row -> ids.add(row.run().id()));
        for (Object[] row : Jdbc.list(connection, in(CLAIMED_BY, ids.size()),
                row -> new Object[] {row.getLong(1), row.getInt(2)}, prepend(List.of(node, lease), ids))) {
            ours.put((Long) row[0], (Integer) row[1]);
        }
        List<Waiting> won = new ArrayList<>();
        for (Waiting row : candidates) {
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

    /** A waiting run as read by {@link #claimAll}, with its task's concurrency policy (null: the task is gone). */
    private record Waiting(UnfinishedRun unfinished, ConcurrencyPolicy concurrency) {
        static Waiting read(ResultSet row) throws SQLException {
            String policy = row.getString("concurrency_policy");
            return new Waiting(PolicyClaim.readUnfinished(row), policy == null ? null : ConcurrencyPolicy.valueOf(policy));
        }

        Run run() {
            return unfinished.run();
        }

        /** The row as CLAIM leaves it. */
        Run claimedBy(String node, Instant leaseUntil, Instant now) {
            Run run = run();
            Instant plannedStart = run.scheduledAt().isAfter(now) ? run.scheduledAt() : now;
            return new Run(run.id(), run.taskId(), run.namespace(), run.taskName(), run.group(), run.trigger(),
                    run.scheduledAt(), RunStatus.RUNNING, run.attempt() + 1, run.maxAttempts(), run.lostAttempts(), node,
                    leaseUntil, run.createdAt(), plannedStart, null, null, null, run.error(), run.params());
        }
    }

    /** The statement with its {@code %s} replaced by {@code size} placeholders (on every claim: no Formatter). */
    private static String in(String sql, int size) {
        return sql.replace("%s", MysqlSchedulerStore.placeholders(size));
    }

    @Override
    public boolean handBack(long runId, int attempt, String node, Instant now, String reason) {
        String error = Text.truncate(Text.sanitize(reason), MAX_ERROR);
        return jdbc.autoCommit("hand back run " + runId, connection ->
                Jdbc.update(connection, RELEASE, now, error, runId, attempt, node) == 1
                        || Jdbc.update(connection, HAND_BACK, now, error, runId, attempt, node) == 1);
    }

    @Override
    public List<Boolean> markStarted(String node, List<StartMark> marks) {
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
            String sql = in(MARK_STARTED, ids.size()) + " AND attempt = " + attempts + " END";
            int changed = Jdbc.update(connection, sql, values.toArray());
            if (changed == marks.size()) {
                return java.util.Collections.nCopies(marks.size(), Boolean.TRUE);
            }
            Map<Long, Integer> started = new HashMap<>();
            List<Object> read = new ArrayList<>(ids);
            read.add(node);
            for (Object[] row : Jdbc.list(connection, in(STARTED_BY, ids.size()),
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

    @Override
    public Optional<Run> requestCancel(long runId, Instant now, String reason) {
        return jdbc.transaction("cancel run " + runId, connection -> {
            Optional<Run> run = Jdbc.one(connection, FOR_UPDATE, RunRows::read, runId);
            if (run.isEmpty() || run.get().status().isFinal()) {
                return run;
            }
            if (run.get().status() == RunStatus.RUNNING) {
                Jdbc.update(connection, MARK_CANCEL, runId);
            } else {
                Jdbc.update(connection, CANCEL_IDLE, now, Text.truncate(Text.sanitize(reason), MAX_ERROR), runId);
            }
            return Optional.of(reread(connection, runId));
        });
    }

    private static Optional<Run> claimIn(Connection connection, long runId, String node, Instant now, Instant leaseUntil)
            throws SQLException {
        if (Jdbc.update(connection, CLAIM, node, leaseUntil, now, Jdbc.millis(now), runId, now) == 0) {
            return Optional.empty();
        }
        return Jdbc.one(connection, BY_ID, RunRows::read, runId);
    }

    private static Run reread(Connection connection, long runId) throws SQLException {
        return Jdbc.one(connection, BY_ID, RunRows::read, runId).orElseThrow();
    }

    @Override
    public boolean renewLease(long runId, int attempt, String node, Instant leaseUntil) {
        return jdbc.autoCommit("renew the lease of run " + runId,
                connection -> Jdbc.update(connection, RENEW, leaseUntil, runId, attempt, node) == 1);
    }

    @Override
    public boolean complete(long runId, int attempt, RunStatus from, RunOutcome outcome) {
        checkTransition(runId, from, outcome.status());
        Object[] values = completeValues(new Completion(runId, attempt, from, outcome, null));
        return jdbc.autoCommit("record the outcome of run " + runId,
                connection -> Jdbc.update(connection, COMPLETE, values) == 1);
    }

    @Override
    public List<Boolean> completeAll(List<Completion> completions) {
        if (completions.isEmpty()) {
            return List.of();
        }
        for (Completion completion : completions) {
            checkTransition(completion.runId(), completion.from(), completion.outcome().status());
        }
        List<Long> ids = completions.stream().map(Completion::runId).distinct().sorted().toList();
        String what = "record the outcomes of " + completions.size() + " runs";
        if (ids.size() != completions.size()) {
            // One run twice in a batch: each outcome checked in turn, under the rows' locks.
            return jdbc.transaction(what, connection -> completeLocked(connection, completions, ids));
        }
        // One UPDATE per shape of outcome, each its own commit: every outcome is fenced by its
        // attempt in the statement itself, and no outcome depends on another. The counts prove
        // the usual case, every outcome written; otherwise the rows say which were.
        return jdbc.autoCommitRepeatable(what, connection -> {
            Set<Long> refused = new HashSet<>();
            for (Map.Entry<Shape, List<Completion>> group : byShape(completions).entrySet()) {
                if (completeGroup(connection, group.getKey(), group.getValue()) != group.getValue().size()) {
                    refused.addAll(notWritten(connection, group.getKey(), group.getValue()));
                }
            }
            List<Boolean> applied = new ArrayList<>(completions.size());
            for (Completion completion : completions) {
                applied.add(!refused.contains(completion.runId()));
            }
            return applied;
        });
    }

    /**
     * The outcomes of a group its UPDATE did not write: those whose row is not in that outcome's
     * state for that attempt. (A row written by an earlier try of the same work counts as written.)
     */
    private static Set<Long> notWritten(Connection connection, Shape shape, List<Completion> group)
            throws SQLException {
        Map<Long, Object[]> rows = new HashMap<>();
        List<Object> ids = new ArrayList<>(group.size());
        group.forEach(completion -> ids.add(completion.runId()));
        for (Object[] row : Jdbc.list(connection, in(WRITTEN_STATE, ids.size()), row -> new Object[] {row.getLong(1),
            row.getInt(2), row.getString(3), Jdbc.instant(row, "finished_at")}, ids.toArray())) {
            rows.put((Long) row[0], row);
        }
        Set<Long> refused = new HashSet<>();
        for (Completion completion : group) {
            Object[] row = rows.get(completion.runId());
            boolean written = row != null && (Integer) row[1] == completion.attempt()
                    && shape.to().name().equals(row[2])
                    && Jdbc.millis(completion.outcome().finishedAt()).equals(row[3]);
            if (!written) {
                refused.add(completion.runId());
            }
        }
        return refused;
    }

    /**
     * Locks the rows first, so each outcome's fence is checked here and the UPDATEs (which repeat
     * it) change exactly the rows that passed.
     */
    private static List<Boolean> completeLocked(Connection connection, List<Completion> completions, List<Long> ids)
            throws SQLException {
        Map<Long, Object[]> current = new HashMap<>();
        for (Object[] row : Jdbc.list(connection, in(LOCK_ATTEMPTS, ids.size()),
                row -> new Object[] {row.getLong(1), row.getInt(2) + " " + row.getString(3), row.getString(4)},
                ids.toArray())) {
            current.put((Long) row[0], row);
        }
        List<Boolean> applied = new ArrayList<>(completions.size());
        List<Completion> fenced = new ArrayList<>();
        for (Completion completion : completions) {
            Object[] row = current.remove(completion.runId());
            boolean passes = row != null && (completion.attempt() + " " + completion.from().name()).equals(row[1])
                    && (completion.node() == null || completion.node().equals(row[2]));
            applied.add(passes);
            if (passes) {
                fenced.add(completion);
            }
        }
        int changed = completeGroups(connection, fenced);
        if (changed != fenced.size()) {
            // The rows are locked and were checked with the UPDATEs' own conditions: never expected.
            throw new IllegalStateException("recording " + fenced.size() + " locked outcomes changed " + changed + " rows");
        }
        return applied;
    }

    /** Writes the outcomes, one statement per shape; returns how many rows their fences let through. */
    private static int completeGroups(Connection connection, List<Completion> completions) throws SQLException {
        int changed = 0;
        for (Map.Entry<Shape, List<Completion>> group : byShape(completions).entrySet()) {
            changed += completeGroup(connection, group.getKey(), group.getValue());
        }
        return changed;
    }

    private static Map<Shape, List<Completion>> byShape(List<Completion> completions) {
        Map<Shape, List<Completion>> byShape = new LinkedHashMap<>();
        for (Completion completion : completions) {
            byShape.computeIfAbsent(Shape.of(completion), shape -> new ArrayList<>()).add(completion);
        }
        return byShape;
    }

    /** Outcomes that differ only in when they finished are written by one statement. */
    private record Shape(RunStatus from, RunStatus to, Integer exitCode, String output, String error, Instant retryAt,
                         String node) {
        static Shape of(Completion completion) {
            RunOutcome outcome = completion.outcome();
            return new Shape(completion.from(), outcome.status(), outcome.exitCode(), Text.sanitize(outcome.output()),
                    Text.truncate(Text.sanitize(outcome.error()), MAX_ERROR), outcome.retryAt(), completion.node());
        }
    }

    private static int completeGroup(Connection connection, Shape shape, List<Completion> group) throws SQLException {
        StringBuilder started = new StringBuilder("CASE id");
        StringBuilder finished = new StringBuilder("CASE id");
        StringBuilder attempts = new StringBuilder("CASE id");
        List<Object> startedValues = new ArrayList<>();
        List<Object> finishedValues = new ArrayList<>();
        List<Object> attemptValues = new ArrayList<>();
        List<Object> ids = new ArrayList<>();
        for (Completion completion : group) {
            started.append(" WHEN ? THEN ?");
            finished.append(" WHEN ? THEN ?");
            attempts.append(" WHEN ? THEN ?");
            startedValues.add(completion.runId());
            startedValues.add(completion.startedAt());
            finishedValues.add(completion.runId());
            finishedValues.add(completion.outcome().finishedAt());
            attemptValues.add(completion.runId());
            attemptValues.add(completion.attempt());
            ids.add(completion.runId());
        }
        // started_at: the real start replaces the planned one the claim wrote (null: it never started).
        String sql = "UPDATE task_run SET status = ?, started_at = " + started + " END, finished_at = " + finished
                + " END, exit_code = ?, output = ?, error = ?, due_at = ?, lease_until = NULL WHERE id IN ("
                + MysqlSchedulerStore.placeholders(ids.size()) + ") AND status = ? AND attempt = " + attempts + " END"
                + (shape.node() == null ? "" : " AND node = ?");
        List<Object> values = new ArrayList<>();
        values.add(shape.to());
        values.addAll(startedValues);
        values.addAll(finishedValues);
        values.addAll(java.util.Arrays.asList(shape.exitCode(), shape.output(), shape.error(), shape.retryAt()));
        values.addAll(ids);
        values.add(shape.from());
        values.addAll(attemptValues);
        if (shape.node() != null) {
            values.add(shape.node());
        }
        return Jdbc.update(connection, sql, values.toArray());
    }

    private static Object[] completeValues(Completion completion) {
        RunOutcome outcome = completion.outcome();
        String error = Text.truncate(Text.sanitize(outcome.error()), MAX_ERROR);
        return new Object[] {outcome.status(), outcome.finishedAt(), outcome.exitCode(), Text.sanitize(outcome.output()),
            error, outcome.retryAt(), completion.runId(), completion.attempt(), completion.from()};
    }

    @Override
    public boolean changeIdle(long runId, RunStatus from, RunStatus to, String error, Instant now) {
        if (from != RunStatus.QUEUED && from != RunStatus.RETRYING) {
            throw new IllegalArgumentException("from: only a QUEUED or RETRYING run is idle, got " + from);
        }
        RunTransition transition = IDLE_CHANGES.stream().filter(candidate -> candidate.allows(from, to)).findFirst()
                .orElseThrow(() -> new IllegalStateException("run " + runId + ": a waiting " + from + " run cannot become "
                        + to));
        // A run that has been attempted is finished or run again, never skipped.
        String sql = "UPDATE task_run SET " + transition.toAssignment() + ", error = COALESCE(?, error),"
                + " finished_at = ? WHERE id = ? AND status = ?" + (transition == RunTransition.SKIP ? " AND attempt = 0" : "");
        Object[] values = {Text.truncate(Text.sanitize(error), MAX_ERROR), now, runId, from};
        return jdbc.autoCommit("change run " + runId + " to " + to,
                connection -> Jdbc.update(connection, sql, values) == 1);
    }

    /** The id of the new run, empty if the moment is taken; no task at all is an error. */
    private Optional<Long> tryInsert(Connection connection, long taskId, Instant at, int maxAttempts,
                                     String params) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
            Jdbc.bind(statement, TriggerType.MANUAL, at, at, maxAttempts, now(), params, taskId);
            if (statement.executeUpdate() == 0) {
                throw new TaskNotFoundException("with id " + taskId);
            }
            try (ResultSet keys = statement.getGeneratedKeys()) {
                keys.next();
                return Optional.of(keys.getLong(1));
            }
        } catch (SQLException e) {
            if (Jdbc.isDuplicateKey(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private Instant now() {
        return Jdbc.millis(clock.instant());
    }

    private static Instant offTheSecond(Instant at) {
        return at.getNano() == 0 ? at.plusMillis(1) : at;
    }

    private static void checkAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts: must be at least 1, got " + maxAttempts);
        }
    }

    private static void checkTransition(long runId, RunStatus from, RunStatus to) {
        RunTransition.RECORD_OUTCOME.check(runId, from, to);
    }
}
