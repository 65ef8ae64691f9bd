package io.redcron.store.mysql;

import io.redcron.domain.AlertSilence;
import io.redcron.port.AlertSilences;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/** Silences in {@code alert_silence}; adding and ending one writes its audit row in the same transaction. */
public final class MysqlAlertSilences implements AlertSilences {
    private static final String COLUMNS = "SELECT id, namespace, task_name, task_group, kind, until_at, reason,"
            + " created_by, created_at, ended_at, ended_by FROM alert_silence";
    private static final String ACTIVE = COLUMNS + " WHERE namespace = ? AND ended_at IS NULL AND until_at > ?"
            + " ORDER BY until_at, id";
    private static final String NEWEST = COLUMNS + " WHERE namespace = ? ORDER BY created_at DESC, id DESC LIMIT ?";
    private static final String ONE = COLUMNS + " WHERE id = ? AND namespace = ? FOR UPDATE";
    private static final String INSERT = "INSERT INTO alert_silence (namespace, task_name, task_group, kind, until_at,"
            + " reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String END = "UPDATE alert_silence SET ended_at = ?, ended_by = ? WHERE id = ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlAlertSilences(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public AlertSilence add(NewSilence silence, String actor) {
        String who = AuditWriter.actor(actor);
        Instant now = Jdbc.millis(clock.instant());
        if (!silence.until().isAfter(now)) {
            throw new IllegalArgumentException("until: " + silence.until() + " is not in the future");
        }
        return jdbc.transaction("add a silence in namespace '" + silence.namespace() + "'", connection -> {
            long id;
            try (var statement = connection.prepareStatement(INSERT, java.sql.Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, silence.namespace(), silence.taskName(), silence.group(), silence.kind(),
                        Jdbc.millis(silence.until()), silence.reason(), who, now);
                statement.executeUpdate();
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            }
            AlertSilence added = Jdbc.one(connection, ONE, MysqlAlertSilences::silence, id, silence.namespace())
                    .orElseThrow();
            AuditWriter.write(connection, who, "alerts.silence", "silence:" + id, silence.namespace(), null,
                    json(added));
            return added;
        });
    }

    @Override
    public List<AlertSilence> active(String namespace, Instant now) {
        return jdbc.autoCommit("read the silences of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, ACTIVE, MysqlAlertSilences::silence, namespace, Jdbc.millis(now)));
    }

    @Override
    public List<AlertSilence> all(String namespace, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit: at least 1, got " + limit);
        }
        return jdbc.autoCommit("read the silences of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, NEWEST, MysqlAlertSilences::silence, namespace, limit));
    }

    @Override
    public boolean end(String namespace, long id, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("end silence " + id, connection -> {
            Optional<AlertSilence> found = Jdbc.one(connection, ONE, MysqlAlertSilences::silence, id, namespace);
            if (found.isEmpty()) {
                throw new IllegalArgumentException("silence: namespace '" + namespace + "' has no silence " + id);
            }
            Instant now = Jdbc.millis(clock.instant());
            if (!found.get().isActive(now)) {
                return false;
            }
            Jdbc.update(connection, END, now, who, id);
            AuditWriter.write(connection, who, "alerts.unsilence", "silence:" + id, namespace, json(found.get()), null);
            return true;
        });
    }

    private static AlertSilence silence(ResultSet row) throws SQLException {
        return new AlertSilence(row.getLong("id"), row.getString("namespace"), row.getString("task_name"),
                row.getString("task_group"), row.getString("kind"), Jdbc.instant(row, "until_at"),
                row.getString("reason"), row.getString("created_by"), Jdbc.instant(row, "created_at"),
                Jdbc.instant(row, "ended_at"), row.getString("ended_by"));
    }

    static String json(AlertSilence silence) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("task", silence.taskName());
        fields.put("group", silence.group());
        fields.put("kind", silence.kind());
        fields.put("until", silence.until().toString());
        fields.put("reason", silence.reason());
        fields.values().removeIf(java.util.Objects::isNull);
        return Json.write(fields);
    }
}
