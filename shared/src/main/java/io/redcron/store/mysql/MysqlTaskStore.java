package io.redcron.store.mysql;

import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.Task;
import io.redcron.port.DuplicateTaskException;
import io.redcron.port.GroupCount;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.StaleTaskException;
import io.redcron.port.TaskFacet;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskGrouping;
import io.redcron.port.TaskNotFoundException;
import io.redcron.port.TaskStore;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Task definitions in MySQL/MariaDB. Every change runs in one transaction with its audit row;
 * edits are optimistic: they apply only to the version the editor read. A change that ends a
 * schedule (disable, delete, a new cron, dialect or zone) settles that schedule's fires in the
 * same transaction ({@link ScheduleChange}): the fires due before it are recorded, those recorded
 * ahead for after it are withdrawn.
 */
public final class MysqlTaskStore implements TaskStore {
    private static final String SELECT = "SELECT " + TaskRows.COLUMNS + " FROM task t";
    private static final String BY_ID = SELECT + " WHERE t.id = ?";
    private static final String BY_ID_FOR_UPDATE = BY_ID + " FOR UPDATE";
    private static final String BY_NAME = SELECT + " WHERE t.namespace = ? AND t.name = ?";
    private static final String INSERT = "INSERT INTO task (namespace, " + TaskRows.DEFINITION_COLUMNS
            + ", version, created_at, updated_at, next_fire_at) VALUES (?, " + "?, ".repeat(TaskRows.DEFINITION_SIZE)
            + "1, ?, ?, ?)";
    private static final String SET_DEFINITION = "UPDATE task SET " + TaskRows.DEFINITION_ASSIGNMENTS
            + ", next_fire_at = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?";
    private static final String SET_ENABLED = "UPDATE task SET enabled = ?, next_fire_at = ?, version = version + 1,"
            + " updated_at = ? WHERE id = ? AND version = ?";
    private static final String DELETE = "DELETE FROM task WHERE id = ?";
    private static final String DELETE_LABELS = "DELETE FROM task_label WHERE task_id = ?";
    private static final String INSERT_LABEL = "INSERT INTO task_label (task_id, label_key, label_value)"
            + " VALUES (?, ?, ?)";

