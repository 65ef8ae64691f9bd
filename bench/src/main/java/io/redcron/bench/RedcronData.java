package io.redcron.bench;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import redis.clients.jedis.UnifiedJedis;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Prepares a Redcron database in bulk, faster than one store call per row: tasks are copied
 * from one created through the task store (so every column is as the store writes it), and
 * queued manual runs are inserted in JDBC batches and put on the group's stream through
 * {@link RedisRunQueue}, as a manual trigger does.
 */
final class RedcronData {
    static final String GROUP = Task.DEFAULT_GROUP;
    private static final String[] FINAL = {"SUCCEEDED", "FAILED", "TIMED_OUT", "CANCELLED", "SKIPPED"};
    private static final int BATCH = 2_000;
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final DataSource dataSource;
    private final String namespace;

    RedcronData(DataSource dataSource, String namespace) {
        this.dataSource = dataSource;
        this.namespace = namespace;
        Migrations.apply(dataSource);
    }

    /** Creates {@code name}, an enabled task running the no-op handler, through the store. */
    Task createTask(String name, String quartzCron) {
        return createTask(name, quartzCron, true);
    }

    Task createTask(String name, String quartzCron, boolean enabled) {
        return createTask(name, quartzCron, enabled, TaskSettings.ALLOW);
    }

    /** Which settings the benchmark's tasks have besides their schedule. */
    enum TaskSettings {
        /** Concurrency ALLOW: the claim weighs no rule (the fastest path). */
        ALLOW,
        /** Whatever {@code task add} gives without options (concurrency FORBID, misfire policy and all). */
        DEFAULTS
    }

    Task createTask(String name, String quartzCron, boolean enabled, TaskSettings settings) {
        Task.Builder task = Task.builder().namespace(namespace).name(name).cron(quartzCron).dialect(CronDialect.QUARTZ)
                .enabled(enabled)
                .zone(ZoneId.of("UTC")).payload(new JavaPayload(NoopHandler.NAME, Map.of()))
                .timeout(Duration.ofMinutes(1)).owner("bench");
        if (settings == TaskSettings.ALLOW) {
            task.concurrencyPolicy(ConcurrencyPolicy.ALLOW);
        }
        return new MysqlTaskStore(dataSource, Clock.systemUTC()).create(task.build(), "bench");
    }

    /**
     * The runs a measurement counts: those of one task, or of a family of tasks (a prototype and
     * its copies, {@link #growFamily}).
     */
    record RunSet(String condition, Object... values) {
        /** Every run of the benchmark's database. */
        static final RunSet ALL = new RunSet("TRUE");

        static RunSet of(Task task) {
            return new RunSet("task_id = ?", task.id());
        }

        static RunSet ofFamily(String namespace, String prefix) {
            return new RunSet("task_id IN (SELECT id FROM task WHERE namespace = ? AND name LIKE ?)", namespace,
                    prefix + "%");
        }

        Object[] with(Object... first) {
            Object[] all = java.util.Arrays.copyOf(first, first.length + values.length);
            System.arraycopy(values, 0, all, first.length, values.length);
            return all;
        }
    }

    private long lastManualMillis;

    RunSet family(String prefix) {
        return RunSet.ofFamily(namespace, prefix);
    }

