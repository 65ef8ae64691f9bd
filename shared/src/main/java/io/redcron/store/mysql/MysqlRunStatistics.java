package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.port.RunStatistics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Dashboard figures: whole minutes from the rollup ({@link MysqlHistoryRollup}), and the runs the
 * rollup has not taken yet from {@code task_run}, read in one snapshot so that every ended run of
 * the window counts once. A day is 1,440 rows of the rollup however many runs it held.
 *
 * <p>The runs not in the rollup are those past its mark (the last seconds, or more while it catches
 * up) and the pending ones it passed unfinished. Past the mark they are read by id while that is a
 * short stretch, and through the {@code (namespace, scheduled_at)} index of the window otherwise.
 * A window or a bucket that is not whole minutes is read from the runs alone.
 */
public final class MysqlRunStatistics implements RunStatistics {
    /** Past the mark, a stretch of at most this many ids is read by id rather than by the window's index. */
    static final long TAIL_BY_ID = 50_000;
    /** Task ids per statement, far below any server's limit on bound parameters. */
    private static final int TASKS_PER_QUERY = 1_000;
    private static final String FINAL = RunTransition.condition(RunStatus.FINAL);
    private static final String MARK = "SELECT through_id FROM run_rollup_mark WHERE name = 'runs'";
    private static final String NEWEST_ID = "SELECT COALESCE(MAX(id), 0) FROM task_run";
    private static final String MINUTES = "SELECT minute, ended, durations, lateness FROM run_rollup"
            + " WHERE namespace = ? AND minute >= ? AND minute < ?";
    private static final String MINUTE_FAILURES = "SELECT task_id, SUM(failures) AS failures, MAX(last_fire) AS last_fire"
            + " FROM run_rollup_failure WHERE namespace = ? AND minute >= ? AND minute < ?";
    private static final String MOST_FAILING = MINUTE_FAILURES
            + " GROUP BY task_id ORDER BY failures DESC, last_fire DESC, task_id LIMIT " + FAILING_TASKS;
    private static final String IN_WINDOW = " AND r.namespace = ? AND r.scheduled_at >= ? AND r.scheduled_at < ? AND r.";
    private static final String PENDING = "SELECT " + RunFigures.Ended.COLUMNS + " FROM run_rollup_pending p"
            + " JOIN task_run r ON r.id = p.run_id WHERE 1 = 1" + IN_WINDOW + FINAL;
    private static final String TAIL_BY_ID_SQL = "SELECT " + RunFigures.Ended.COLUMNS + " FROM task_run r FORCE INDEX (PRIMARY)"
            + " WHERE r.id > ?" + IN_WINDOW + FINAL;
    // The window's range, however long the history before it.
    private static final String TAIL_BY_WINDOW = "SELECT " + RunFigures.Ended.COLUMNS
            + " FROM task_run r FORCE INDEX (ix_task_run_namespace) WHERE r.id > ?" + IN_WINDOW + FINAL;
    private static final String LATEST_FAILURE = "SELECT r.task_name, r.finished_at, r.error FROM task_run r"
            + " WHERE r.task_id = ? AND r.scheduled_at = ? AND r.shard_index = " + io.redcron.domain.Run.NOT_A_SHARD;

    private final Jdbc jdbc;
    private final ByTaskQuery byTask;

    public MysqlRunStatistics(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
        this.byTask = new ByTaskQuery(jdbc);
    }

    @Override
    public ByTask byTask(String namespace, Instant from, Instant to, int tasks) {
        return byTask.read(namespace, from, to, tasks);
    }

    @Override
    public List<TaskFigures> ofTasks(String namespace, java.util.Collection<Long> taskIds, Instant from, Instant to) {
        return byTask.ofTasks(namespace, taskIds, from, to);
    }

