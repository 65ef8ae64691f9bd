package io.redcron.testkit;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimTokens;
import io.redcron.domain.Run;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.Claim;
import io.redcron.port.Page;
import io.redcron.port.RecentResults;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.TaskNotFoundException;
import io.redcron.testkit.Tables.RunRow;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Run history in memory, under the MySQL store's rules: every status change is a named
 * {@link RunTransition} checked against {@link RunStatus}'s table, every write is fenced by the
 * status and attempt it expects, a claim needs an attempt left and a waiting run, and a run of a
 * task with rules to weigh is claimed under those rules atomically.
 */
public final class InMemoryRunStore implements RunStore {
    private static final Comparator<RunRow> NEWEST_FIRST = Comparator.comparing((RunRow row) -> row.scheduledAt)
            .thenComparingLong(row -> row.id).reversed();
    /** The ends of a run that waits, by name: what {@link #changeIdle} may do. */
    private static final List<RunTransition> IDLE_CHANGES = List.of(RunTransition.CANCEL_WAITING,
            RunTransition.FAIL_WAITING, RunTransition.SKIP);
    private static final int MAX_MANUAL_TRIES = 1000;

    private final Tables tables;

    InMemoryRunStore(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Run insertOrGetCronFire(long taskId, Instant scheduledAt, int maxAttempts) {
        if (scheduledAt.getNano() != 0) {
            throw new IllegalArgumentException("scheduledAt: a cron fire is a whole second, got " + scheduledAt);
        }
        checkAttempts(maxAttempts);
        synchronized (tables) {
            RunRow existing = tables.fire(taskId, scheduledAt);
            if (existing != null) {
                return existing.toRun();
            }
            Instant now = tables.now();
            RunRow row = new RunRow(tables.newRunId(), task(taskId), TriggerType.CRON, scheduledAt, maxAttempts, now,
                    now, Map.of());
            tables.runs.put(row.id, row);
            return row.toRun();
        }
    }

    @Override
    public Run insertManual(long taskId, Instant requestedAt, int maxAttempts, Map<String, String> params) {
        checkAttempts(maxAttempts);
        synchronized (tables) {
            Task task = task(taskId);
            // A manual run never takes a whole second, so it can never swallow a cron fire.
            Instant at = offTheSecond(Tables.millis(requestedAt));
            for (int tries = 0; tries < MAX_MANUAL_TRIES; tries++) {
                if (tables.fire(taskId, at) == null) {
                    RunRow row = new RunRow(tables.newRunId(), task, TriggerType.MANUAL, at, maxAttempts, tables.now(),
                            at, params);
                    tables.runs.put(row.id, row);
                    return row.toRun();
                }
                at = offTheSecond(at.plusMillis(1));
            }
            throw new IllegalStateException("task " + taskId + " has runs at every millisecond from " + requestedAt
                    + " on; no free moment for a manual run");
        }
    }

    @Override
    public Run insertShardAgain(Run shard, Instant requestedAt, int maxAttempts) {
        checkAttempts(maxAttempts);
        if (!shard.isShard()) {
            throw new IllegalArgumentException("run " + shard.id() + " is no shard");
        }
        synchronized (tables) {
            Task task = task(shard.taskId());
            Instant at = offTheSecond(Tables.millis(requestedAt));
            while (tables.takenByShard(shard.taskId(), at, shard.shardIndex())) {
                at = offTheSecond(at.plusMillis(1));
            }
            RunRow row = new RunRow(tables.newRunId(), task, TriggerType.MANUAL, at, maxAttempts, tables.now(), at,
                    shard.params());
            row.status = RunStatus.QUEUED;
            row.shardIndex = shard.shardIndex();
            row.shardTotal = shard.shardTotal();
            tables.runs.put(row.id, row);
            return row.toRun();
        }
    }

    @Override
    public Requested insertRequested(long taskId, io.redcron.domain.RunRequest request, Instant now, int maxAttempts) {
        checkAttempts(maxAttempts);
        synchronized (tables) {
            Task task = task(taskId);
            List<Object> key = request.idempotencyKey() == null ? null : List.of(taskId, request.idempotencyKey());
            if (key != null && tables.requestKeys.containsKey(key)) {
                RunRow earlier = tables.runs.get(tables.requestKeys.get(key));
                if (earlier != null) {
                    return new Requested(earlier.toRun(), false);
                }
            }
            boolean later = request.isLater(now);
            Instant asked = Tables.millis(later ? request.at() : now);
            Instant at = offTheSecond(asked);
            while (tables.fire(taskId, at) != null) {
                at = offTheSecond(at.plusMillis(1));
            }
            RunRow row = new RunRow(tables.newRunId(), task, later ? TriggerType.ONE_OFF : TriggerType.MANUAL, at,
                    maxAttempts, tables.now(), at, request.params());
            tables.runs.put(row.id, row);
            if (key != null) {
                tables.requestKeys.put(key, row.id);
            }
            return new Requested(row.toRun(), true);
        }
    }

    @Override
    public Optional<Run> get(long id) {
        synchronized (tables) {
            return Optional.ofNullable(tables.runs.get(id)).map(RunRow::toRun);
        }
    }

    @Override
    public List<Run> shards(Run parent) {
        synchronized (tables) {
            RunRow row = tables.runs.get(parent.id());
            return row == null ? List.of() : tables.shards(row).stream().map(RunRow::toListed).toList();
        }
    }

    @Override
    public Optional<Run> parent(Run shard) {
        synchronized (tables) {
            return shard.isShard() && shard.trigger() == TriggerType.SHARD
                    ? Optional.ofNullable(tables.fire(shard.taskId(), shard.scheduledAt())).map(RunRow::toRun)
                    : Optional.empty();
        }
    }

    @Override
    public Page<Run> list(RunFilter filter, PageRequest page) {
        synchronized (tables) {
            List<Run> matching = tables.runs.values().stream().filter(matches(filter)).sorted(NEWEST_FIRST)
                    .map(RunRow::toListed).toList();
            return Pages.of(matching, page);
        }
    }

    @Override
    public Map<Long, RecentResults> recentResults(Collection<Long> taskIds, int last) {
        if (last < 1) {
            throw new IllegalArgumentException("last: at least 1, got " + last);
        }
        synchronized (tables) {
            Map<Long, List<RunRow>> byTask = new HashMap<>();
            for (RunRow row : tables.runs.values()) {
                if (taskIds.contains(row.taskId)) {
                    byTask.computeIfAbsent(row.taskId, id -> new ArrayList<>()).add(row);
                }
            }
            Map<Long, RecentResults> results = new HashMap<>();
            byTask.forEach((task, rows) -> {
                // As MySQL reads them: the newest runs, then the ended ones among them.
                List<RunRow> latest = rows.stream().sorted(Comparator.comparing((RunRow row) -> row.scheduledAt).reversed())
                        .limit(last + RecentResults.UNFINISHED_AHEAD).filter(row -> row.status.isFinal()).limit(last).toList();
                if (latest.isEmpty()) {
                    return;
                }
                int outcomes = (int) latest.stream().filter(row -> row.status == RunStatus.SUCCEEDED
                        || RunStatus.FAILURES.contains(row.status)).count();
                int succeeded = (int) latest.stream().filter(row -> row.status == RunStatus.SUCCEEDED).count();
                results.put(task, new RecentResults(latest.get(0).status, latest.get(0).finishedAt, outcomes, succeeded));
            });
            return results;
        }
    }

    @Override
    public Optional<Instant> lastSuccess(String namespace, long taskId) {
        synchronized (tables) {
            return tables.runs.values().stream()
                    .filter(row -> row.taskId == taskId && row.namespace.equals(namespace)
                            && row.status == RunStatus.SUCCEEDED)
                    .max(Comparator.comparingLong((RunRow row) -> row.id)).map(row -> row.finishedAt);
        }
    }

    @Override
    public Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil) {
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            if (row == null || !claimable(row, now)) {
                return Optional.empty();
            }
            Instant start = Tables.millis(now);
            claimRow(row, node, ClaimTokens.next(), start, Tables.millis(leaseUntil), row.trigger != TriggerType.CRON
                    || !row.scheduledAt.isAfter(start));
            return Optional.of(row.toRun());
        }
    }

    @Override
    public BatchClaim claimAll(Collection<Long> runIds, String node, Instant now, Instant leaseUntil,
                               Duration misfireThreshold) {
        Instant start = Tables.millis(now);
        Instant lease = Tables.millis(leaseUntil);
        synchronized (tables) {
            long claim = ClaimTokens.next();
            List<Run> begun = new ArrayList<>();
            List<Run> held = new ArrayList<>();
            for (long id : runIds.stream().distinct().sorted().toList()) {
                RunRow row = tables.runs.get(id);
                if (row == null || !RunTransition.CLAIM.from().contains(row.status)) {
                    continue;
                }
                if (row.cancelRequested) {
                    // Cancelled (or withdrawn by a task change) while it waited: it ends here, never run.
                    ClaimRules.Decision ended = ClaimRules.cancelled(row.toListed());
                    if (ended.verdict() == ClaimRules.Verdict.SKIP) {
                        row.move(RunTransition.SKIP, RunStatus.SKIPPED);
                    } else {
                        row.move(RunTransition.CANCEL_WAITING, RunStatus.CANCELLED);
                    }
                    row.finishedAt = start;
                    row.error = Texts.error(ended.reason());
                } else if (claimable(row, start)) {
                    Task task = tables.tasks.get(row.taskId);
                    boolean begins = ClaimRules.beginsAtClaim(row.unfinished(),
                            task == null ? null : task.concurrencyPolicy(), start, misfireThreshold);
                    claimRow(row, node, claim, start, lease, begins);
                    (begins ? begun : held).add(row.toRun());
                }
            }
            return new BatchClaim(begun, held);
        }
    }

    @Override
    public List<Claim> claimAndBeginAll(List<Long> runIds, String node, Instant now, Instant leaseUntil,
                                        Duration misfireThreshold, Instant recheckAt) {
        // Under the tables' monitor throughout: nobody sees a claim the begin then refuses.
        synchronized (tables) {
            BatchClaim batch = claimAll(runIds, node, now, leaseUntil, misfireThreshold);
            Map<Long, Claim> results = new HashMap<>();
            batch.begun().forEach(run -> results.put(run.id(), new Claim(Claim.Result.CLAIMED, run, List.of())));
            List<StartMark> marks = batch.held().stream()
                    .map(run -> StartMark.of(run, leaseUntil)).toList();
            List<Claim> begun = beginAll(node, marks, now, misfireThreshold, recheckAt);
            for (int i = 0; i < marks.size(); i++) {
                results.put(marks.get(i).runId(), begun.get(i));
            }
            return runIds.stream().map(id -> results.getOrDefault(id, Claim.unavailable(null))).toList();
        }
    }

    @Override
    public List<Claim> beginAll(String node, List<StartMark> marks, Instant now, Duration misfireThreshold,
                                Instant recheckAt) {
        if (marks.isEmpty()) {
            return List.of();
        }
        if (marks.stream().map(StartMark::runId).distinct().count() != marks.size()) {
            throw new IllegalArgumentException("marks: one per run, got " + marks.size() + " for fewer runs");
        }
        synchronized (tables) {
            return PolicyClaims.begin(tables, node, marks, Tables.millis(now), misfireThreshold,
                    Tables.millis(recheckAt));
        }
    }

    @Override
    public boolean handBack(long runId, int attempt, long claim, String node, Instant now, String reason) {
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            if (row == null || row.status != RunStatus.RUNNING || row.attempt != attempt || !node.equals(row.node)
                    || (!row.attemptBegan && row.claimToken != claim)) {
                // Not ours; or a claim that never began, released meanwhile and made again.
                return false;
            }
            Instant at = Tables.millis(now);
            boolean began = row.attemptBegan;
            if (began) {
                row.move(RunTransition.HAND_BACK, RunStatus.QUEUED);
                row.lostAttempts++;
            } else {
                // A claim that never began was no attempt: it is taken back.
                row.undoClaim(RunTransition.RELEASE_UNSTARTED, RunStatus.QUEUED);
            }
            row.leaseUntil = null;
            row.dueAt = at.isAfter(row.scheduledAt) ? at : row.scheduledAt;
            row.error = Texts.error(reason);
            if (began) {
                tables.archive(row, io.redcron.domain.AttemptEnding.HANDED_BACK, at, false);
            }
            return true;
        }
    }

    @Override
    public Optional<Run> requestCancel(long runId, Instant now, String reason) {
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            if (row == null || row.status.isFinal()) {
                return Optional.ofNullable(row).map(RunRow::toRun);
            }
            if (row.status == RunStatus.SHARDED) {
                tables.cancelSharded(row, now, reason);
            } else if (row.status == RunStatus.RUNNING) {
                row.cancelRequested = true;
            } else {
                row.move(RunTransition.CANCEL_WAITING, RunStatus.CANCELLED);
                row.finishedAt = Tables.millis(now);
                row.error = Texts.error(reason);
            }
            return Optional.of(row.toRun());
        }
    }

    @Override
    public boolean renewLease(long runId, int attempt, String node, Instant leaseUntil) {
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            if (row == null || row.status != RunStatus.RUNNING || row.attempt != attempt || !node.equals(row.node)
                    || row.cancelRequested) {
                return false;
            }
            row.leaseUntil = Tables.millis(leaseUntil);
            return true;
        }
    }

    @Override
    public boolean complete(long runId, int attempt, RunStatus from, RunOutcome outcome) {
        RunTransition.ofAttemptEnd(runId, from, outcome.status());
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            if (row == null || row.status != from || row.attempt != attempt) {
                return false;
            }
            record(row, outcome);
            archiveRetry(row, outcome);
            return true;
        }
    }

    @Override
    public List<Boolean> completeAll(List<Completion> completions) {
        for (Completion completion : completions) {
            RunTransition.ofAttemptEnd(completion.runId(), completion.from(), completion.outcome().status());
        }
        synchronized (tables) {
            Set<Long> seen = new HashSet<>();
            List<Boolean> applied = new ArrayList<>(completions.size());
            for (Completion completion : completions) {
                RunRow row = tables.runs.get(completion.runId());
                boolean passes = seen.add(completion.runId()) && row != null && row.status == completion.from()
                        && row.attempt == completion.attempt()
                        && (completion.node() == null || completion.node().equals(row.node));
                if (passes) {
                    record(row, completion.outcome());
                    // The real start replaces the planned one the claim wrote (null: it never started).
                    row.startedAt = Tables.millis(completion.startedAt());
                    archiveRetry(row, completion.outcome());
                }
                applied.add(passes);
            }
            return applied;
        }
    }

    @Override
    public boolean changeIdle(long runId, RunStatus from, RunStatus to, String error, Instant now) {
        if (from != RunStatus.QUEUED && from != RunStatus.RETRYING) {
            throw new IllegalArgumentException("from: only a QUEUED or RETRYING run is idle, got " + from);
        }
        RunTransition transition = IDLE_CHANGES.stream().filter(candidate -> candidate.allows(from, to)).findFirst()
                .orElseThrow(() -> new IllegalStateException("run " + runId + ": a waiting " + from
                        + " run cannot become " + to));
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            // A run that has been attempted is finished or run again, never skipped.
            if (row == null || row.status != from || (transition == RunTransition.SKIP && !row.neverAttempted())) {
                return false;
            }
            row.move(transition, to);
            if (error != null) {
                row.error = Texts.error(error);
            }
            row.finishedAt = Tables.millis(now);
            return true;
        }
    }

    private Task task(long taskId) {
        Task task = tables.tasks.get(taskId);
        if (task == null) {
            throw new TaskNotFoundException("with id " + taskId);
        }
        return task;
    }

    /** A retry keeps the attempt it ends beside the run. */
    private void archiveRetry(RunRow row, RunOutcome outcome) {
        if (outcome.retriedAfter() != null) {
            tables.archive(row, outcome.retriedAfter(), row.finishedAt, true);
        }
    }

    @Override
    public Map<Long, Run> getAll(Collection<Long> ids) {
        synchronized (tables) {
            Map<Long, Run> runs = new java.util.HashMap<>();
            for (Long id : ids) {
                RunRow row = tables.runs.get(id);
                if (row != null) {
                    runs.put(id, row.toListed());
                }
            }
            return runs;
        }
    }

    @Override
    public List<PastAttempt> attempts(long runId) {
        synchronized (tables) {
            return List.copyOf(tables.attempts.getOrDefault(runId, new java.util.TreeMap<>()).values());
        }
    }

    private static void record(RunRow row, RunOutcome outcome) {
        row.move(RunTransition.ofAttemptEnd(row.id, row.status, outcome.status()), outcome.status());
        row.finishedAt = Tables.millis(outcome.finishedAt());
        row.exitCode = outcome.exitCode();
        row.output = Texts.sanitize(outcome.output());
        row.error = Texts.error(outcome.error());
        row.dueAt = Tables.millis(outcome.retryAt());
        row.leaseUntil = null;
    }

    /** The conditions of a plain claim: a waiting run, due, with an attempt left and no cancel asked for. */
    private static boolean claimable(RunRow row, Instant now) {
        return RunTransition.CLAIM.from().contains(row.status) && row.unfinished().claimableAt(now);
    }

    /**
     * Claims a run for its next attempt, as claim {@code claim} of {@code node}; {@code begins}: the claim is an attempt at once, otherwise
     * it is held until begun. The planned start of a run claimed ahead is its time.
     */
    static void claimRow(RunRow row, String node, long claim, Instant now, Instant leaseUntil, boolean begins) {
        row.move(RunTransition.CLAIM, RunStatus.RUNNING);
        row.attempt++;
        row.node = node;
        row.claimToken = claim;
        row.leaseUntil = leaseUntil;
        row.startedAt = row.scheduledAt.isAfter(now) ? row.scheduledAt : now;
        row.attemptBegan = begins;
        row.finishedAt = null;
        row.exitCode = null;
        row.output = null;
    }

    private static Predicate<RunRow> matches(RunFilter filter) {
        return row -> (filter.namespace() == null || row.namespace.equals(filter.namespace()))
                && filter.admitsTask(row.taskId)
                && (filter.statuses().isEmpty() || filter.statuses().contains(row.status))
                && (filter.trigger() == null || row.trigger == filter.trigger())
                && (filter.from() == null || !row.scheduledAt.isBefore(filter.from()))
                && (filter.to() == null || row.scheduledAt.isBefore(filter.to()));
    }

    private static Instant offTheSecond(Instant at) {
        return at.getNano() == 0 ? at.plusMillis(1) : at;
    }

    private static void checkAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts: must be at least 1, got " + maxAttempts);
        }
    }
}
