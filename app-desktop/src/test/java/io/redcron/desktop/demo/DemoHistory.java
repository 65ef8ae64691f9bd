package io.redcron.desktop.demo;

import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.schedule.CronSchedule;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/**
 * The ended runs of the last days, every task at its cadence (its newest fires, at most
 * {@code perTask} of them), written straight into {@code task_run} in multi-row statements: the
 * stores' one run at a time would take minutes for thousands of runs. Fires that a run already
 * records (those the demo played through the stores) are left as they are.
 */
final class DemoHistory {
    private static final String COLUMNS = "INSERT IGNORE INTO task_run (task_id, namespace, task_name, task_group,"
            + " trigger_type, scheduled_at, due_at, status, attempt, max_attempts, node, created_at, started_at,"
            + " finished_at, exit_code, output, error, params) VALUES ";
    private static final String ROW = "(?, ?, ?, ?, 'CRON', ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, '{}')";
    private static final int ROWS_PER_STATEMENT = 500;

    private final DataSource dataSource;
    private final DemoNodes nodes;
    private final Random random = new Random(20261203);

    DemoHistory(DataSource dataSource, DemoNodes nodes) {
        this.dataSource = dataSource;
        this.nodes = nodes;
    }

    /**
     * @param until the newest fire to record, per task (a disabled task's history ends when it was disabled)
     * @return how many runs were written
     */
    int write(List<Planned> plans, Instant since, int perTask) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (Planned plan : plans) {
            for (Instant fire : fires(plan.task(), since, plan.until(), perTask)) {
                rows.add(row(plan, fire));
            }
        }
        try (Connection connection = dataSource.getConnection()) {
            for (int from = 0; from < rows.size(); from += ROWS_PER_STATEMENT) {
                List<Object[]> chunk = rows.subList(from, Math.min(rows.size(), from + ROWS_PER_STATEMENT));
                String sql = COLUMNS + String.join(", ", java.util.Collections.nCopies(chunk.size(), ROW));
                try (PreparedStatement statement = connection.prepareStatement(sql)) {
                    int index = 1;
                    for (Object[] row : chunk) {
                        for (Object value : row) {
                            statement.setObject(index++, value);
                        }
                    }
                    statement.executeUpdate();
                }
            }
        }
        return rows.size();
    }

    /** A task and the newest fire its history goes up to. */
    record Planned(Task task, DemoTask demo, Instant until) {
    }

    /** The task's fires in (since, until], the newest {@code limit} of them. */
    static List<Instant> fires(Task task, Instant since, Instant until, int limit) {
        CronSchedule schedule = task.schedule();
        Deque<Instant> newest = new ArrayDeque<>();
        Instant at = since;
        while (true) {
            Instant next = schedule.nextAfter(at, task.zone()).map(time -> time.toInstant()).orElse(null);
            if (next == null || next.isAfter(until)) {
                break;
            }
            newest.addLast(next);
            if (newest.size() > limit) {
                newest.removeFirst();
            }
            at = next;
        }
        return List.copyOf(newest);
    }

    private Object[] row(Planned plan, Instant fire) {
        DemoTask demo = plan.demo();
        Task task = plan.task();
        double roll = random.nextDouble();
        RunStatus status = roll < demo.failRate()
                ? (demo.failure().startsWith("timed out") ? RunStatus.TIMED_OUT : RunStatus.FAILED)
                : RunStatus.SUCCEEDED;
        Instant started = fire.plusMillis(15 + random.nextInt(random.nextInt(10) == 0 ? 2500 : 400));
        Duration took = status == RunStatus.TIMED_OUT ? task.timeout()
                : Duration.ofMillis((long) (demo.took().toMillis() * (0.7 + 0.6 * random.nextDouble())));
        if (status == RunStatus.FAILED) {
            took = took.dividedBy(3);
        }
        Instant finished = started.plus(took);
        boolean ok = status == RunStatus.SUCCEEDED;
        return new Object[] {task.id(), task.namespace(), task.name(), task.group(), utc(fire), utc(fire),
            status.name(), task.retry().maxAttempts(), nodes.ranOn(task.group(), fire, random), utc(fire), utc(started),
            utc(finished), status == RunStatus.TIMED_OUT ? null : ok ? 0 : 1,
            ok ? demo.output() : status == RunStatus.TIMED_OUT ? "" : demo.failure(),
            ok ? null : status == RunStatus.TIMED_OUT ? "timed out after " + io.redcron.domain.Durations.format(task.timeout())
                    : demo.failure()};
    }

    static LocalDateTime utc(Instant instant) {
        return LocalDateTime.ofInstant(instant.truncatedTo(java.time.temporal.ChronoUnit.MILLIS), ZoneOffset.UTC);
    }
}