    @Override
    public Summary summarize(String namespace, Instant from, Instant to, Duration bucket) {
        Window window = Window.of(namespace, from, to, bucket);
        // One transaction, one snapshot: a run is either in the rollup or read here, never both.
        return jdbc.transaction("summarize the runs of " + namespace, connection -> {
            Figures figures = new Figures(window);
            boolean rolledUp = window.wholeMinutes();
            long mark = 0;
            if (rolledUp) {
                mark = Jdbc.one(connection, MARK, row -> row.getLong(1)).orElse(0L);
                readMinutes(connection, window, figures);
                Jdbc.list(connection, PENDING, RunFigures.Ended::read, window.values()).forEach(figures::add);
            }
            long newest = Jdbc.count(connection, NEWEST_ID);
            String tail = newest - mark <= TAIL_BY_ID ? TAIL_BY_ID_SQL : TAIL_BY_WINDOW;
            Jdbc.list(connection, tail, RunFigures.Ended::read, flat(mark, window.values())).forEach(figures::add);
            if (rolledUp) {
                readMinuteFailures(connection, window, figures);
            }
            return figures.summary(failingTasks(connection, figures.failures));
        });
    }

    private static void readMinutes(Connection connection, Window window, Figures figures) throws SQLException {
        Jdbc.list(connection, MINUTES, row -> {
            figures.addMinute(Jdbc.instant(row, "minute"), row.getString("ended"), row.getString("durations"),
                    row.getString("lateness"));
            return null;
        }, window.values());
    }

    /**
     * The rolled-up failures of the tasks that can be among the most failing: the most failing in
     * the rollup alone, and those with failures the rollup has not taken yet. Any other task is
     * outranked by the rollup's most failing ones, which only gain from the runs read here.
     */
    private static void readMinuteFailures(Connection connection, Window window, Figures figures) throws SQLException {
        Set<Long> readHere = Set.copyOf(figures.failures.keySet());
        for (RolledFailures rolled : Jdbc.list(connection, MOST_FAILING, RolledFailures::read, window.values())) {
            if (!readHere.contains(rolled.taskId())) {
                figures.failed(rolled);
            }
        }
        for (List<Long> chunk : SqlLists.chunks(List.copyOf(readHere), TASKS_PER_QUERY)) {
            String sql = MINUTE_FAILURES + " AND task_id IN (" + MysqlSchedulerStore.placeholders(chunk.size())
                    + ") GROUP BY task_id";
            Jdbc.list(connection, sql, RolledFailures::read, flat(window.values(), chunk.toArray()))
                    .forEach(figures::failed);
        }
    }

    /** A task's failures over the window's minutes in the rollup. */
    private record RolledFailures(long taskId, long failures, Instant lastFire) {
        static RolledFailures read(ResultSet row) throws SQLException {
            return new RolledFailures(row.getLong("task_id"), row.getLong("failures"), Jdbc.instant(row, "last_fire"));
        }
    }

