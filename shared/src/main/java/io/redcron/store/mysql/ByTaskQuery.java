package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.TriggerType;
import io.redcron.port.ByTaskTally;
import io.redcron.port.RunStatistics.ByTask;

import java.time.Instant;

/**
 * The dashboard's per-task figures: the ended runs of the window, read once through the
 * {@code (namespace, scheduled_at)} index and tallied in Java ({@link ByTaskTally}).
 *
 * <p>Why not percentiles in SQL: MySQL 8 has no percentile function, and MariaDB's
 * {@code PERCENTILE_DISC} is a window function that still sorts every run of the window and
 * returns one row per run; the slow runs need the runs themselves besides. Why not the rollup:
 * it keeps no task apart, and per task and minute it would hold nearly a row per run of a
 * frequent task. So the read costs the window's ended runs, whatever the history before it (the
 * dashboard's longest window is a day), streamed, never held: the tally keeps two longs a run.
 */
final class ByTaskQuery {
    // The window's range, however long the history before it.
    private static final String WINDOW_RUNS = "SELECT r.id, r.task_id, r.task_name, r.status, r.trigger_type,"
            + " r.attempt, r.scheduled_at, r.started_at, r.finished_at"
            + " FROM task_run r FORCE INDEX (ix_task_run_namespace)"
            + " WHERE r.namespace = ? AND r.scheduled_at >= ? AND r.scheduled_at < ? AND r."
            + RunTransition.condition(RunStatus.FINAL);

    // Each task's range of its fires' unique key, whatever the rest of the namespace runs.
    private static final String TASKS_RUNS = "SELECT r.id, r.task_id, r.task_name, r.status, r.trigger_type,"
            + " r.attempt, r.scheduled_at, r.started_at, r.finished_at"
            + " FROM task_run r FORCE INDEX (uq_task_run_fire)"
            + " WHERE r.task_id IN (%s) AND r.scheduled_at >= ? AND r.scheduled_at < ? AND r.namespace = ? AND r."
            + RunTransition.condition(RunStatus.FINAL);
    /** Task ids per statement, far below any server's limit on bound parameters. */
    private static final int TASKS_PER_QUERY = 500;

    private final Jdbc jdbc;

    ByTaskQuery(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    ByTask read(String namespace, Instant from, Instant to, int tasks) {
        ByTaskTally.check(namespace, from, to, tasks);
        Instant start = Jdbc.millis(from);
        Instant end = Jdbc.millis(to);
        return jdbc.autoCommit("read the runs of " + namespace + " per task", connection -> {
            ByTaskTally tally = new ByTaskTally();
            Jdbc.each(connection, WINDOW_RUNS, row -> {
                tally.add(row.getLong("id"), row.getLong("task_id"), row.getString("task_name"),
                        RunStatus.valueOf(row.getString("status")), TriggerType.valueOf(row.getString("trigger_type")),
                        row.getInt("attempt"), Jdbc.instant(row, "scheduled_at"), Jdbc.instant(row, "started_at"),
                        Jdbc.instant(row, "finished_at"));
                return null;
            }, namespace, start, end);
            return tally.result(start, end, tasks);
        });
    }

    java.util.List<io.redcron.port.RunStatistics.TaskFigures> ofTasks(String namespace,
                                                                      java.util.Collection<Long> taskIds,
                                                                      Instant from, Instant to) {
        ByTaskTally.check(namespace, from, to, 1);
        Instant start = Jdbc.millis(from);
        Instant end = Jdbc.millis(to);
        java.util.List<Long> ids = new java.util.ArrayList<>(new java.util.TreeSet<>(taskIds));
        if (ids.isEmpty()) {
            return java.util.List.of();
        }
        return jdbc.autoCommit("read the runs of " + ids.size() + " task(s) of " + namespace, connection -> {
            ByTaskTally tally = new ByTaskTally();
            for (java.util.List<Long> chunk : SqlLists.chunks(ids, TASKS_PER_QUERY)) {
                Object[] values = new Object[chunk.size() + 3];
                for (int i = 0; i < chunk.size(); i++) {
                    values[i] = chunk.get(i);
                }
                values[chunk.size()] = start;
                values[chunk.size() + 1] = end;
                values[chunk.size() + 2] = namespace;
                Jdbc.each(connection, TASKS_RUNS.replace("%s", MysqlSchedulerStore.placeholders(chunk.size())), row -> {
                    tally.add(row.getLong("id"), row.getLong("task_id"), row.getString("task_name"),
                            RunStatus.valueOf(row.getString("status")), TriggerType.valueOf(row.getString("trigger_type")),
                            row.getInt("attempt"), Jdbc.instant(row, "scheduled_at"), Jdbc.instant(row, "started_at"),
                            Jdbc.instant(row, "finished_at"));
                    return null;
                }, values);
            }
            return tally.result(start, end, ids.size()).tasks();
        });
    }
}