    // The group comes first in ix_task_group: the distinct groups are read from the index alone.
    private static final String DISTINCT_GROUPS = "SELECT DISTINCT t.task_group FROM task t WHERE t.namespace = ?"
            + " ORDER BY t.task_group";
    private static final String DISTINCT_OWNERS = "SELECT DISTINCT t.owner FROM task t WHERE t.namespace = ?"
            + " AND t.owner <> '' AND LOWER(t.owner) LIKE ? ESCAPE '" + Like.ESCAPE + "' ORDER BY t.owner LIMIT ?";
    private static final String DISTINCT_LABELS = "SELECT DISTINCT l.label_key, l.label_value FROM task_label l"
            + " JOIN task t ON t.id = l.task_id WHERE t.namespace = ?"
            + " AND LOWER(CONCAT(l.label_key, '=', l.label_value)) LIKE ? ESCAPE '" + Like.ESCAPE + "'"
            + " ORDER BY l.label_key, l.label_value LIMIT ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlTaskStore(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public Task create(Task task, String actor) {
        if (task.id() != null) {
            throw new IllegalArgumentException("id: a new task has no id yet, got " + task.id());
        }
        MaskedCredentials.refuse(task);
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("create task", connection -> {
            Instant now = Jdbc.millis(clock.instant());
            Instant nextFire = firstFire(task, now);
            long id = insert(connection, task, now, nextFire);
            writeLabels(connection, id, task.labels());
            Task created = task.toBuilder().id(id).version(1).createdAt(now).updatedAt(now).nextFireAt(nextFire).build();
            audit(connection, who, "task.create", created, null, created);
            return created;
        });
    }

    @Override
    public Optional<Task> get(long id) {
        return jdbc.autoCommit("read task " + id, connection -> Jdbc.one(connection, BY_ID, TaskRows::read, id));
    }

    @Override
    public Map<Long, Task> getAll(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<Long> unique = List.copyOf(new LinkedHashSet<>(ids));
        return jdbc.autoCommit("read tasks", connection -> byId(connection, unique, TaskRows::readValid));
    }

    /** The tasks of {@code ids} that exist (and that {@code read} gives), by id. */
    private static Map<Long, Task> byId(Connection connection, List<Long> ids, Jdbc.RowMapper<Task> read)
            throws SQLException {
        String sql = SELECT + " WHERE t.id IN (" + MysqlSchedulerStore.placeholders(ids.size()) + ")";
        Map<Long, Task> found = new HashMap<>();
        for (Task task : Jdbc.list(connection, sql, read, ids.toArray())) {
            if (task != null) {
                found.put(task.id(), task);
            }
        }
        return found;
    }

    @Override
    public Optional<Task> findByName(String namespace, String name) {
        return jdbc.autoCommit("find task by name",
                connection -> Jdbc.one(connection, BY_NAME, TaskRows::read, namespace, name));
    }

    @Override
    public Page<Task> list(TaskFilter filter, PageRequest page) {
        TaskQuery query = TaskQuery.of(filter);
        if (query.readsEveryTask()) {
            return jdbc.autoCommit("list tasks", connection -> pageOfMatches(connection, query, page));
        }
        return jdbc.autoCommit("list tasks", connection -> new Page<>(
                Jdbc.list(connection, query.select(), TaskRows::read, query.values(page)),
                Jdbc.count(connection, query.count(), query.values()), page.offset(), page.limit()));
    }

    @Override
    public Map<String, GroupCount> groupCounts(TaskFilter filter, TaskGrouping by) {
        TaskQuery query = TaskQuery.of(filter);
        return jdbc.autoCommit("count tasks per " + by.name().toLowerCase(java.util.Locale.ROOT), connection -> {
            Map<String, GroupCount> counts = new java.util.LinkedHashMap<>();
            for (GroupCount count : Jdbc.list(connection, query.groupCounts(by),
                    row -> new GroupCount(row.getString(1), row.getLong(2), row.getLong(3)), query.values())) {
                counts.put(count.key(), count);
            }
            return counts;
        });
    }

    @Override
    public List<String> values(String namespace, TaskFacet facet, String containing, int limit) {
        if (limit < 1) {
            return List.of();
        }
        String text = containing == null ? "" : containing.trim();
        return jdbc.autoCommit("list task " + facet.name().toLowerCase(java.util.Locale.ROOT) + " values",
                connection -> switch (facet) {
                    // Few groups, all ASCII identifiers: matched here, so typed non-ASCII text never meets an
                    // ASCII column in SQL (an illegal mix of collations on MySQL).
                    case GROUP -> Jdbc.list(connection, DISTINCT_GROUPS, row -> row.getString(1), namespace).stream()
                            .filter(group -> TaskFacet.contains(group, text)).limit(limit).toList();
                    case OWNER -> Jdbc.list(connection, DISTINCT_OWNERS, row -> row.getString(1), namespace,
                            TaskQuery.contains(text), limit);
                    case LABEL -> TaskFacet.labelChoices(Jdbc.list(connection, DISTINCT_LABELS,
                            row -> Map.entry(row.getString(1), row.getString(2)), namespace, TaskQuery.contains(text),
                            limit), text, limit);
                });
    }

    /**
     * A text search reads every task of the namespace, for the page and again for the total: the ids
     * of all matches are taken in one read instead, in order, and the page's rows by id.
     */
    private static Page<Task> pageOfMatches(Connection connection, TaskQuery query, PageRequest page) throws SQLException {
        List<Long> matches = Jdbc.list(connection, query.ids(), row -> row.getLong(1), query.values());
        List<Long> ids = matches.subList(Math.min(page.offset(), matches.size()),
                (int) Math.min((long) page.offset() + page.limit(), matches.size()));
        if (ids.isEmpty()) {
            return new Page<>(List.of(), matches.size(), page.offset(), page.limit());
        }
        Map<Long, Task> rows = byId(connection, ids, TaskRows::read);
        // A task deleted between the two reads is left out of the page.
        return new Page<>(ids.stream().map(rows::get).filter(Objects::nonNull).toList(), matches.size(),
                page.offset(), page.limit());
    }

    @Override
    public Task update(Task task, String actor) {
        long id = Objects.requireNonNull(task.id(), "id: only a stored task can be updated");
        MaskedCredentials.refuse(task);
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("update task " + id, connection -> {
            Task before = lock(connection, id);
            if (before.version() != task.version()) {
                throw new StaleTaskException(before.name(), task.version(), before.version());
            }
            if (!before.namespace().equals(task.namespace())) {
                throw new IllegalArgumentException("namespace: a task cannot move from '" + before.namespace()
                        + "' to '" + task.namespace() + "'; create it there and delete this one");
            }
            Instant now = Jdbc.millis(clock.instant());
            // The same schedule keeps its planned fire (an edit must not drop a fire that is due);
            // a new schedule, or a re-enabled task, fires from now on.
            Instant nextFire = ScheduleChange.sameSchedule(before, task) && before.enabled() && task.enabled()
                    && before.nextFireAt() != null ? before.nextFireAt() : firstFire(task, now);
            Object[] definition = TaskRows.definition(task);
            Object[] values = SqlLists.concat(definition, nextFire, now, id, before.version());
            try {
                Jdbc.update(connection, SET_DEFINITION, values);
            } catch (SQLException e) {
                throw duplicateOr(e, task);
            }
            writeLabels(connection, id, task.labels());
            Task after = task.toBuilder().version(before.version() + 1).createdAt(before.createdAt()).updatedAt(now)
                    .nextFireAt(nextFire).build();
            ScheduleChange.apply(connection, before, after, now);
            audit(connection, who, "task.update", after, before, after);
            return after;
        });
    }

    @Override
    public Task setEnabled(long id, boolean enabled, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction((enabled ? "enable" : "disable") + " task " + id, connection -> {
            Task before = lock(connection, id);
            if (before.enabled() == enabled) {
                return before;
            }
            Instant now = Jdbc.millis(clock.instant());
            // A disabled task has no planned fire; an enabled one fires from now on.
            Task after = before.toBuilder().enabled(enabled).version(before.version() + 1).updatedAt(now).build();
            Instant nextFire = firstFire(after, now);
            after = after.toBuilder().nextFireAt(nextFire).build();
            Jdbc.update(connection, SET_ENABLED, enabled, nextFire, now, id, before.version());
            ScheduleChange.apply(connection, before, after, now);
            audit(connection, who, enabled ? "task.enable" : "task.disable", after, before, after);
            return after;
        });
    }

    @Override
    public boolean delete(long id, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("delete task " + id, connection -> {
            Optional<Task> before = Jdbc.one(connection, BY_ID_FOR_UPDATE, TaskRows::read, id);
            if (before.isEmpty()) {
                return false;
            }
            Jdbc.update(connection, DELETE, id);
            ScheduleChange.apply(connection, before.get(), null, Jdbc.millis(clock.instant()));
            audit(connection, who, "task.delete", before.get(), before.get(), null);
            return true;
        });
    }

    /**
     * The first fire of a task from {@code now}, or null when it is disabled or never fires. The
     * scheduler takes it from here; the schedule index is only a copy.
     */
    private static Instant firstFire(Task task, Instant now) {
        if (!task.enabled()) {
            return null;
        }
        return task.schedule().nextAfter(now, task.zone()).map(java.time.ZonedDateTime::toInstant).orElse(null);
    }

    private long insert(Connection connection, Task task, Instant now, Instant nextFire) throws SQLException {
        Object[] values = SqlLists.concat(SqlLists.concat(new Object[] {task.namespace()}, TaskRows.definition(task)), now, now, nextFire);
        try (PreparedStatement statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
            Jdbc.bind(statement, values);
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        } catch (SQLException e) {
            throw duplicateOr(e, task);
        }
    }

    private static Task lock(Connection connection, long id) throws SQLException {
        return Jdbc.one(connection, BY_ID_FOR_UPDATE, TaskRows::read, id)
                .orElseThrow(() -> new TaskNotFoundException("with id " + id));
    }

    private static void writeLabels(Connection connection, long id, Map<String, String> labels) throws SQLException {
        Jdbc.update(connection, DELETE_LABELS, id);
        if (labels.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement(INSERT_LABEL)) {
            for (Map.Entry<String, String> label : labels.entrySet()) {
                Jdbc.bind(statement, id, label.getKey(), label.getValue());
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private static void audit(Connection connection, String actor, String action, Task subject, Task before,
                              Task after) throws SQLException {
        AuditWriter.write(connection, actor, action, "task:" + subject.id(), subject.namespace(),
                before == null ? null : TaskRows.auditJson(before), after == null ? null : TaskRows.auditJson(after));
    }

    /** A clash on the unique (namespace, name) key means the name is taken. */
    private static SQLException duplicateOr(SQLException e, Task task) {
        if (Jdbc.isDuplicateKey(e)) {
            throw new DuplicateTaskException(task.namespace(), task.name());
        }
        return e; // for the caller to throw
    }
}
