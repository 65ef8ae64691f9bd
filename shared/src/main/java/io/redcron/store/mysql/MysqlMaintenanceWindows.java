package io.redcron.store.mysql;

import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.port.MaintenanceWindows;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/** Maintenance windows in {@code maintenance_window} (migration 13), each change with its audit row. */
public final class MysqlMaintenanceWindows implements MaintenanceWindows {
    private static final String COLUMNS = "SELECT id, namespace, task_group, starts_at, ends_at, on_resume, reason,"
            + " created_by, created_at, resumed_at, resumed_by FROM maintenance_window";
    /** When a window stops covering fires: the earlier of its planned end and its resumption. */
    private static final String END = "(CASE WHEN resumed_at IS NULL THEN ends_at WHEN ends_at IS NULL THEN resumed_at"
            + " ELSE LEAST(resumed_at, ends_at) END)";
    private static final String INSERT = "INSERT INTO maintenance_window (namespace, task_group, starts_at, ends_at,"
            + " on_resume, reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String RESUME = "UPDATE maintenance_window SET resumed_at = ?, resumed_by = ?"
            + " WHERE namespace = ? AND id = ? AND resumed_at IS NULL AND (ends_at IS NULL OR ends_at > ?)";
    private static final String ONE = COLUMNS + " WHERE namespace = ? AND id = ?";
    private static final String ENDING_AFTER = COLUMNS + " WHERE namespace = ? AND (" + END + " IS NULL OR " + END
            + " > ?) ORDER BY id";
    private static final String RECENT = COLUMNS + " WHERE namespace = ? ORDER BY id DESC LIMIT ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlMaintenanceWindows(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public MaintenanceWindow open(String namespace, MaintenanceWindow.Request request, String actor) {
        String who = AuditWriter.actor(actor);
        Instant now = Jdbc.millis(clock.instant());
        MaintenanceWindow.Request asked = request.startingBy(now);
        return jdbc.transaction("open a maintenance window over " + scope(namespace, asked.group()), connection -> {
            long id;
            try (PreparedStatement statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, namespace, asked.group(), Jdbc.millis(asked.from()),
                        Jdbc.millis(asked.until()), asked.onResume().name(),
                        asked.reason(), who, now);
                statement.executeUpdate();
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            }
            MaintenanceWindow window = new MaintenanceWindow(id, namespace, asked.group(), Jdbc.millis(asked.from()),
                    Jdbc.millis(asked.until()), asked.onResume(), asked.reason(), who,
                    now, null, null);
            AuditWriter.write(connection, who, "window.open", "window:" + id, namespace, null, json(window));
            return window;
        });
    }

    @Override
    public boolean resume(String namespace, long id, String actor) {
        String who = AuditWriter.actor(actor);
        Instant now = Jdbc.millis(clock.instant());
        return jdbc.transaction("resume maintenance window " + id, connection -> {
            if (Jdbc.update(connection, RESUME, now, who, namespace, id, now) == 0) {
                return false;
            }
            AuditWriter.write(connection, who, "window.resume", "window:" + id, namespace, null,
                    Json.write(Map.of("resumedAt", now.toString())));
            return true;
        });
    }

    @Override
    public Optional<MaintenanceWindow> get(String namespace, long id) {
        return jdbc.autoCommit("read maintenance window " + id,
                connection -> Jdbc.one(connection, ONE, MysqlMaintenanceWindows::window, namespace, id));
    }

    @Override
    public List<MaintenanceWindow> current(String namespace) {
        return relevant(namespace, Jdbc.millis(clock.instant()));
    }

    @Override
    public List<MaintenanceWindow> relevant(String namespace, Instant endedAfter) {
        return jdbc.autoCommit("read the maintenance windows of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, ENDING_AFTER, MysqlMaintenanceWindows::window, namespace,
                        endedAfter));
    }

    @Override
    public List<MaintenanceWindow> recent(String namespace, int limit) {
        return jdbc.autoCommit("read the maintenance windows of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, RECENT, MysqlMaintenanceWindows::window, namespace,
                        Math.max(1, limit)));
    }

    /**
     * The windows over a task of this group that are not over, or ended within the leader's look
     * back, as the planner applies them; read on the caller's connection (a task change's).
     */
    static List<io.redcron.schedule.PauseWindow> over(java.sql.Connection connection, String namespace, String group,
                                                      Instant now) throws SQLException {
        return Jdbc.list(connection, ENDING_AFTER, MysqlMaintenanceWindows::window, namespace,
                        now.minus(MaintenanceWindow.LOOK_BACK)).stream()
                .filter(window -> window.covers(group)).map(MaintenanceWindow::pause).toList();
    }

    private static MaintenanceWindow window(ResultSet row) throws SQLException {
        return new MaintenanceWindow(row.getLong("id"), row.getString("namespace"), row.getString("task_group"),
                Jdbc.instant(row, "starts_at"), Jdbc.instant(row, "ends_at"),
                MisfirePolicy.valueOf(row.getString("on_resume")), row.getString("reason"),
                row.getString("created_by"), Jdbc.instant(row, "created_at"), Jdbc.instant(row, "resumed_at"),
                row.getString("resumed_by"));
    }

    private static String scope(String namespace, String group) {
        return group == null ? "namespace '" + namespace + "'" : "group '" + group + "'";
    }

    private static String json(MaintenanceWindow window) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("scope", window.scope());
        fields.put("from", window.from().toString());
        fields.put("until", window.until() == null ? "resumed by hand" : window.until().toString());
        fields.put("onResume", window.onResume().name());
        fields.put("reason", window.reason());
        return Json.write(fields);
    }
}
