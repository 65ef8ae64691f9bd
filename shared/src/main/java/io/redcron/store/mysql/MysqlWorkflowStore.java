package io.redcron.store.mysql;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.port.DuplicateWorkflowException;
import io.redcron.port.StaleWorkflowException;
import io.redcron.port.WorkflowStore;
import io.redcron.schedule.CronDialect;
import io.redcron.workflow.Step;
import io.redcron.workflow.Workflow;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** Workflow definitions in {@code workflow} (migration 16), each change with its audit row. */
public final class MysqlWorkflowStore implements WorkflowStore {
    static final String COLUMNS = "SELECT id, namespace, name, description, cron, dialect, zone, misfire_policy,"
            + " catch_up_limit, concurrency_policy, enabled, params, steps, version, created_at, updated_at,"
            + " next_fire_at FROM workflow";
    private static final String INSERT = "INSERT INTO workflow (namespace, name, description, cron, dialect, zone,"
            + " misfire_policy, catch_up_limit, concurrency_policy, enabled, params, steps, version, created_at,"
            + " updated_at, next_fire_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)";
    private static final String UPDATE = "UPDATE workflow SET name = ?, description = ?, cron = ?, dialect = ?,"
            + " zone = ?, misfire_policy = ?, catch_up_limit = ?, concurrency_policy = ?, enabled = ?, params = ?,"
            + " steps = ?, version = version + 1, updated_at = ?, next_fire_at = ? WHERE id = ? AND version = ?";
    private static final String SET_ENABLED = "UPDATE workflow SET enabled = ?, version = version + 1,"
            + " updated_at = ?, next_fire_at = ? WHERE id = ?";
    private static final String DELETE = "DELETE FROM workflow WHERE id = ?";
    private static final String BY_NAME = COLUMNS + " WHERE namespace = ? AND name = ?";
    private static final String BY_ID = COLUMNS + " WHERE id = ?";
    private static final String ALL = COLUMNS + " WHERE namespace = ? ORDER BY name";
    private static final String DUE = COLUMNS + " WHERE namespace = ? AND next_fire_at <= ? AND enabled"
            + " ORDER BY next_fire_at LIMIT ?";

    /** The most due fires a change records: a workflow fires at most once a second. */
    private static final int FIRES_ON_CHANGE = 1000;

    private final Jdbc jdbc;
    private final java.time.Clock clock;

    public MysqlWorkflowStore(DataSource dataSource) {
        this(dataSource, java.time.Clock.systemUTC());
    }

    /** @param clock when a delete happens, for the fires it records */
    public MysqlWorkflowStore(DataSource dataSource, java.time.Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public Workflow create(Workflow workflow, Instant now, String actor) {
        if (workflow.id() != null) {
            throw new IllegalArgumentException("id: a new workflow has no id yet, got " + workflow.id());
        }
        String who = AuditWriter.actor(actor);
        Instant at = Jdbc.millis(now);
        Instant next = workflow.firstFireAfter(at);
        return jdbc.transaction("create workflow " + workflow.name(), connection -> {
            long id;
            try (PreparedStatement statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, workflow.namespace(), workflow.name(), workflow.description(), workflow.cron(),
                        workflow.dialect().name(), workflow.zone().getId(), workflow.misfirePolicy().name(),
                        workflow.catchUpLimit(), workflow.concurrencyPolicy().name(), workflow.enabled(),
                        Json.write(workflow.params()), StepsJson.write(workflow.steps()), at, at, next);
                statement.executeUpdate();
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            } catch (SQLException e) {
                if (Jdbc.isDuplicateKey(e)) {
                    throw new DuplicateWorkflowException(workflow.namespace(), workflow.name());
                }
                throw e;
            }
            Workflow stored = workflow.stored(id, 1, at, at, next);
            AuditWriter.write(connection, who, "workflow.create", "workflow:" + id, workflow.namespace(), null,
                    WorkflowAudit.json(stored));
            return stored;
        });
    }

    @Override
    public Workflow update(Workflow workflow, long expectedVersion, Instant now, String actor) {
        if (workflow.id() == null) {
            throw new IllegalArgumentException("id: only a stored workflow can be updated");
        }
        String who = AuditWriter.actor(actor);
        Instant at = Jdbc.millis(now);
        return jdbc.transaction("update workflow " + workflow.name(), connection -> {
            Workflow before = Jdbc.one(connection, BY_ID + " FOR UPDATE", MysqlWorkflowStore::read, workflow.id())
                    .orElseThrow(() -> new io.redcron.port.StoreException("workflow " + workflow.id() + " no longer exists"));
            if (before.version() != expectedVersion) {
                throw new StaleWorkflowException(before.name(), expectedVersion, before.version());
            }
            boolean keepsSchedule = sameSchedule(before, workflow) && workflow.enabled();
            if (!keepsSchedule) {
                recordDueFires(connection, before, at);
            }
            Instant next = keepsSchedule && before.nextFireAt() != null ? before.nextFireAt() : workflow.firstFireAfter(at);
            try {
                Jdbc.update(connection, UPDATE, workflow.name(), workflow.description(), workflow.cron(),
                        workflow.dialect().name(), workflow.zone().getId(), workflow.misfirePolicy().name(),
                        workflow.catchUpLimit(), workflow.concurrencyPolicy().name(), workflow.enabled(),
                        Json.write(workflow.params()), StepsJson.write(workflow.steps()), at, next, workflow.id(),
                        expectedVersion);
            } catch (SQLException e) {
                if (Jdbc.isDuplicateKey(e)) {
                    throw new DuplicateWorkflowException(workflow.namespace(), workflow.name());
                }
                throw e;
            }
            Workflow after = workflow.stored(workflow.id(), expectedVersion + 1, before.createdAt(), at, next);
            AuditWriter.write(connection, who, "workflow.update", "workflow:" + workflow.id(), workflow.namespace(),
                    WorkflowAudit.json(before), WorkflowAudit.json(after));
            return after;
        });
    }

