package io.redcron.store.mysql;

import io.redcron.domain.AlertRule;
import io.redcron.port.AlertRules;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/** Tasks' alert rules in {@code task_alert_rule}, each change with its audit row in one transaction. */
public final class MysqlAlertRules implements AlertRules {
    private static final String RULES = "SELECT task_id, slow_after_ms, slow_factor, success_within_ms"
            + " FROM task_alert_rule WHERE namespace = ?";
    private static final String ONE_RULE = RULES + " AND task_id = ?";
    private static final String UPSERT = "INSERT INTO task_alert_rule (namespace, task_id, slow_after_ms, slow_factor,"
            + " success_within_ms, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?)"
            + " ON DUPLICATE KEY UPDATE slow_after_ms = VALUES(slow_after_ms), slow_factor = VALUES(slow_factor),"
            + " success_within_ms = VALUES(success_within_ms), updated_at = VALUES(updated_at),"
            + " updated_by = VALUES(updated_by)";
    private static final String DELETE = "DELETE FROM task_alert_rule WHERE namespace = ? AND task_id = ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlAlertRules(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public Map<Long, AlertRule> all(String namespace) {
        return jdbc.autoCommit("read the alert rules of namespace '" + namespace + "'",
                connection -> rules(connection, RULES, namespace));
    }

    @Override
    public Optional<AlertRule> of(String namespace, long taskId) {
        return jdbc.autoCommit("read the alert rules of task " + taskId,
                connection -> rules(connection, ONE_RULE, namespace, taskId).values().stream().findFirst());
    }

    @Override
    public AlertRule change(String namespace, long taskId, AlertRule change, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("change the alert rules of task " + taskId, connection -> {
            Optional<AlertRule> before = rules(connection, ONE_RULE + " FOR UPDATE", namespace, taskId).values()
                    .stream().findFirst();
            AlertRule after = before.orElse(AlertRule.NONE).with(change);
            if (after.isEmpty()) {
                Jdbc.update(connection, DELETE, namespace, taskId);
            } else {
                Jdbc.update(connection, UPSERT, namespace, taskId, millis(after.slowAfter()), after.slowFactor(),
                        millis(after.successWithin()), Jdbc.millis(clock.instant()), who);
            }
            AuditWriter.write(connection, who, "alerts.rules.change", "task:" + taskId, namespace,
                    before.map(AlertRule::toString).orElse(null), after.toString());
            return after;
        });
    }

    @Override
    public boolean clear(String namespace, long taskId, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("clear the alert rules of task " + taskId, connection -> {
            Optional<AlertRule> before = rules(connection, ONE_RULE + " FOR UPDATE", namespace, taskId).values()
                    .stream().findFirst();
            if (before.isEmpty()) {
                return false;
            }
            Jdbc.update(connection, DELETE, namespace, taskId);
            AuditWriter.write(connection, who, "alerts.rules.clear", "task:" + taskId, namespace,
                    before.get().toString(), null);
            return true;
        });
    }

    private static Map<Long, AlertRule> rules(Connection connection, String sql, Object... values) throws SQLException {
        Map<Long, AlertRule> found = new LinkedHashMap<>();
        for (Map.Entry<Long, AlertRule> row : Jdbc.list(connection, sql, MysqlAlertRules::rule, values)) {
            found.put(row.getKey(), row.getValue());
        }
        return found;
    }

    private static Map.Entry<Long, AlertRule> rule(ResultSet row) throws SQLException {
        return Map.entry(row.getLong("task_id"), new AlertRule(duration(row, "slow_after_ms"),
                row.getBigDecimal("slow_factor"), duration(row, "success_within_ms")));
    }

    private static Duration duration(ResultSet row, String column) throws SQLException {
        long millis = row.getLong(column);
        return row.wasNull() ? null : Duration.ofMillis(millis);
    }

    private static Long millis(Duration duration) {
        return duration == null ? null : duration.toMillis();
    }
}
