package io.redcron.store.mysql;

import io.redcron.format.TaskAuditState;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Sharding;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.schedule.CronDialect;

import io.redcron.port.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/** Maps {@link Task} to the columns of {@code task} and back. */
final class TaskRows {
    private static final Logger LOG = LoggerFactory.getLogger(TaskRows.class);


    /** Every column of {@code task} aliased {@code t}; {@link #read} reads them by name. */
    static final String COLUMNS = "t.id, t.namespace, t.name, t.task_group, t.description, t.cron, t.dialect, t.zone,"
            + " t.type, t.payload, t.timeout_ms, t.retry_max_attempts, t.retry_initial_ms, t.retry_multiplier,"
            + " t.retry_max_ms, t.retry_jitter, t.misfire_policy, t.catch_up_limit, t.concurrency_policy, t.enabled,"
            + " t.owner, t.labels, t.alert_targets, t.params, t.version, t.created_at, t.updated_at, t.next_fire_at,"
            + " t.shards";

    /** The columns an edit replaces, in the order of {@link #definition}. */
    static final String DEFINITION_COLUMNS = "name, task_group, description, cron, dialect, zone, type, payload,"
            + " timeout_ms, retry_max_attempts, retry_initial_ms, retry_multiplier, retry_max_ms, retry_jitter,"
            + " misfire_policy, catch_up_limit, concurrency_policy, enabled, owner, labels, alert_targets, params,"
            + " shards";

    static final int DEFINITION_SIZE = DEFINITION_COLUMNS.split(",").length;

    /** {@code name = ?, task_group = ?, …} for the same columns. */
    static final String DEFINITION_ASSIGNMENTS = Arrays.stream(DEFINITION_COLUMNS.split(","))
            .map(column -> column.trim() + " = ?")
            .collect(Collectors.joining(", "));

    private TaskRows() {
    }

    static Object[] definition(Task task) {
        RetryPolicy retry = task.retry();
        return new Object[] {
            task.name(), task.group(), task.description(), task.cron(), task.dialect(), task.zone().getId(),
            task.type(), Json.write(task.payload()), task.timeout().toMillis(), retry.maxAttempts(),
            retry.initialBackoff().toMillis(), retry.multiplier(), retry.maxBackoff().toMillis(), retry.jitter(),
            task.misfirePolicy(), task.catchUpLimit(), task.concurrencyPolicy(), task.enabled(), task.owner(),
            Json.write(task.labels()), Json.write(task.alertTargets()), Json.write(task.params()),
            task.sharding().toColumn(),
        };
    }

    /**
     * Reads a task row. A row that no longer makes a valid task (edited by hand, or written under
     * older rules) is a store problem, not bad input: the exception names the task and the field.
     */
    /**
     * Null for a row that is no valid task: it is left out (the scheduler drops it from the index as
     * it does a deleted task, a worker fails its runs naming the problem) rather than failing the
     * whole batch, so one broken row stops only itself.
     */
    static Task readValid(ResultSet row) throws SQLException {
        try {
            return read(row);
        } catch (InvalidStoredTaskException e) {
            LOG.warn("{}; it does not run until it is fixed", e.getMessage());
            return null;
        }
    }

    static Task read(ResultSet row) throws SQLException {
        try {
            return build(row);
        } catch (IllegalArgumentException | DateTimeException | StoreException e) {
            // StoreException: a payload that is no JSON of its type at all.
            throw new InvalidStoredTaskException(row.getLong("id"), row.getString("name"), e);
        }
    }

    private static Task build(ResultSet row) throws SQLException {
        TaskType type = TaskType.valueOf(row.getString("type"));
        return Task.builder()
                .id(row.getLong("id"))
                .namespace(row.getString("namespace"))
                .name(row.getString("name"))
                .group(row.getString("task_group"))
                .description(row.getString("description"))
                .cron(row.getString("cron"))
                .dialect(CronDialect.valueOf(row.getString("dialect")))
                .zone(ZoneId.of(row.getString("zone")))
                .payload(Json.payload(type, row.getString("payload")))
                .timeout(Duration.ofMillis(row.getLong("timeout_ms")))
                .retry(new RetryPolicy(row.getInt("retry_max_attempts"),
                        Duration.ofMillis(row.getLong("retry_initial_ms")), row.getDouble("retry_multiplier"),
                        Duration.ofMillis(row.getLong("retry_max_ms")), row.getDouble("retry_jitter")))
                .misfirePolicy(MisfirePolicy.valueOf(row.getString("misfire_policy")))
                .catchUpLimit(row.getInt("catch_up_limit"))
                .concurrencyPolicy(ConcurrencyPolicy.valueOf(row.getString("concurrency_policy")))
                .sharding(Sharding.fromColumn(row.getInt("shards")))
                .enabled(row.getBoolean("enabled"))
                .owner(row.getString("owner"))
                .labels(Json.stringMap(row.getString("labels")))
                .alertTargets(Json.stringList(row.getString("alert_targets")))
                .params(Json.stringMap(row.getString("params")))
                .version(row.getLong("version"))
                .createdAt(Jdbc.instant(row, "created_at"))
                .updatedAt(Jdbc.instant(row, "updated_at"))
                .nextFireAt(Jdbc.instant(row, "next_fire_at"))
                .build();
    }

    /**
     * The state of a task as the audit log keeps it ({@link TaskAuditState}: every field by name,
     * credentials masked), times as ISO text.
     */
    static String auditJson(Task stored) {
        return Json.write(TaskAuditState.of(stored));
    }
}
