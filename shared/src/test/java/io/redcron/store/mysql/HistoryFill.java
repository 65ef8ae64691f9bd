package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * A long history in one namespace, filled in a few statements from MariaDB's sequence engine: the
 * table is much larger than any page, task or state slice, so a plan that reads the table stands
 * out. Runs are inserted oldest first (ids grow with time, as in a real history), one every
 * {@link #EVERY}; the newest are waiting or running, the rest ended (about 90 % succeeded, 4 %
 * failed, 1 % timed out, 1 % cancelled, 4 % skipped; 2 % manual). A second namespace holds a
 * little history of its own.
 */
final class HistoryFill {
    static final int TASKS = 1_000;
    static final int RUNS = 200_000;
    /** Every 25th run is the hot task's: it has {@value #HOT_RUNS} runs, the others about 200 each. */
    static final int HOT_RUNS = RUNS / 25;
    static final Duration EVERY = Duration.ofSeconds(10);
    static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    static final Instant END = START.plus(EVERY.multipliedBy(RUNS));
    /** The newest 40 runs run (three of them on leases that expired a minute ago). */
    static final int RUNNING = 40;
    static final int EXPIRED = 3;
    /** Runs that wait: the 360 before the running ones, 100 from three hours ago, 20 retrying. */
    static final int QUEUED_RECENT = 360;
    static final int QUEUED_OLD = 100;
    static final int RETRYING = 20;
    static final int UNFINISHED = RUNNING + QUEUED_RECENT + QUEUED_OLD + RETRYING;
    static final int AUDIT_ROWS = 20_000;
    static final int OTHER_RUNS = 1_000;

    private static final String TASKS_SQL = "INSERT INTO task (namespace, name, task_group, description, cron,"
            + " dialect, zone, type, payload, timeout_ms, retry_max_attempts, retry_initial_ms, retry_multiplier,"
            + " retry_max_ms, retry_jitter, misfire_policy, catch_up_limit, concurrency_policy, enabled, owner,"
            + " labels, alert_targets, params, version, created_at, updated_at, next_fire_at)"
            + " SELECT ?, CONCAT('t', LPAD(seq, 4, '0')), CONCAT('g', seq % 10), CONCAT('Job number ', seq),"
            + " '*/5 * * * *', 'UNIX', 'UTC', 'SHELL', '{\"command\":\"echo hi\",\"env\":{}}', 3600000, 3, 10000, 2,"
            + " 600000, 0.1, 'FIRE_ONCE', 10, IF(seq = 0, 'FORBID', 'ALLOW'), TRUE, '', '{}', '[]', '{}', 1,"
            + " CAST(? AS DATETIME(3)), CAST(? AS DATETIME(3)), CAST(? AS DATETIME(3)) + INTERVAL 1 DAY"
            + " FROM seq_0_to_" + (TASKS - 1);
    // h: a status per run from a hash of its number; run s belongs to task 0 if s % 25 = 0.
    private static final String RUNS_SQL = "INSERT INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, node, created_at, started_at,"
            + " finished_at, exit_code, error, params)"
            + " SELECT t.id, t.namespace, t.name, t.task_group, IF(s.seq % 50 = 7, 'MANUAL', 'CRON'), s.at, s.at,"
            + " CASE WHEN s.h < 900 THEN 'SUCCEEDED' WHEN s.h < 940 THEN 'FAILED' WHEN s.h < 950 THEN 'TIMED_OUT'"
            + " WHEN s.h < 960 THEN 'CANCELLED' ELSE 'SKIPPED' END, IF(s.h < 960, 1, 0), 3, 'worker-1', s.at,"
            + " IF(s.h < 960, s.at + INTERVAL 1 SECOND, NULL), s.at + INTERVAL 2 SECOND, IF(s.h < 900, 0, 1),"
            + " IF(s.h < 900, NULL, 'failed'), '{}'"
            + " FROM (SELECT seq, CRC32(seq) % 1000 AS h, CAST(? AS DATETIME(3)) + INTERVAL seq * ? SECOND AS at"
            + " FROM seq_0_to_{last}) s"
            + " JOIN task t ON t.namespace = ? AND t.name = CONCAT('t', LPAD(IF(s.seq % 25 = 0, 0, 1 + s.seq % {spread}), 4, '0'))"
            + " ORDER BY s.seq";
    // Run number s is scheduled at START + s * EVERY: a range of numbers is a range of times.
    private static final String RANGE = " WHERE namespace = ? AND scheduled_at >= ? AND scheduled_at < ?";
    private static final String TO_RUNNING = "UPDATE task_run SET status = ?, attempt = 1, node = 'worker-1',"
            + " lease_until = ?, started_at = scheduled_at, finished_at = NULL, exit_code = NULL, error = NULL" + RANGE;
    private static final String TO_WAITING = "UPDATE task_run SET status = ?, attempt = ?, node = NULL,"
            + " lease_until = NULL, due_at = COALESCE(?, scheduled_at), started_at = NULL, finished_at = NULL,"
            + " exit_code = NULL, error = NULL" + RANGE;
    private static final String AUDIT_SQL = "INSERT INTO audit_log (at, actor, action, subject, namespace, before_json,"
            + " after_json) SELECT CAST(? AS DATETIME(3)) + INTERVAL seq * 100 SECOND, 'ops', 'task.update',"
            + " CONCAT('task:', seq % " + TASKS + "), ?, '{}', '{}' FROM seq_0_to_" + (AUDIT_ROWS - 1);