    /**
     * Inserts one QUEUED manual run for every task of the family {@code prefix}, with the task's
     * own attempts, not yet on any stream (workers do not see them until {@link #enqueueRuns}). A
     * task's runs then never wait for each other under the default concurrency policy, forbid: a
     * run stands for a fire of one of many tasks.
     */
    void recordRunPerTask(String prefix) {
        String now = utc(Instant.now());
        String due = utc(nextManualTime());
        String sql = "INSERT INTO task_run (task_id, namespace, task_name, task_group, trigger_type, scheduled_at,"
                + " due_at, status, attempt, max_attempts, created_at, params)"
                + " SELECT id, namespace, name, task_group, 'MANUAL', ?, ?, "
                + RunTransition.RECORD_NEW.literal(RunStatus.QUEUED) + ", 0, retry_max_attempts, ?, '{}' FROM task"
                + " WHERE namespace = ? AND name LIKE ?";
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = bind(connection.prepareStatement(sql), due, now, now, namespace, prefix + "%")) {
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot insert the runs: " + e.getMessage(), e);
        }
    }

    /**
     * A time for manual runs later than any given before by this object, with milliseconds that
     * are not a whole second (as the run store gives manual runs): a family given runs again and
     * again (warm-up batches) must not repeat a task's (task, time) key.
     */
    private synchronized Instant nextManualTime() {
        long millis = Math.max(Instant.now().toEpochMilli(), lastManualMillis + 1);
        if (millis % 1000 == 0) {
            millis++;
        }
        lastManualMillis = millis;
        return Instant.ofEpochMilli(millis);
    }

    /**
     * Grows the family of tasks whose names start with {@code prototype}'s to {@code count}
     * (copies of the prototype, with a suffix on the name).
     */
    void growFamily(Task prototype, int count) {
        try (Connection connection = dataSource.getConnection()) {
            RowCopier.grow(connection, List.of("task"), "name", prototype.name(), count);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot copy task " + prototype.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Enables (from {@code firstFire} on) or disables every task of a family at once, as the task
     * store does for one: the new {@code next_fire_at}, {@code updated_at} and {@code version}, so
     * that the leader picks the change up through its {@code updated_at} index within a tick. Tasks
     * are enabled only once the nodes run: a node's start-up must not leave a backlog of fires
     * that the baselines, starting in-process at once, would not have.
     */
    void setEnabled(String prefix, boolean enabled, Instant firstFire) {
        String sql = "UPDATE task SET enabled = ?, next_fire_at = ?, updated_at = ?, version = version + 1"
                + " WHERE namespace = ? AND name LIKE ?";
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = bind(connection.prepareStatement(sql), enabled,
                     enabled ? utc(firstFire) : null, utc(Instant.now()), namespace, prefix + "%")) {
            update.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot change the tasks " + prefix + "*: " + e.getMessage(), e);
        }
    }

    /**
     * Inserts {@code count} QUEUED manual runs of {@code task} and enqueues them; returns when all
     * are on the stream.
     */
    void submitManualRuns(Task task, int count, UnifiedJedis redis) {
        recordManualRuns(task, count);
        enqueueRuns(task, redis);
    }

    /**
     * Inserts {@code count} QUEUED manual runs of {@code task}, not yet on any stream (workers do
     * not see them until {@link #enqueueRuns}). Manual runs take distinct milliseconds that are
     * not whole seconds, as the run store gives them.
     */
    void recordManualRuns(Task task, int count) {
        String now = utc(Instant.now());
        long base = Instant.now().toEpochMilli();
        String sql = "INSERT INTO task_run (task_id, namespace, task_name, task_group, trigger_type, scheduled_at,"
                + " due_at, status, attempt, max_attempts, created_at, params)"
                + " VALUES (?, ?, ?, ?, 'MANUAL', ?, ?, " + RunTransition.RECORD_NEW.literal(RunStatus.QUEUED) + ", 0, 1, ?, '{}')";
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(sql)) {
            connection.setAutoCommit(false);
            long millis = base;
            for (int i = 0; i < count; i++) {
                millis = millis % 1000 == 999 ? millis + 2 : millis + 1;
                insert.setLong(1, task.id());
                insert.setString(2, namespace);
                insert.setString(3, task.name());
                insert.setString(4, GROUP);
                insert.setString(5, utc(Instant.ofEpochMilli(millis)));
                insert.setString(6, now);
                insert.setString(7, now);
                insert.addBatch();
                if ((i + 1) % BATCH == 0) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot insert the runs: " + e.getMessage(), e);
        }
    }

    /** Puts every run of {@code task} on its group's stream, a pipelined chunk at a time. */
    void enqueueRuns(Task task, UnifiedJedis redis) {
        enqueueRuns(RunSet.of(task), redis);
    }

    /** Puts every run of {@code runs} on its group's stream, a pipelined chunk at a time. */
    void enqueueRuns(RunSet runs, UnifiedJedis redis) {
        RedisRunQueue queue = new RedisRunQueue(redis, new RedisKeys(namespace));
        queue.ensureGroups(Set.of(GROUP));
        List<QueuedRun> chunk = new ArrayList<>();
        query("SELECT id FROM task_run WHERE " + runs.condition() + " ORDER BY id", row -> {
            chunk.add(QueuedRun.of(GROUP, row.getLong(1)));
            if (chunk.size() == BATCH) {
                queue.enqueue(chunk);
                chunk.clear();
            }
        }, runs.values());
        queue.enqueue(chunk);
    }

    /**
     * Cancels the runs still waiting and drops the group's stream, so that the next measurement in
     * this namespace does not start behind the last one's backlog.
     */
    void discardWaitingRuns(UnifiedJedis redis) {
        String sql = "UPDATE task_run SET " + RunTransition.CANCEL_WAITING.toAssignment() + ", finished_at = ?, error = ?"
                + " WHERE namespace = ? AND " + RunTransition.CANCEL_WAITING.fromCondition();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = bind(connection.prepareStatement(sql), utc(Instant.now()),
                     "discarded by the benchmark between measurements", namespace)) {
            update.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot discard the waiting runs: " + e.getMessage(), e);
        }
        redis.del(new RedisKeys(namespace).stream(GROUP));
    }

    /** The runs by status. */
    Map<String, Integer> statusCounts(RunSet runs) {
        Map<String, Integer> counts = new TreeMap<>();
        query("SELECT status, COUNT(*) FROM task_run WHERE " + runs.condition() + " GROUP BY status",
                row -> counts.put(row.getString(1), row.getInt(2)), runs.values());
        return counts;
    }

    /**
     * Runs of one task not final yet. Read through the (namespace, status, task_id) index, so only
     * those runs are visited, not the task's whole history.
     */
    int unfinishedCount(RunSet runs) {
        return (int) single("SELECT COUNT(*) FROM task_run WHERE namespace = ? AND "
                + RunTransition.condition(RunStatus.UNFINISHED) + " AND " + runs.condition(), runs.with(namespace));
    }

    /** Entries on the group's stream that no worker has acknowledged yet (a Redis read). */
    long streamBacklog(UnifiedJedis redis) {
        return redis.xlen(new RedisKeys(namespace).stream(GROUP));
    }

    static int finalCount(Map<String, Integer> counts) {
        int total = 0;
        for (String status : FINAL) {
            total += counts.getOrDefault(status, 0);
        }
        return total;
    }

    /** Seconds from the first start to the last finish of the succeeded runs. */
    double succeededSpanSeconds(RunSet runs) {
        double[] span = new double[1];
        query("SELECT TIMESTAMPDIFF(MICROSECOND, MIN(started_at), MAX(finished_at)) FROM task_run"
                + " WHERE status = 'SUCCEEDED' AND " + runs.condition(), row -> span[0] = row.getLong(1) / 1e6,
                runs.values());
        return span[0];
    }

    /** Cron runs due in the window that have started. */
    int startedIn(Window window) {
        return startedIn(RunSet.ALL, window);
    }

    /** Cron runs of {@code runs} due in the window that have started. */
    int startedIn(RunSet runs, Window window) {
        return (int) single("SELECT COUNT(*) FROM task_run WHERE trigger_type = 'CRON' AND scheduled_at >= ?"
                + " AND scheduled_at < ? AND started_at IS NOT NULL AND " + runs.condition(),
                runs.with(utc(window.start()), utc(window.end())));
    }

    /** Lateness in milliseconds of the cron runs due in the window that have started. */
    long[] latenessIn(Window window) {
        return latenessIn(RunSet.ALL, window);
    }

    /** Lateness in milliseconds of the cron runs of {@code runs} due in the window that have started. */
    long[] latenessIn(RunSet runs, Window window) {
        List<Long> lateness = new ArrayList<>();
        query("SELECT TIMESTAMPDIFF(MICROSECOND, scheduled_at, started_at) FROM task_run WHERE trigger_type = 'CRON'"
                + " AND scheduled_at >= ? AND scheduled_at < ? AND started_at IS NOT NULL AND " + runs.condition(),
                row -> lateness.add(row.getLong(1) / 1000), runs.with(utc(window.start()), utc(window.end())));
        return lateness.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Times go to the server as UTC text with milliseconds, as the run store writes them: the
     * connector drops the fraction of temporal values it sends to MariaDB.
     */
    private static String utc(Instant instant) {
        return DATETIME.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    private interface RowHandler {
        void handle(ResultSet row) throws SQLException;
    }

    private void query(String sql, RowHandler handler, Object... values) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = bind(connection.prepareStatement(sql), values);
             ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                handler.handle(rows);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    private long single(String sql, Object... values) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = bind(connection.prepareStatement(sql), values);
             ResultSet rows = statement.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    private static PreparedStatement bind(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            statement.setObject(i + 1, values[i]);
        }
        return statement;
    }
}