    /** The most failing tasks, most first, then by latest failure, then by id, each with its latest failure. */
    private static List<FailingTask> failingTasks(Connection connection, Map<Long, TaskFailures> failures)
            throws SQLException {
        List<Map.Entry<Long, TaskFailures>> most = failures.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<Long, TaskFailures> e) -> e.getValue().count()).reversed()
                        .thenComparing(e -> e.getValue().lastFire(), Comparator.reverseOrder())
                        .thenComparing(Map.Entry::getKey))
                .limit(FAILING_TASKS).toList();
        List<FailingTask> failing = new ArrayList<>(most.size());
        for (Map.Entry<Long, TaskFailures> entry : most) {
            // One run per (task_id, scheduled_at): the latest failure is found again by its fire.
            Optional<FailingTask> task = Jdbc.one(connection, LATEST_FAILURE, row -> new FailingTask(entry.getKey(),
                    row.getString("task_name"), entry.getValue().count(), Jdbc.instant(row, "finished_at"),
                    row.getString("error")), entry.getKey(), entry.getValue().lastFire());
            task.ifPresent(failing::add);
        }
        return failing;
    }

    /** The figures of a window as they are read: per bucket, and the failures per task. */
    private static final class Figures {
        private final Window window;
        private final List<RunFigures> buckets = new ArrayList<>();
        private final Map<Long, TaskFailures> failures = new HashMap<>();

        Figures(Window window) {
            this.window = window;
            for (int i = 0; i < window.size(); i++) {
                buckets.add(new RunFigures());
            }
        }

        void addMinute(Instant minute, String ended, String durations, String lateness) {
            buckets.get(window.indexOf(minute)).addEncoded(ended, durations, lateness);
        }

        void add(RunFigures.Ended run) {
            buckets.get(window.indexOf(run.scheduledAt())).add(run);
            if (run.isFailure()) {
                failures.computeIfAbsent(run.taskId(), id -> new TaskFailures()).add(1, run.scheduledAt());
            }
        }

        void failed(RolledFailures rolled) {
            failures.computeIfAbsent(rolled.taskId(), id -> new TaskFailures()).add(rolled.failures(), rolled.lastFire());
        }

        Summary summary(List<FailingTask> failing) {
            RunFigures whole = new RunFigures();
            List<Bucket> list = new ArrayList<>(buckets.size());
            for (int i = 0; i < buckets.size(); i++) {
                RunFigures figures = buckets.get(i);
                whole.add(figures);
                list.add(new Bucket(window.start(i), figures.ended(), figures.durations().spread(),
                        figures.lateness().spread()));
            }
            return new Summary(window.from(), window.to(), window.bucket(), list, whole.durations().spread(),
                    whole.lateness().spread(), failing);
        }
    }

    /** The values in order, the elements of an array in its place. */
    private static Object[] flat(Object... values) {
        List<Object> out = new ArrayList<>();
        for (Object value : values) {
            if (value instanceof Object[] array) {
                out.addAll(List.of(flat(array)));
            } else {
                out.add(value);
            }
        }
        return out.toArray();
    }

    /** The window of a summary, checked, with its bucket arithmetic. */
    private record Window(String namespace, Instant from, Instant to, Duration bucket, int size) {

        static Window of(String namespace, Instant from, Instant to, Duration bucket) {
            Objects.requireNonNull(namespace, "namespace");
            Instant start = Jdbc.millis(Objects.requireNonNull(from, "from"));
            Instant end = Jdbc.millis(Objects.requireNonNull(to, "to"));
            if (!start.isBefore(end)) {
                throw new IllegalArgumentException("window: from " + from + " must come before to " + to);
            }
            if (bucket == null || bucket.isNegative() || bucket.isZero() || bucket.getNano() != 0) {
                throw new IllegalArgumentException("bucket: must be a positive whole number of seconds, got " + bucket);
            }
            long span = Duration.between(start, end).toMillis();
            long size = (span + bucket.toMillis() - 1) / bucket.toMillis();
            if (size > MAX_BUCKETS) {
                throw new IllegalArgumentException("bucket: " + bucket + " cuts the window into " + size
                        + " buckets, more than " + MAX_BUCKETS);
            }
            return new Window(namespace, start, end, bucket, (int) size);
        }

        /** Whether the rollup's minutes fit the window and its buckets exactly. */
        boolean wholeMinutes() {
            return from.getEpochSecond() % 60 == 0 && from.getNano() == 0 && to.getEpochSecond() % 60 == 0
                    && to.getNano() == 0 && bucket.getSeconds() % 60 == 0;
        }

        Instant start(int index) {
            return from.plus(bucket.multipliedBy(index));
        }

        int indexOf(Instant scheduledAt) {
            return (int) (Duration.between(from, scheduledAt).toMillis() / bucket.toMillis());
        }

        /** The window's bind values, then {@code more}. */
        Object[] values(Object... more) {
            return flat(namespace, from, to, more);
        }
    }
}
