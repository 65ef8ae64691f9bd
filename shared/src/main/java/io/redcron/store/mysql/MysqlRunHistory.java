package io.redcron.store.mysql;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.TriggerType;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RecentResults;
import io.redcron.port.RunFilter;
import io.redcron.port.TaskNotFoundException;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The record of runs: new cron fires and manual runs, reads and listings, an operator's cancel,
 * and the end of a run that waits.
 *
 * <p>Cron fires are whole seconds and unique per {@code (task_id, scheduled_at)}. Manual runs
 * take the millisecond they were requested, moved on to the next free one that is not a whole
 * second: a manual run can never occupy, and so never swallow, a cron fire.
 */
final class MysqlRunHistory {
    private static final String BY_FIRE = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r.task_id = ? AND r.scheduled_at = ? AND r.shard_index = " + Run.NOT_A_SHARD;
    private static final String INSERT_CRON_FIRE = NewRuns.INSERT_IGNORE;
    private static final String FOR_UPDATE = RunRows.BY_ID + " FOR UPDATE";
    /** The ends of a run that waits, by name: what {@link #changeIdle} may do. */
    private static final List<RunTransition> IDLE_CHANGES = List.of(RunTransition.CANCEL_WAITING,
            RunTransition.FAIL_WAITING, RunTransition.SKIP);

    /**
     * A task's newest runs through the {@code (task_id, scheduled_at)} key, in its order, up to the
     * limit: a fixed number of rows whatever its history. One statement per task: as parts of a
     * UNION, or with a condition on the status, MariaDB sorted a busy task's whole history instead.
     */
    private static final String RECENT_RUNS = "SELECT r.status, r.scheduled_at, r.finished_at FROM task_run r"
            + " WHERE r.task_id = ? ORDER BY r.scheduled_at DESC LIMIT ?";
    // One row of the state index (namespace, status, task_id, due_at, id): an ended run's due_at is
    // NULL, so its (namespace, SUCCEEDED, task) range ends at the newest success by id.
    private static final String LAST_SUCCESS = "SELECT r.finished_at FROM task_run r WHERE r.namespace = ?"
            + " AND r.status = 'SUCCEEDED' AND r.task_id = ? ORDER BY r.due_at DESC, r.id DESC LIMIT 1";
    /** Ids per statement, far below any server's limit on bound parameters. */
    private static final int IDS_PER_QUERY = 1000;

    private final Jdbc jdbc;
    private final Clock clock;

