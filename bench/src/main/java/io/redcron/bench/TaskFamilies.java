package io.redcron.bench;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.domain.TaskPayload;
import io.redcron.port.QueuedRun;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import redis.clients.jedis.UnifiedJedis;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Families of tasks of one type, each created as {@code task add} creates a task: only the name,
 * the cron (Quartz dialect, to fire every second) and the payload are given, everything else is the
 * store's default (concurrency forbid, timeout one hour, no retries, misfire fire-once, group
 * default). A family is the tasks whose names start with a prefix (copied with {@link RowCopier});
 * its runs are told apart from other families' by that prefix.
 */
final class TaskFamilies {
    private static final int BATCH = 2_000;
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final DataSource dataSource;
    private final String namespace;
    private final RedcronData data;

    /** Applies the schema (through {@link RedcronData}) if it is not there yet. */
    TaskFamilies(DataSource dataSource, String namespace) {
        this.dataSource = dataSource;
        this.namespace = namespace;
        this.data = new RedcronData(dataSource, namespace);
    }

    RedcronData data() {
        return data;
    }

    /** Creates {@code size} tasks named {@code prefix…} running {@code payload}. */
    void create(String prefix, String quartzCron, TaskPayload payload, boolean enabled, int size) {
        Task prototype = Task.builder().namespace(namespace).name(prefix).cron(quartzCron).dialect(CronDialect.QUARTZ)
                .payload(payload).enabled(enabled).build();
        data.growFamily(new MysqlTaskStore(dataSource, Clock.systemUTC()).create(prototype, "bench"), size);
    }

    /**
     * Records one QUEUED manual run of each task of the family, in one statement, not yet on any
     * stream. A task's runs then never wait for each other under the default concurrency policy,
     * forbid: a run stands for a fire of one of many tasks.
     */
    void recordOneRunEach(String prefix) {
        Instant at = Instant.now();
        String now = utc(at);
        // Manual runs are due at a time with milliseconds, as the run store gives them, never a whole second.
        String scheduled = utc(at.toEpochMilli() % 1000 == 0 ? at.plusMillis(1) : at);
        String sql = "INSERT INTO task_run (task_id, namespace, task_name, task_group, trigger_type, scheduled_at,"
                + " due_at, status, attempt, max_attempts, created_at, params)"
                + " SELECT id, namespace, name, task_group, 'MANUAL', ?, ?, " + RunTransition.RECORD_NEW.literal(RunStatus.QUEUED)
                + ", 0, retry_max_attempts, ?, '{}' FROM task WHERE namespace = ? AND name LIKE ?";
        update(sql, scheduled, now, now, namespace, prefix + "%");
    }

    /** Puts the family's queued runs on the group's stream, a pipelined chunk at a time. */
    void enqueue(String prefix, UnifiedJedis redis) {
        RedisRunQueue queue = new RedisRunQueue(redis, new RedisKeys(namespace));
        queue.ensureGroups(Set.of(RedcronData.GROUP));
        List<QueuedRun> chunk = new ArrayList<>();
        query("SELECT id FROM task_run WHERE namespace = ? AND " + RunTransition.condition(Set.of(RunStatus.QUEUED))
                + " AND task_name LIKE ? ORDER BY id", row -> {
                    chunk.add(QueuedRun.of(RedcronData.GROUP, row.getLong(1)));
                    if (chunk.size() == BATCH) {
                        queue.enqueue(chunk);
                        chunk.clear();
                    }
                }, namespace, prefix + "%");
        queue.enqueue(chunk);
    }

    /** Runs of the family not final yet. */
    int unfinished(String prefix) {
        long[] count = new long[1];
        query("SELECT COUNT(*) FROM task_run WHERE namespace = ? AND " + RunTransition.condition(RunStatus.UNFINISHED)
                + " AND task_name LIKE ?", row -> count[0] = row.getLong(1), namespace, prefix + "%");
        return (int) count[0];
    }

    Map<String, Integer> statusCounts(String prefix) {
        Map<String, Integer> counts = new TreeMap<>();
        query("SELECT status, COUNT(*) FROM task_run WHERE namespace = ? AND task_name LIKE ? GROUP BY status",
                row -> counts.put(row.getString(1), row.getInt(2)), namespace, prefix + "%");
        return counts;
    }

    /** Seconds from the first start to the last finish of the family's succeeded runs. */
    double succeededSpanSeconds(String prefix) {
        double[] span = new double[1];
        query("SELECT TIMESTAMPDIFF(MICROSECOND, MIN(started_at), MAX(finished_at)) FROM task_run"
                + " WHERE namespace = ? AND status = 'SUCCEEDED' AND task_name LIKE ?",
                row -> span[0] = row.getLong(1) / 1e6, namespace, prefix + "%");
        return span[0];
    }

    /** Cron runs of the family due in the window that have started. */
    int startedIn(String prefix, Window window) {
        return latenessIn(prefix, window).length;
    }

    /** Lateness in milliseconds of the family's cron runs due in the window that have started. */
    long[] latenessIn(String prefix, Window window) {
        List<Long> lateness = new ArrayList<>();
        query("SELECT TIMESTAMPDIFF(MICROSECOND, scheduled_at, started_at) FROM task_run WHERE namespace = ?"
                + " AND trigger_type = 'CRON' AND scheduled_at >= ? AND scheduled_at < ? AND started_at IS NOT NULL"
                + " AND task_name LIKE ?", row -> lateness.add(row.getLong(1) / 1000),
                namespace, utc(window.start()), utc(window.end()), prefix + "%");
        return lateness.stream().mapToLong(Long::longValue).toArray();
    }

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

    private void update(String sql, Object... values) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = bind(connection.prepareStatement(sql), values)) {
            statement.executeUpdate();
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