    private final String namespace;
    private final String other;

    HistoryFill(String namespace, String other) {
        this.namespace = namespace;
        this.other = other;
    }

    void fill(DataSource pool) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            tasks(connection, other);
            runs(connection, other, OTHER_RUNS, 10);
            tasks(connection, namespace);
            runs(connection, namespace, RUNS, TASKS - 1);
            unfinish(connection);
            execute(connection, AUDIT_SQL, START, namespace);
            execute(connection, AUDIT_SQL, START, other);
            execute(connection, "ANALYZE TABLE task, task_run, audit_log");
        }
    }

    /** When run number {@code seq} (0 is the oldest) of the namespace is scheduled. */
    static Instant scheduledAt(int seq) {
        return START.plus(EVERY.multipliedBy(seq));
    }

    private static void tasks(Connection connection, String namespace) throws SQLException {
        execute(connection, TASKS_SQL, namespace, START, START, END);
    }

    private static void runs(Connection connection, String namespace, int runs, int spread) throws SQLException {
        String sql = RUNS_SQL.replace("{last}", Integer.toString(runs - 1)).replace("{spread}", Integer.toString(spread));
        execute(connection, sql, START, EVERY.toSeconds(), namespace);
    }

    private void unfinish(Connection connection) throws SQLException {
        int running = RUNS - RUNNING;
        execute(connection, TO_RUNNING, RunStatus.RUNNING, END.minus(Duration.ofMinutes(1)), namespace,
                scheduledAt(running), scheduledAt(running + EXPIRED));
        execute(connection, TO_RUNNING, RunStatus.RUNNING, END.plus(Duration.ofMinutes(1)), namespace,
                scheduledAt(running + EXPIRED), END);
        execute(connection, TO_WAITING, RunStatus.QUEUED, 0, null, namespace, scheduledAt(running - QUEUED_RECENT),
                scheduledAt(running));
        int old = RUNS - 3 * 360 - QUEUED_OLD;
        execute(connection, TO_WAITING, RunStatus.QUEUED, 0, null, namespace, scheduledAt(old),
                scheduledAt(old + QUEUED_OLD));
        execute(connection, TO_WAITING, RunStatus.RETRYING, 1, END.plus(Duration.ofMinutes(1)), namespace,
                scheduledAt(old - RETRYING), scheduledAt(old));
    }

    private static void execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = Jdbc.prepare(connection, sql, values)) {
            statement.execute();
        }
    }
}
