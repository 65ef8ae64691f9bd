package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

/** Listing stays interactive with 100,000 tasks in one namespace. */
class MysqlTaskListingScaleIT {
    private static final int TASKS = 100_000;
    private static final Duration INTERACTIVE = Duration.ofSeconds(2);
    private static final String DIGITS = "(SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3"
            + " UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8"
            + " UNION ALL SELECT 9)";
    private static final String NUMBERS = "SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d AS n FROM "
            + DIGITS + " a, " + DIGITS + " b, " + DIGITS + " c, " + DIGITS + " e, " + DIGITS + " f";
    private static final String BULK_TASKS = "INSERT INTO task (namespace, name, task_group, description, cron,"
            + " dialect, zone, type, payload, timeout_ms, retry_max_attempts, retry_initial_ms, retry_multiplier,"
            + " retry_max_ms, retry_jitter, misfire_policy, catch_up_limit, concurrency_policy, enabled, owner,"
            + " labels, alert_targets, params, version, created_at, updated_at)"
            + " SELECT ?, CONCAT('task-', LPAD(n, 6, '0')), CONCAT('g', n % 20), CONCAT('Nightly job number ', n),"
            + " '*/5 * * * *', 'UNIX', 'UTC', 'SHELL', '{\"command\":\"echo hi\",\"env\":{}}', 3600000, 1, 10000,"
            + " 2, 600000, 0.1, 'FIRE_ONCE', 10, 'FORBID', n % 2, '', '{}', '[]', '{}', 1,"
            + " '2030-01-01 00:00:00.000' + INTERVAL n SECOND, '2030-01-01 00:00:00.000' + INTERVAL n SECOND"
            + " FROM (" + NUMBERS + ") numbers";
    private static final String BULK_LABELS = "INSERT INTO task_label (task_id, label_key, label_value)"
            + " SELECT id, 'team', IF(id % 20 = 0, 'ops', 'dev') FROM task WHERE namespace = ? AND id % 10 = 0";

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private static MysqlTaskStore store;
    private static final String NS = TaskFixtures.freshNamespace();

    @BeforeAll
    static void fillTheDatabase() throws SQLException {
        store = new MysqlTaskStore(pool, Clock.systemUTC());
        try (Connection connection = pool.getConnection()) {
            execute(connection, BULK_TASKS, NS);
            execute(connection, BULK_LABELS, NS);
            execute(connection, "ANALYZE TABLE task, task_label");
        }
    }

    @Test
    void firstLastAndMiddlePagesByName() {
        Page<Task> first = timed(() -> store.list(TaskFilter.all(NS), PageRequest.first(50)));
        Page<Task> middle = timed(() -> store.list(TaskFilter.all(NS), new PageRequest(50_000, 50)));
        Page<Task> last = timed(() -> store.list(TaskFilter.all(NS).sortedBy(TaskFilter.Sort.NAME, true),
                PageRequest.first(50)));

        assertThat(first.total()).isEqualTo(TASKS);
        assertThat(first.items().get(0).name()).isEqualTo("task-000000");
        assertThat(middle.items().get(0).name()).isEqualTo("task-050000");
        assertThat(last.items().get(0).name()).isEqualTo("task-099999");
    }

    @Test
    void everyFilterAndSort() {
        TaskFilter all = TaskFilter.all(NS);
        assertThat(timed(() -> store.list(all.withText("NUMBER 4242"), PageRequest.first(50))).total()).isEqualTo(11);
        assertThat(timed(() -> store.list(all.withGroup("g7"), PageRequest.first(50))).total()).isEqualTo(5_000);
        assertThat(timed(() -> store.list(all.withEnabled(false), PageRequest.first(50))).total()).isEqualTo(50_000);
        assertThat(timed(() -> store.list(new TaskFilter(NS, null, null, null, TaskType.SHELL, null, null, false),
                PageRequest.first(50))).total()).isEqualTo(TASKS);
        assertThat(timed(() -> store.list(all.withLabel("team=ops"), PageRequest.first(50))).total()).isEqualTo(5_000);
        assertThat(timed(() -> store.list(all.withLabel("team"), PageRequest.first(50))).total()).isEqualTo(10_000);
        assertThat(timed(() -> store.list(all.sortedBy(TaskFilter.Sort.UPDATED, true), PageRequest.first(50)))
                .items().get(0).name()).isEqualTo("task-099999");
        assertThat(timed(() -> store.list(all.sortedBy(TaskFilter.Sort.GROUP, false), PageRequest.first(50)))
                .items().get(0).name()).isEqualTo("task-000000");
        assertThat(timed(() -> store.list(all.sortedBy(TaskFilter.Sort.NEXT_FIRE, false), PageRequest.first(50)))
                .items()).hasSize(50);
    }

    @ParameterizedTest
    @EnumSource(TaskFilter.Sort.class)
    void everySortReadsAnIndexInOrderInsteadOfSortingTheNamespace(TaskFilter.Sort sort) throws SQLException {
        for (boolean descending : new boolean[] {false, true}) {
            TaskQuery query = TaskQuery.of(TaskFilter.all(NS).sortedBy(sort, descending));
            try (Connection connection = pool.getConnection();
                 PreparedStatement explain = Jdbc.prepare(connection, "EXPLAIN " + query.select(),
                         query.values(PageRequest.first(50)));
                 ResultSet plan = explain.executeQuery()) {
                plan.next();
                assertThat(plan.getString("Extra")).as(sort + (descending ? " desc" : " asc"))
                        .doesNotContainIgnoringCase("filesort");
            }
        }
    }

    private static <T> T timed(Supplier<T> call) {
        long start = System.nanoTime();
        T result = call.get();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(INTERACTIVE);
        return result;
    }

    private static void execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = Jdbc.prepare(connection, sql, values)) {
            statement.execute();
        }
    }
}