    MysqlRunHistory(Jdbc jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    Run insertOrGetCronFire(long taskId, Instant scheduledAt, int maxAttempts) {
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

    Run insertShardAgain(Run shard, Instant requestedAt, int maxAttempts) {
        checkAttempts(maxAttempts);
        if (!shard.isShard()) {
            throw new IllegalArgumentException("run " + shard.id() + " is no shard");
        }
        String paramsJson = Json.write(shard.params());
        return jdbc.transaction("record shard " + shard.shardIndex() + " of run " + shard.id() + " again",
                connection -> {
                    long id = NewRuns.insertShardAgainAtFreeMoment(connection, shard.taskId(), shard.shardIndex(),
                            shard.shardTotal(), requestedAt, maxAttempts, paramsJson, now());
                    return Jdbc.one(connection, RunRows.BY_ID, RunRows::read, id).orElseThrow();
                });
    }

    Run insertManual(long taskId, Instant requestedAt, int maxAttempts, Map<String, String> params) {
        checkAttempts(maxAttempts);
        String paramsJson = Json.write(params == null ? Map.of() : params);
        return jdbc.transaction("record a manual run of task " + taskId, connection -> {
            long id = NewRuns.insertAtFreeMoment(connection, taskId, TriggerType.MANUAL, requestedAt, maxAttempts,
                    paramsJson, now());
            return Jdbc.one(connection, RunRows.BY_ID, RunRows::read, id).orElseThrow();
        });
    }

    private static final String KEYED_RUN = "SELECT run_id FROM run_request_key WHERE task_id = ? AND idempotency_key = ?";
    private static final String INSERT_KEY = "INSERT INTO run_request_key (task_id, idempotency_key, run_id, created_at)"
            + " VALUES (?, ?, ?, ?)";
    // A key whose run retention deleted is given the new run; only if nobody did so meanwhile.
    private static final String REUSE_KEY = "UPDATE run_request_key SET run_id = ?, created_at = ?"
            + " WHERE task_id = ? AND idempotency_key = ? AND run_id = ?";

    /**
     * A repeated key finds its run before anything is written. Two requests with a new key both
     * insert a run, then the key: the second waits on the first's key row, and when that commits
     * gets a duplicate key, rolls its own run back, and returns the first's.
     */
    io.redcron.port.RunStore.Requested insertRequested(long taskId, io.redcron.domain.RunRequest request, Instant now,
                                                        int maxAttempts) {
        checkAttempts(maxAttempts);
        String paramsJson = Json.write(request.params());
        boolean later = request.isLater(now);
        TriggerType trigger = later ? TriggerType.ONE_OFF : TriggerType.MANUAL;
        Instant asked = Jdbc.millis(later ? request.at() : now);
        String key = request.idempotencyKey();
        return jdbc.transaction("record a requested run of task " + taskId, connection -> {
            Optional<Long> keyedRun = key == null ? Optional.empty()
                    : Jdbc.one(connection, KEYED_RUN, row -> row.getLong(1), taskId, key);
            if (keyedRun.isPresent()) {
                Optional<Run> earlier = Jdbc.one(connection, RunRows.BY_ID, RunRows::read, keyedRun.get());
                if (earlier.isPresent()) {
                    return new io.redcron.port.RunStore.Requested(earlier.get(), false);
                }
            }
            long id = NewRuns.insertAtFreeMoment(connection, taskId, trigger, asked, maxAttempts, paramsJson, now());
            if (key != null) {
                boolean keyed;
                try {
                    keyed = keyedRun.isPresent()
                            ? Jdbc.update(connection, REUSE_KEY, id, now(), taskId, key, keyedRun.get()) == 1
                            : Jdbc.update(connection, INSERT_KEY, taskId, key, id, now()) == 1;
                } catch (SQLException e) {
                    if (!Jdbc.isDuplicateKey(e)) {
                        throw e;
                    }
                    keyed = false;
                }
                if (!keyed) {
                    // Another request with this key recorded its run first: that one is the run.
                    connection.rollback();
                    long first = Jdbc.one(connection, KEYED_RUN, row -> row.getLong(1), taskId, key).orElseThrow();
                    return new io.redcron.port.RunStore.Requested(RunRows.reread(connection, first), false);
                }
            }
            return new io.redcron.port.RunStore.Requested(RunRows.reread(connection, id), true);
        });
    }

    List<Run> shards(Run parent) {
        return jdbc.autoCommit("read the shards of run " + parent.id(), connection -> ShardRows.shards(connection, parent));
    }

    Optional<Run> parent(Run shard) {
        if (!shard.isShard() || shard.trigger() != TriggerType.SHARD) {
            return Optional.empty();
        }
        return jdbc.autoCommit("read the parent of run " + shard.id(), connection -> Jdbc.one(connection, BY_FIRE,
                RunRows::read, shard.taskId(), shard.scheduledAt()));
    }

    Optional<Run> get(long id) {
        return jdbc.autoCommit("read run " + id, connection -> Jdbc.one(connection, RunRows.BY_ID, RunRows::read, id));
    }

    Map<Long, Run> getAll(Collection<Long> ids) {
        Map<Long, Run> runs = new HashMap<>();
        for (List<Long> chunk : SqlLists.chunks(new ArrayList<>(new TreeSet<>(ids)), IDS_PER_QUERY)) {
            String sql = "SELECT " + RunRows.LISTED_COLUMNS + " FROM task_run r WHERE r.id IN ("
                    + MysqlSchedulerStore.placeholders(chunk.size()) + ")";
            for (Run run : jdbc.autoCommit("read " + chunk.size() + " runs",
                    connection -> Jdbc.list(connection, sql, RunRows::readListed, chunk.toArray()))) {
                runs.put(run.id(), run);
            }
        }
        return runs;
    }

    List<io.redcron.domain.PastAttempt> attempts(long runId) {
        return jdbc.autoCommit("read the past attempts of run " + runId, connection -> AttemptArchive.of(connection, runId));
    }

    Page<Run> list(RunFilter filter, PageRequest page) {
        RunQuery query = RunQuery.of(filter);
        if (query.matchesNothing()) {
            return new Page<>(List.of(), 0, page.offset(), page.limit());
        }
        return jdbc.autoCommit("list runs", connection -> {
            List<Run> fetched = query.merged() ? merged(connection, query, page)
                    : Jdbc.list(connection, query.select(), RunRows::readListed, query.values(page));
            return BoundedCount.read(connection, query.count(), query.countValues()).page(fetched, page);
        });
    }

    /**
     * A page of a few tasks' runs: the newest {@code offset + limit + 1} of each task, read in the
     * order of its index, merged; the page and one run more are among them.
     */
    private static List<Run> merged(Connection connection, RunQuery query, PageRequest page) throws SQLException {
        int wanted = page.offset() + page.limit() + 1;
        List<Run> all = new ArrayList<>();
        for (RunQuery task : query.perTask()) {
            all.addAll(Jdbc.list(connection, task.select(), RunRows::readListed, task.newestValues(wanted)));
        }
        all.sort(Comparator.comparing(Run::scheduledAt).thenComparing(Run::id).reversed());
        return all.subList(Math.min(page.offset(), all.size()), Math.min(wanted, all.size()));
    }

    Map<Long, RecentResults> recentResults(Collection<Long> taskIds, int last) {
        if (last < 1) {
            throw new IllegalArgumentException("last: at least 1, got " + last);
        }
        if (taskIds.isEmpty()) {
            return Map.of();
        }
        List<Long> ids = List.copyOf(new LinkedHashSet<>(taskIds));
        int read = last + RecentResults.UNFINISHED_AHEAD;
        return jdbc.autoCommit("read the recent results of tasks", connection -> {
            Map<Long, RecentResults> results = new HashMap<>();
            for (Long task : ids) {
                List<Object[]> rows = Jdbc.list(connection, RECENT_RUNS, r -> new Object[] {task, r.getString(1),
                    Jdbc.instant(r, "scheduled_at"), Jdbc.instant(r, "finished_at")}, task, read);
                RecentTally.of(rows, last).ifPresent(tally -> results.put(task, tally));
            }
            return results;
        });
    }

    Optional<Instant> lastSuccess(String namespace, long taskId) {
        return jdbc.autoCommit("read the last success of task " + taskId, connection -> Jdbc.one(connection,
                LAST_SUCCESS, row -> Jdbc.instant(row, "finished_at"), namespace, taskId));
    }

    Optional<Run> requestCancel(long runId, Instant now, String reason) {
        return jdbc.transaction("cancel run " + runId, connection -> {
            Optional<Run> run = Jdbc.one(connection, FOR_UPDATE, RunRows::read, runId);
            if (run.isEmpty() || run.get().status().isFinal()) {
                return run;
            }
            if (run.get().status() == RunStatus.SHARDED) {
                ShardRows.cancel(connection, run.get(), now, reason);
            } else if (RunStatus.IN_FLIGHT.contains(run.get().status())) {
                Jdbc.update(connection, RunChanges.MARK_CANCEL, runId);
            } else {
                Jdbc.update(connection, RunChanges.CANCEL_WAITING, now, RunChanges.error(reason), runId,
                        run.get().attempt());
            }
            return Optional.of(RunRows.reread(connection, runId));
        });
    }

    boolean changeIdle(long runId, RunStatus from, RunStatus to, String error, Instant now) {
        if (!RunStatus.WAITING.contains(from)) {
            throw new IllegalArgumentException("from: only a QUEUED or RETRYING run is idle, got " + from);
        }
        RunTransition transition = IDLE_CHANGES.stream().filter(candidate -> candidate.allows(from, to)).findFirst()
                .orElseThrow(() -> new IllegalStateException("run " + runId + ": a waiting " + from + " run cannot become "
                        + to));
        // A run that has been attempted is finished or run again, never skipped.
        String sql = "UPDATE task_run SET " + transition.toAssignment() + ", error = COALESCE(?, error),"
                + " finished_at = ? WHERE id = ? AND status = ?" + (transition == RunTransition.SKIP ? " AND attempt = 0" : "");
        Object[] values = {RunChanges.error(error), now, runId, from};
        return jdbc.autoCommit("change run " + runId + " to " + to,
                connection -> Jdbc.update(connection, sql, values) == 1);
    }

    private Instant now() {
        return Jdbc.millis(clock.instant());
    }

    private static void checkAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts: must be at least 1, got " + maxAttempts);
        }
    }
}
