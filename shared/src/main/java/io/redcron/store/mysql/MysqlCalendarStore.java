package io.redcron.store.mysql;

import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.CalendarExclusion;
import io.redcron.calendar.CalendarInUseException;
import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.DayKind;
import io.redcron.calendar.UnknownCalendarException;
import io.redcron.port.CalendarStore;
import io.redcron.schedule.FireExclusion;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * Calendars in {@code calendar}, {@code calendar_day} and {@code calendar_blackout}, bindings in
 * {@code task_calendar} (migration 14); each change with its audit row in one transaction.
 */
public final class MysqlCalendarStore implements CalendarStore {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final String HEADERS = "SELECT id, name, description, zone, weekend FROM calendar WHERE namespace = ?";
    private static final String HEADER = HEADERS + " AND name = ?";
    private static final String INSERT = "INSERT INTO calendar (namespace, name, description, zone, weekend,"
            + " updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?)";
    private static final String UPDATE = "UPDATE calendar SET description = ?, zone = ?, weekend = ?, updated_at = ?,"
            + " updated_by = ? WHERE id = ?";
    private static final String DAYS = "SELECT d.calendar_id, d.day, d.kind, d.name FROM calendar_day d"
            + " JOIN calendar c ON c.id = d.calendar_id WHERE c.namespace = ?";
    private static final String BLACKOUTS = "SELECT b.id, b.calendar_id, b.name, b.zone, b.starts_at, b.ends_at, b.cron,"
            + " b.duration_s FROM calendar_blackout b JOIN calendar c ON c.id = b.calendar_id WHERE c.namespace = ?";
    private static final String INSERT_DAY = "INSERT INTO calendar_day (calendar_id, day, kind, name) VALUES (?, ?, ?, ?)";
    private static final String DELETE_YEAR = "DELETE FROM calendar_day WHERE calendar_id = ? AND day >= ? AND day < ?";
    private static final String DELETE_DAYS = "DELETE FROM calendar_day WHERE calendar_id = ?";
    private static final String YEARS = "SELECT DISTINCT YEAR(day) FROM calendar_day WHERE calendar_id = ?";
    private static final String INSERT_BLACKOUT = "INSERT INTO calendar_blackout (calendar_id, name, zone, starts_at,"
            + " ends_at, cron, duration_s, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String FOLLOWERS = "SELECT t.name FROM task_calendar b JOIN task t ON t.id = b.task_id"
            + " WHERE b.calendar_id = ? ORDER BY t.name";
    private static final String BINDINGS = "SELECT b.task_id, c.name, b.mode FROM task_calendar b"
            + " JOIN calendar c ON c.id = b.calendar_id JOIN task t ON t.id = b.task_id WHERE b.namespace = ?";
    // A binding is replaced, never updated: INSERT … ON DUPLICATE KEY UPDATE would need the right
    // to update every column, the task's and namespace's too (installers/sql/roles.sql).
    private static final String BIND = "INSERT INTO task_calendar (task_id, namespace, calendar_id, mode, updated_at,"
            + " updated_by) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String TASK = "SELECT namespace FROM task WHERE id = ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlCalendarStore(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public List<BusinessCalendar> calendars(String namespace) {
        return jdbc.autoCommit("read the calendars of namespace '" + namespace + "'", connection ->
                new ArrayList<>(read(connection, namespace, null).values()));
    }

    @Override
    public Optional<BusinessCalendar> calendar(String namespace, String name) {
        return jdbc.autoCommit("read calendar '" + name + "'", connection ->
                read(connection, namespace, name).values().stream().findFirst());
    }

    @Override
    public BusinessCalendar change(String namespace, CalendarChange change, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("change calendar '" + change.name() + "'", connection ->
                changeHeader(connection, namespace, change, who).calendar());
    }

    @Override
    public ImportResult importDays(String namespace, CalendarChange change, List<CalendarDay> days, boolean replaceAll,
                                   String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("import into calendar '" + change.name() + "'", connection -> {
            Header header = changeHeader(connection, namespace, change, who);
            long id = header.id();
            Set<Integer> years = new TreeSet<>();
            int removed;
            if (replaceAll) {
                years.addAll(Jdbc.list(connection, YEARS, row -> row.getInt(1), id));
                removed = Jdbc.update(connection, DELETE_DAYS, id);
            } else {
                days.forEach(day -> years.add(day.date().getYear()));
                removed = 0;
                for (int year : years) {
                    removed += Jdbc.update(connection, DELETE_YEAR, id, LocalDate.of(year, 1, 1).toString(),
                            LocalDate.of(year + 1, 1, 1).toString());
                }
            }
            try (var insert = connection.prepareStatement(INSERT_DAY)) {
                for (CalendarDay day : days) {
                    years.add(day.date().getYear());
                    Jdbc.bind(insert, id, day.date().toString(), day.kind().name(), day.name());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            int holidays = (int) days.stream().filter(day -> day.kind() == DayKind.HOLIDAY).count();
            Map<String, Object> after = new LinkedHashMap<>();
            after.put("years", years);
            after.put("holidays", holidays);
            after.put("workdays", days.size() - holidays);
            after.put("replaced", replaceAll ? "all" : "years in the file");
            after.put("removed", removed);
            AuditWriter.write(connection, who, "calendar.import", subject(change.name()), namespace, null,
                    Json.write(after));
            BusinessCalendar stored = read(connection, namespace, change.name()).get(change.name());
            return new ImportResult(stored, holidays, days.size() - holidays, years, removed);
        });
    }

    @Override
    public void delete(String namespace, String name, String actor) {
        String who = AuditWriter.actor(actor);
        jdbc.transaction("delete calendar '" + name + "'", connection -> {
            Header header = lockHeader(connection, namespace, name);
            List<String> followers = Jdbc.list(connection, FOLLOWERS, row -> row.getString(1), header.id());
            if (!followers.isEmpty()) {
                throw new CalendarInUseException(name, followers);
            }
            // Bindings left by deleted tasks go with it.
            Jdbc.update(connection, "DELETE FROM task_calendar WHERE calendar_id = ?", header.id());
            Jdbc.update(connection, DELETE_DAYS, header.id());
            Jdbc.update(connection, "DELETE FROM calendar_blackout WHERE calendar_id = ?", header.id());
            Jdbc.update(connection, "DELETE FROM calendar WHERE id = ?", header.id());
            AuditWriter.write(connection, who, "calendar.delete", subject(name), namespace,
                    Json.write(headerJson(header.calendar())), null);
            return null;
        });
    }

    @Override
    public Blackout addBlackout(String namespace, String calendar, Blackout blackout, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("add a blackout to calendar '" + calendar + "'", connection -> {
            Header header = lockHeader(connection, namespace, calendar);
            long id;
            try (var statement = connection.prepareStatement(INSERT_BLACKOUT, java.sql.Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, header.id(), blackout.name(), blackout.zone().getId(), local(blackout.start()),
                        local(blackout.end()), blackout.cron(),
                        blackout.duration() == null ? null : blackout.duration().toSeconds(), Jdbc.millis(clock.instant()),
                        who);
                statement.executeUpdate();
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            }
            Blackout stored = blackout.withId(id);
            AuditWriter.write(connection, who, "calendar.blackout.add", subject(calendar), namespace, null,
                    Json.write(Map.of("id", id, "name", stored.name(), "when", stored.when())));
            return stored;
        });
    }

    @Override
    public boolean removeBlackout(String namespace, String calendar, long blackoutId, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("remove blackout " + blackoutId, connection -> {
            Header header = lockHeader(connection, namespace, calendar);
            Optional<Blackout> before = header.calendar().blackouts().stream().filter(b -> b.id() == blackoutId)
                    .findFirst();
            if (before.isEmpty()) {
                return false;
            }
            Jdbc.update(connection, "DELETE FROM calendar_blackout WHERE id = ? AND calendar_id = ?", blackoutId,
                    header.id());
            AuditWriter.write(connection, who, "calendar.blackout.remove", subject(calendar), namespace,
                    Json.write(Map.of("id", blackoutId, "name", before.get().name(), "when", before.get().when())), null);
            return true;
        });
    }

    @Override
    public CalendarBinding bind(String namespace, long taskId, String calendar, CalendarMode mode, String actor) {
        String who = AuditWriter.actor(actor);
        CalendarBinding binding = new CalendarBinding(taskId, calendar, mode);
        return jdbc.transaction("bind task " + taskId + " to calendar '" + calendar + "'", connection -> {
            checkTask(connection, namespace, taskId);
            Header header = lockHeader(connection, namespace, binding.calendar());
            Optional<CalendarBinding> before = binding(connection, namespace, taskId);
            Jdbc.update(connection, "DELETE FROM task_calendar WHERE task_id = ?", taskId);
            Jdbc.update(connection, BIND, taskId, namespace, header.id(), mode.name(), Jdbc.millis(clock.instant()), who);
            AuditWriter.write(connection, who, "task.calendar.bind", "task:" + taskId, namespace,
                    before.map(MysqlCalendarStore::bindingJson).orElse(null), bindingJson(binding));
            return binding;
        });
    }

    @Override
    public boolean unbind(String namespace, long taskId, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("unbind task " + taskId, connection -> {
            Optional<CalendarBinding> before = binding(connection, namespace, taskId);
            if (before.isEmpty()) {
                return false;
            }
            Jdbc.update(connection, "DELETE FROM task_calendar WHERE task_id = ? AND namespace = ?", taskId, namespace);
            AuditWriter.write(connection, who, "task.calendar.unbind", "task:" + taskId, namespace,
                    bindingJson(before.get()), null);
            return true;
        });
    }

    @Override
    public Optional<CalendarBinding> binding(String namespace, long taskId) {
        return jdbc.autoCommit("read the calendar of task " + taskId, connection -> binding(connection, namespace, taskId));
    }

    @Override
    public Map<Long, CalendarBinding> bindings(String namespace) {
        return jdbc.autoCommit("read the calendars of the tasks of namespace '" + namespace + "'", connection -> {
            Map<Long, CalendarBinding> found = new HashMap<>();
            for (CalendarBinding binding : Jdbc.list(connection, BINDINGS, MysqlCalendarStore::binding, namespace)) {
                found.put(binding.taskId(), binding);
            }
            return found;
        });
    }

    /**
     * A task's calendar as it applies to its fires, read on the caller's connection: a task change
     * records the fires its old schedule missed under the same calendar the scheduler applies.
     */
    static FireExclusion exclusion(Connection connection, String namespace, long taskId) throws SQLException {
        Optional<CalendarBinding> binding = binding(connection, namespace, taskId);
        if (binding.isEmpty()) {
            return FireExclusion.NONE;
        }
        BusinessCalendar calendar = read(connection, namespace, binding.get().calendar()).get(binding.get().calendar());
        return calendar == null ? FireExclusion.NONE : new CalendarExclusion(calendar, binding.get().mode());
    }

    private static Optional<CalendarBinding> binding(Connection connection, String namespace, long taskId)
            throws SQLException {
        return Jdbc.one(connection, BINDINGS + " AND b.task_id = ?", MysqlCalendarStore::binding, namespace, taskId);
    }

    private static CalendarBinding binding(ResultSet row) throws SQLException {
        return new CalendarBinding(row.getLong(1), row.getString(2), CalendarMode.valueOf(row.getString(3)));
    }

    private static void checkTask(Connection connection, String namespace, long taskId) throws SQLException {
        Optional<String> found = Jdbc.one(connection, TASK, row -> row.getString(1), taskId);
        if (found.isEmpty() || !found.get().equals(namespace)) {
            throw new io.redcron.port.TaskNotFoundException("with id " + taskId + " in namespace '" + namespace + "'");
        }
    }

    private record Header(long id, BusinessCalendar calendar) {
    }

    /** Creates the calendar or changes it as asked, and audits what changed. */
    private Header changeHeader(Connection connection, String namespace, CalendarChange change, String who)
            throws SQLException {
        Optional<Header> before = header(connection, namespace, change.name(), true);
        BusinessCalendar after = change.applyTo(before.map(Header::calendar).orElse(null));
        long id;
        if (before.isEmpty()) {
            try (var statement = connection.prepareStatement(INSERT, java.sql.Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, namespace, after.name(), after.description(), after.zone().getId(),
                        weekend(after.weekend()), Jdbc.millis(clock.instant()), who);
                statement.executeUpdate();
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            } catch (SQLException e) {
                if (Jdbc.isDuplicateKey(e)) {
                    // Created meanwhile by someone else: take theirs and change it.
                    return changeHeader(connection, namespace, change, who);
                }
                throw e;
            }
            AuditWriter.write(connection, who, "calendar.create", subject(after.name()), namespace, null,
                    Json.write(headerJson(after)));
        } else {
            id = before.get().id();
            Map<String, Object> was = headerJson(before.get().calendar());
            Map<String, Object> now = headerJson(after);
            if (!was.equals(now)) {
                Jdbc.update(connection, UPDATE, after.description(), after.zone().getId(), weekend(after.weekend()),
                        Jdbc.millis(clock.instant()), who, id);
                AuditWriter.write(connection, who, "calendar.change", subject(after.name()), namespace,
                        Json.write(was), Json.write(now));
            }
        }
        return new Header(id, after);
    }

    private static Header lockHeader(Connection connection, String namespace, String name) throws SQLException {
        Header header = header(connection, namespace, name, true)
                .orElseThrow(() -> UnknownCalendarException.named(namespace, name));
        BusinessCalendar full = read(connection, namespace, name).get(name);
        return new Header(header.id(), full);
    }

    private static Optional<Header> header(Connection connection, String namespace, String name, boolean lock)
            throws SQLException {
        return Jdbc.one(connection, HEADER + (lock ? " FOR UPDATE" : ""), row -> new Header(row.getLong("id"),
                new BusinessCalendar(row.getString("name"), row.getString("description"),
                        ZoneId.of(row.getString("zone")), weekend(row.getString("weekend")), Map.of(), List.of())),
                namespace, name);
    }

    /** The namespace's calendars (or the one named) with their entries and blackouts, by name. */
    private static Map<String, BusinessCalendar> read(Connection connection, String namespace, String only)
            throws SQLException {
        String filter = only == null ? "" : " AND c.name = ?";
        Object[] values = only == null ? new Object[] {namespace} : new Object[] {namespace, only};
        Map<Long, BusinessCalendar> byId = new LinkedHashMap<>();
        Jdbc.list(connection, HEADERS + (only == null ? "" : " AND name = ?") + " ORDER BY name", row -> {
            byId.put(row.getLong("id"), new BusinessCalendar(row.getString("name"), row.getString("description"),
                    ZoneId.of(row.getString("zone")), weekend(row.getString("weekend")), Map.of(), List.of()));
            return null;
        }, values);
        Map<Long, List<CalendarDay>> days = new HashMap<>();
        Jdbc.each(connection, DAYS + filter, row -> days.computeIfAbsent(row.getLong(1), id -> new ArrayList<>())
                .add(new CalendarDay(row.getObject(2, LocalDate.class), DayKind.valueOf(row.getString(3)),
                        row.getString(4))), values);
        Map<Long, List<Blackout>> blackouts = new HashMap<>();
        for (Object[] blackout : Jdbc.list(connection, BLACKOUTS + filter + " ORDER BY b.id",
                row -> new Object[] {row.getLong(2), blackout(row)}, values)) {
            blackouts.computeIfAbsent((Long) blackout[0], id -> new ArrayList<>()).add((Blackout) blackout[1]);
        }
        Map<String, BusinessCalendar> found = new LinkedHashMap<>();
        byId.forEach((id, calendar) -> found.put(calendar.name(), calendar.withDays(days.getOrDefault(id, List.of()))
                .withBlackouts(blackouts.getOrDefault(id, List.of()))));
        return found;
    }

    private static Blackout blackout(ResultSet row) throws SQLException {
        ZoneId zone = ZoneId.of(row.getString("zone"));
        String cron = row.getString("cron");
        Blackout blackout = cron == null
                ? Blackout.once(row.getString("name"), zone, row.getObject("starts_at", LocalDateTime.class),
                        row.getObject("ends_at", LocalDateTime.class))
                : Blackout.repeating(row.getString("name"), zone, cron, Duration.ofSeconds(row.getLong("duration_s")));
        return blackout.withId(row.getLong("id"));
    }

    private static String local(LocalDateTime time) {
        return time == null ? null : LOCAL.format(time);
    }

    private static String weekend(Set<DayOfWeek> days) {
        return String.join(",", days.stream().sorted().map(day -> Integer.toString(day.getValue())).toList());
    }

    private static Set<DayOfWeek> weekend(String stored) {
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String part : stored.split(",")) {
            if (!part.isBlank()) {
                days.add(DayOfWeek.of(Integer.parseInt(part.strip())));
            }
        }
        return days;
    }

    private static Map<String, Object> headerJson(BusinessCalendar calendar) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("description", calendar.description());
        fields.put("zone", calendar.zone().getId());
        fields.put("weekend", BusinessCalendar.weekendText(calendar.weekend()));
        return fields;
    }

    private static String bindingJson(CalendarBinding binding) {
        return Json.write(Map.of("calendar", binding.calendar(), "mode", binding.mode().id()));
    }

    private static String subject(String calendar) {
        return "calendar:" + calendar;
    }
}
