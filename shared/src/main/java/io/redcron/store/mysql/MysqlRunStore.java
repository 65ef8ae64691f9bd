package io.redcron.store.mysql;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
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
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Run history in {@code task_run}. Every status change is one conditional {@code UPDATE} that
 * names the state it expects, so of two racing nodes exactly one changes the row.
 *
 * <p>Cron fires are whole seconds and unique per {@code (task_id, scheduled_at)}. Manual runs
 * take the millisecond they were requested, moved on to the next free one that is not a whole
 * second: a manual run can never occupy, and so never swallow, a cron fire.
 *
 * <p>A claim needs an attempt left ({@code attempt < max_attempts}), also when it takes over a
 * RUNNING run whose lease expired: the lost attempt may have had side effects, so it counts.
 * A lost last attempt is not claimed again; the reaper fails it through {@link #complete}.
 */
public final class MysqlRunStore implements RunStore {
    private static final int MAX_ERROR = 2000;
    private static final int MAX_MANUAL_TRIES = 1000;
    private static final String BY_ID = "SELECT " + RunRows.COLUMNS + " FROM task_run r WHERE r.id = ?";
    private static final String BY_FIRE = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r.task_id = ? AND r.scheduled_at = ?";
    private static final String INSERT = "INSERT INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, status, attempt, max_attempts, created_at, params)"
            + " SELECT t.id, t.namespace, t.name, t.task_group, ?, ?, 'QUEUED', 0, ?, ?, ? FROM task t WHERE t.id = ?";
    private static final String INSERT_CRON_FIRE = INSERT + " ON DUPLICATE KEY UPDATE task_run.id = task_run.id";
    private static final String CLAIM = "UPDATE task_run SET status = 'RUNNING', attempt = attempt + 1, node = ?,"
            + " lease_until = ?, started_at = ?, finished_at = NULL, exit_code = NULL, output = NULL"
            + " WHERE id = ? AND attempt < max_attempts"
            + " AND (status IN ('QUEUED', 'RETRYING') OR (status = 'RUNNING' AND lease_until < ?))";
    private static final String RENEW = "UPDATE task_run SET lease_until = ?"
            + " WHERE id = ? AND attempt = ? AND node = ? AND status = 'RUNNING'";
    private static final String COMPLETE = "UPDATE task_run SET status = ?, finished_at = ?, exit_code = ?,"
            + " output = ?, error = ?, lease_until = NULL WHERE id = ? AND attempt = ? AND status = ?";
    private static final String CHANGE_IDLE = "UPDATE task_run SET status = ?, error = COALESCE(?, error),"
            + " finished_at = COALESCE(?, finished_at) WHERE id = ? AND status = ?";

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
            Jdbc.update(connection, INSERT_CRON_FIRE, TriggerType.CRON, scheduledAt, maxAttempts, now(), "{}", taskId);
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
                Jdbc.list(connection, query.select(), RunRows::read, query.values(page)),
                Jdbc.count(connection, query.count(), query.values()), page.offset(), page.limit()));
    }

    @Override
    public Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil) {
        return jdbc.transaction("claim run " + runId, connection -> {
            if (Jdbc.update(connection, CLAIM, node, leaseUntil, now, runId, now) == 0) {
                return Optional.empty();
            }
            return Jdbc.one(connection, BY_ID, RunRows::read, runId);
        });
    }

    @Override
    public boolean renewLease(long runId, int attempt, String node, Instant leaseUntil) {
        return jdbc.autoCommit("renew the lease of run " + runId,
                connection -> Jdbc.update(connection, RENEW, leaseUntil, runId, attempt, node) == 1);
    }

    @Override
    public boolean complete(long runId, int attempt, RunStatus from, RunOutcome outcome) {
        checkTransition(runId, from, outcome.status());
        String error = Text.truncate(Text.sanitize(outcome.error()), MAX_ERROR);
        Object[] values = {outcome.status(), outcome.finishedAt(), outcome.exitCode(), Text.sanitize(outcome.output()),
            error, runId, attempt, from};
        return jdbc.autoCommit("record the outcome of run " + runId,
                connection -> Jdbc.update(connection, COMPLETE, values) == 1);
    }

    @Override
    public boolean changeIdle(long runId, RunStatus from, RunStatus to, String error, Instant now) {
        if (from != RunStatus.QUEUED && from != RunStatus.RETRYING) {
            throw new IllegalArgumentException("from: only a QUEUED or RETRYING run is idle, got " + from);
        }
        if (to == RunStatus.RUNNING) {
            throw new IllegalArgumentException("to: a run starts RUNNING only through claim()");
        }
        checkTransition(runId, from, to);
        Object[] values = {to, Text.truncate(Text.sanitize(error), MAX_ERROR), to.isFinal() ? now : null, runId, from};
        return jdbc.autoCommit("change run " + runId + " to " + to,
                connection -> Jdbc.update(connection, CHANGE_IDLE, values) == 1);
    }

    /** The id of the new run, empty if the moment is taken; no task at all is an error. */
    private Optional<Long> tryInsert(Connection connection, long taskId, Instant at, int maxAttempts,
                                     String params) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
            Jdbc.bind(statement, TriggerType.MANUAL, at, maxAttempts, now(), params, taskId);
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
        if (!from.canBecome(to)) {
            throw new IllegalStateException("run " + runId + ": a " + from + " run cannot become " + to);
        }
    }
}
