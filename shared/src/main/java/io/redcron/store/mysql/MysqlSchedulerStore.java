package io.redcron.store.mysql;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.SchedulerStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The leader's writes and reads. {@link #recordFires} is the heart of "one run per fire": all
 * fires of a batch in one fenced transaction, inserted so that a fire recorded before is kept as
 * it is, and each task's next fire moved on only if the task was not changed meanwhile.
 */
public final class MysqlSchedulerStore implements SchedulerStore {
    // Keyset paging on (updated_at, id), served by ix_task_updated (namespace, updated_at), whose
    // entries carry the id.
    private static final String CHANGED = "SELECT id, enabled, next_fire_at, updated_at, version FROM task"
            + " WHERE namespace = ? AND updated_at >= ? AND (updated_at > ? OR id > ?) ORDER BY updated_at, id LIMIT ?";
    private static final String PLANNED = "SELECT id, enabled, next_fire_at, updated_at, version FROM task"
            + " WHERE namespace = ? AND id > ? AND enabled = TRUE AND next_fire_at IS NOT NULL ORDER BY id LIMIT ?";
    private static final String GROUPS = "SELECT DISTINCT task_group FROM task WHERE namespace = ?";

    private final Jdbc jdbc;
    private final Clock clock;
    private final Fence fence;

    public MysqlSchedulerStore(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
        this.fence = new Fence(SqlDialect.detect(dataSource));
    }

    @Override
    public List<Run> recordFires(String namespace, long epoch, List<TaskFires> batch) {
        if (batch.isEmpty()) {
            return List.of();
        }
        check(namespace, batch);
        return jdbc.transaction("record fires of namespace '" + namespace + "'", connection -> {
            fence.check(connection, namespace, epoch);
            Instant now = Jdbc.millis(clock.instant());
            List<TaskFires> current = unchanged(connection, batch);
            if (current.isEmpty()) {
                return List.of();
            }
            FireRows.insert(connection, current, now);
            advance(connection, current);
            return readBack(connection, current);
        });
    }

    /**
     * The fence is the namespace's: a task of another namespace would be written under a leader
     * that holds no epoch there. A fire that is not a whole second could take the place of a
     * manual run (those are off the second) and be read back as that run.
     */
    private static void check(String namespace, List<TaskFires> batch) {
        for (TaskFires taskFires : batch) {
            Task task = taskFires.task();
            if (!task.namespace().equals(namespace)) {
                throw new IllegalArgumentException("task " + task.id() + " is in namespace '" + task.namespace()
                        + "', not in '" + namespace + "' whose fires are recorded");
            }
            for (Fire fire : taskFires.fires()) {
                if (fire.scheduledAt().getNano() != 0) {
                    throw new IllegalArgumentException("fire of task " + task.id()
                            + ": a cron fire is a whole second, got " + fire.scheduledAt());
                }
            }
        }
    }

    /**
     * The tasks whose row still holds the version and the next fire they were planned from,
     * locked until the commit (or already moved on by this very batch). A task changed since it
     * was read has its change's own plan (the
     * change recorded the fires due before it committed): fires planned from the old version
     * must not be inserted after that commit, so such a task is left out of the whole batch.
     */
    private static List<TaskFires> unchanged(Connection connection, List<TaskFires> batch) throws SQLException {
        List<Object> ids = batch.stream().map(fires -> (Object) fires.task().id()).distinct().sorted().toList();
        Map<Long, Object[]> rows = new HashMap<>();
        String sql = "SELECT id, version, next_fire_at FROM task WHERE id IN (" + placeholders(ids.size())
                + ") ORDER BY id FOR UPDATE";
        for (Object[] row : Jdbc.list(connection, sql, row -> new Object[] {row.getLong(1), row.getLong(2),
            Jdbc.instant(row, "next_fire_at")}, ids.toArray())) {
            rows.put((Long) row[0], row);
        }
        List<TaskFires> current = new ArrayList<>(batch.size());
        for (TaskFires fires : batch) {
            Object[] row = rows.get(fires.task().id());
            // Moved on to this plan's next fire already: the same batch again (a retry whose first
            // commit went through), which finds its rows.
            if (row != null && (Long) row[1] == fires.task().version()
                    && (java.util.Objects.equals(row[2], fires.task().nextFireAt())
                    || java.util.Objects.equals(row[2], fires.next()))) {
                current.add(fires);
            }
        }
        return current;
    }