    /**
     * Records the fires of {@code before}'s schedule due by {@code now} that no leader recorded
     * yet, as the leader would have (its misfire policy, the threshold it published): a change
     * that ends a schedule (pause, another cron, delete) is the only party that knows the old one
     * at the moment it commits, so it records them, as a task change does. The leader's own
     * recording checks the workflow's version, so the two never both record a fire.
     */
    private static void recordDueFires(Connection connection, Workflow before, Instant now) throws SQLException {
        if (!before.enabled() || before.nextFireAt() == null || before.nextFireAt().isAfter(now)
                || before.schedule().isEmpty()) {
            return;
        }
        java.time.Duration threshold = MysqlFencingEpochs.misfireThreshold(connection, before.namespace())
                .orElse(io.redcron.config.SchedulerConfig.DEFAULT_MISFIRE_THRESHOLD);
        io.redcron.schedule.FirePlan plan = new io.redcron.schedule.FirePlanner(threshold, FIRES_ON_CHANGE).plan(
                before.schedule().get(), before.zone(), before.nextFireAt(), now, before.misfirePolicy(),
                before.catchUpLimit());
        MysqlWorkflowRuns.recordCronFires(connection, before, plan.fires(), now);
    }

    private static boolean sameSchedule(Workflow a, Workflow b) {
        return java.util.Objects.equals(a.cron(), b.cron()) && a.dialect() == b.dialect() && a.zone().equals(b.zone());
    }

    @Override
    public Optional<Workflow> setEnabled(String namespace, String name, boolean enabled, Instant now, String actor) {
        String who = AuditWriter.actor(actor);
        Instant at = Jdbc.millis(now);
        return jdbc.transaction((enabled ? "resume" : "pause") + " workflow " + name, connection -> {
            Optional<Workflow> before = Jdbc.one(connection, BY_NAME + " FOR UPDATE", MysqlWorkflowStore::read,
                    namespace, name);
            if (before.isEmpty() || before.get().enabled() == enabled) {
                return before;
            }
            Workflow changed = before.get().withEnabled(enabled);
            if (!enabled) {
                recordDueFires(connection, before.get(), at);
            }
            Instant next = enabled ? changed.firstFireAfter(at) : null;
            Jdbc.update(connection, SET_ENABLED, enabled, at, next, changed.id());
            Workflow after = changed.stored(changed.id(), changed.version() + 1, changed.createdAt(), at, next);
            AuditWriter.write(connection, who, enabled ? "workflow.resume" : "workflow.pause",
                    "workflow:" + changed.id(), namespace, WorkflowAudit.json(before.get()), WorkflowAudit.json(after));
            return Optional.of(after);
        });
    }

    @Override
    public boolean delete(String namespace, String name, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("delete workflow " + name, connection -> {
            Optional<Workflow> before = Jdbc.one(connection, BY_NAME + " FOR UPDATE", MysqlWorkflowStore::read,
                    namespace, name);
            if (before.isEmpty()) {
                return false;
            }
            recordDueFires(connection, before.get(), Jdbc.millis(clock.instant()));
            Jdbc.update(connection, DELETE, before.get().id());
            AuditWriter.write(connection, who, "workflow.delete", "workflow:" + before.get().id(), namespace,
                    WorkflowAudit.json(before.get()), null);
            return true;
        });
    }

    @Override
    public Optional<Workflow> get(String namespace, String name) {
        return jdbc.autoCommit("read workflow " + name, connection -> Jdbc.one(connection, BY_NAME,
                MysqlWorkflowStore::read, namespace, name));
    }

    @Override
    public Optional<Workflow> get(long id) {
        return jdbc.autoCommit("read workflow " + id, connection -> Jdbc.one(connection, BY_ID,
                MysqlWorkflowStore::read, id));
    }

    @Override
    public List<Workflow> list(String namespace) {
        return jdbc.autoCommit("list workflows", connection -> Jdbc.list(connection, ALL, MysqlWorkflowStore::read,
                namespace));
    }

    @Override
    public List<Workflow> due(String namespace, Instant horizon, int limit) {
        return jdbc.autoCommit("read the workflows due", connection -> Jdbc.list(connection, DUE,
                MysqlWorkflowStore::read, namespace, horizon, limit));
    }


    static Workflow read(ResultSet row) throws SQLException {
        List<Step> steps = StepsJson.read(row.getString("steps"));
        return new Workflow(row.getLong("id"), row.getString("namespace"), row.getString("name"),
                row.getString("description"), row.getString("cron"), CronDialect.valueOf(row.getString("dialect")),
                ZoneId.of(row.getString("zone")), MisfirePolicy.valueOf(row.getString("misfire_policy")),
                row.getInt("catch_up_limit"), ConcurrencyPolicy.valueOf(row.getString("concurrency_policy")),
                row.getBoolean("enabled"), Json.stringMap(row.getString("params")), steps, row.getLong("version"),
                Jdbc.instant(row, "created_at"), Jdbc.instant(row, "updated_at"), Jdbc.instant(row, "next_fire_at"));
    }

}