    /**
     * One statement for the batch: each task's next fire, each guarded by the version and the
     * planned fire it was planned from, so a task changed meanwhile keeps what its change wrote.
     */
    private static void advance(Connection connection, List<TaskFires> batch) throws SQLException {
        StringBuilder next = new StringBuilder("CASE id");
        StringBuilder guard = new StringBuilder("CASE id");
        List<Object> nextValues = new ArrayList<>();
        List<Object> guardValues = new ArrayList<>();
        List<Object> ids = new ArrayList<>();
        for (TaskFires taskFires : batch) {
            Task task = taskFires.task();
            next.append(" WHEN ? THEN ?");
            nextValues.add(task.id());
            nextValues.add(taskFires.next());
            guard.append(" WHEN ? THEN version = ? AND next_fire_at = ?");
            guardValues.add(task.id());
            guardValues.add(task.version());
            guardValues.add(task.nextFireAt());
            ids.add(task.id());
        }
        String sql = "UPDATE task SET next_fire_at = " + next + " END WHERE id IN (" + placeholders(ids.size())
                + ") AND " + guard + " ELSE FALSE END";
        List<Object> values = new ArrayList<>(nextValues);
        values.addAll(ids);
        values.addAll(guardValues);
        Jdbc.update(connection, sql, values.toArray());
    }

    /** The runs of the batch's fires, whether inserted now or found from an earlier try. */
    private static List<Run> readBack(Connection connection, List<TaskFires> batch) throws SQLException {
        Set<String> wanted = new HashSet<>();
        List<Long> taskIds = new ArrayList<>();
        Instant from = null;
        Instant to = null;
        for (TaskFires taskFires : batch) {
            taskIds.add(taskFires.task().id());
            for (Fire fire : taskFires.fires()) {
                wanted.add(taskFires.task().id() + "@" + fire.scheduledAt().toEpochMilli());
                from = from == null || fire.scheduledAt().isBefore(from) ? fire.scheduledAt() : from;
                to = to == null || fire.scheduledAt().isAfter(to) ? fire.scheduledAt() : to;
            }
        }
        if (wanted.isEmpty()) {
            return List.of();
        }
        // Without the output column: a fire's run has none yet.
        String sql = "SELECT " + RunRows.LISTED_COLUMNS + " FROM task_run r WHERE r.task_id IN (" + placeholders(taskIds.size())
                + ") AND r.scheduled_at BETWEEN ? AND ? AND r.shard_index = " + Run.NOT_A_SHARD;
        List<Object> values = new ArrayList<>(taskIds);
        values.add(from);
        values.add(to);
        List<Run> runs = new ArrayList<>();
        for (Run run : Jdbc.list(connection, sql, RunRows::readListed, values.toArray())) {
            if (wanted.contains(run.taskId() + "@" + run.scheduledAt().toEpochMilli())) {
                runs.add(run);
            }
        }
        runs.sort(Comparator.comparing((Run run) -> run.status() != RunStatus.QUEUED).thenComparing(Run::scheduledAt)
                .thenComparing(Run::id));
        return runs;
    }

    @Override
    public List<ScheduleState> changedSince(String namespace, Instant since, long afterId, int limit) {
        return jdbc.autoCommit("read changed tasks", connection ->
                Jdbc.list(connection, CHANGED, MysqlSchedulerStore::state, namespace, since, since, afterId, limit));
    }

    @Override
    public List<ScheduleState> planned(String namespace, long afterId, int limit) {
        return jdbc.autoCommit("read planned tasks", connection ->
                Jdbc.list(connection, PLANNED, MysqlSchedulerStore::state, namespace, afterId, limit));
    }

    @Override
    public Map<Long, Task> tasks(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<Long> unique = new ArrayList<>(new LinkedHashSet<>(ids));
        String sql = "SELECT " + TaskRows.COLUMNS + " FROM task t WHERE t.id IN (" + placeholders(unique.size()) + ")";
        return jdbc.autoCommit("read due tasks", connection -> {
            Map<Long, Task> tasks = new HashMap<>();
            for (Task task : Jdbc.list(connection, sql, TaskRows::readValid, unique.toArray())) {
                if (task != null) {
                    tasks.put(task.id(), task);
                }
            }
            return tasks;
        });
    }

    @Override
    public Set<String> groups(String namespace) {
        return jdbc.autoCommit("read task groups", connection ->
                new HashSet<>(Jdbc.list(connection, GROUPS, row -> row.getString(1), namespace)));
    }

    private static ScheduleState state(java.sql.ResultSet row) throws SQLException {
        return new ScheduleState(row.getLong("id"), row.getBoolean("enabled"), Jdbc.instant(row, "next_fire_at"),
                Jdbc.instant(row, "updated_at"), row.getLong("version"));
    }

    /** {@code ?, ?, ?}: the SQL names no value, every one is bound. */
    static String placeholders(int count) {
        if (count < 1) {
            return "";
        }
        StringBuilder list = new StringBuilder(count * 3);
        list.append('?');
        for (int i = 1; i < count; i++) {
            list.append(", ?");
        }
        return list.toString();
    }
}
