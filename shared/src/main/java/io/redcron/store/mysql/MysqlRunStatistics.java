package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.port.RunStatistics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Dashboard figures from {@code task_run}, in three reads of one snapshot, each a range of the
 * {@code (namespace, scheduled_at)} index: counts per bucket and status grouped by the server;
 * the most recent started runs, from which the percentiles are taken here; the most failing
 * tasks with their latest failure.
 *
 * <p>The percentiles come from at most {@code sampleLimit} rows (10,000 unless told otherwise),
 * the runs scheduled last: the cost of a refresh stays the same however busy the window was,
 * and the summary says when the sample did not hold the whole window.
 */
public final class MysqlRunStatistics implements RunStatistics {
    public static final int DEFAULT_SAMPLE_LIMIT = 10_000;

    /** Runs whose last attempt ran to an outcome: succeeded, a failure, or waiting to retry after one. */
    private static final Set<RunStatus> RAN_TO_OUTCOME = ranToOutcome();
    // Each read is a range of the window, however long the history before it. The failures of the
    // namespace (namespace, status, ...) are no bound: they grow with the history, and once they
    // are about as many as the window's runs the optimizer may take them instead.
    private static final String WINDOW = " FROM task_run r FORCE INDEX (ix_task_run_namespace)"
            + " WHERE r.namespace = ? AND r.scheduled_at >= ? AND r.scheduled_at < ?";
    private static final String COUNTS = "SELECT TIMESTAMPDIFF(MICROSECOND, ?, r.scheduled_at) DIV ? AS bucket,"
            + " r.status, COUNT(*) AS runs" + WINDOW + " AND r.status IN " + params(ENDED.size())
            + " GROUP BY bucket, r.status";
    private static final String SAMPLE = "SELECT r.trigger_type, r.status, r.attempt, r.scheduled_at, r.started_at,"
            + " r.finished_at" + WINDOW + " AND r.started_at IS NOT NULL"
            + " ORDER BY r.scheduled_at DESC LIMIT ?";
    // One run per (task_id, scheduled_at): the latest failure is found again by its fire.
    private static final String FAILING = "SELECT f.task_id, f.failures, r.task_name, r.finished_at, r.error FROM ("
            + "SELECT r.task_id, COUNT(*) AS failures, MAX(r.scheduled_at) AS last_fire" + WINDOW
            + " AND r.status IN " + params(FAILURES.size())
            + " GROUP BY r.task_id ORDER BY failures DESC, last_fire DESC, r.task_id LIMIT ?) f"
            + " JOIN task_run r ON r.task_id = f.task_id AND r.scheduled_at = f.last_fire"
            + " ORDER BY f.failures DESC, f.last_fire DESC, f.task_id";

    private final Jdbc jdbc;
    private final int sampleLimit;

    public MysqlRunStatistics(DataSource dataSource) {
        this(dataSource, DEFAULT_SAMPLE_LIMIT);
    }

    public MysqlRunStatistics(DataSource dataSource, int sampleLimit) {
        if (sampleLimit < 1) {
            throw new IllegalArgumentException("sampleLimit: must be at least 1, got " + sampleLimit);
        }
        this.jdbc = new Jdbc(dataSource);
        this.sampleLimit = sampleLimit;
    }

    @Override
    public Summary summarize(String namespace, Instant from, Instant to, Duration bucket) {
        Window window = Window.of(namespace, from, to, bucket);
        // One transaction: the three reads see the same runs.
        return jdbc.transaction("summarize the runs of " + namespace, connection -> {
            long[][] counts = counts(connection, window);
            List<Started> sample = Jdbc.list(connection, SAMPLE, Started::read, window.values(sampleLimit + 1));
            boolean limited = sample.size() > sampleLimit;
            if (limited) {
                sample = sample.subList(0, sampleLimit);
            }
            List<FailingTask> failing = Jdbc.list(connection, FAILING, MysqlRunStatistics::failingTask,
                    window.values(FAILURES.stream().sorted().toArray(), FAILING_TASKS));
            return summary(window, counts, sample, limited, failing);
        });
    }

    /** Ended runs per bucket index and status ordinal. */
    private static long[][] counts(Connection connection, Window window) throws SQLException {
        long[][] counts = new long[window.size()][RunStatus.values().length];
        Object[] values = flat(window.from(), window.bucketMicros(), window.values(ENDED.stream().sorted().toArray()));
        Jdbc.list(connection, COUNTS, row -> {
            counts[row.getInt("bucket")][RunStatus.valueOf(row.getString("status")).ordinal()] = row.getLong("runs");
            return null;
        }, values);
        return counts;
    }

    private static Summary summary(Window window, long[][] counts, List<Started> sample, boolean limited,
                                   List<FailingTask> failing) {
        List<List<Duration>> durations = new ArrayList<>();
        List<List<Duration>> lateness = new ArrayList<>();
        for (int i = 0; i < window.size(); i++) {
            durations.add(new ArrayList<>());
            lateness.add(new ArrayList<>());
        }
        for (Started run : sample) {
            int index = window.indexOf(run.scheduledAt());
            run.duration().ifPresent(durations.get(index)::add);
            run.lateness().ifPresent(lateness.get(index)::add);
        }
        // The bucket of the oldest sampled run may have lost runs to the limit: no spread for it, or any older one.
        int firstWhole = limited ? window.indexOf(sample.get(sample.size() - 1).scheduledAt()) + 1 : 0;
        List<Bucket> buckets = new ArrayList<>(window.size());
        for (int i = 0; i < window.size(); i++) {
            boolean whole = i >= firstWhole;
            buckets.add(new Bucket(window.start(i), ended(counts[i]),
                    whole ? Spread.of(durations.get(i)) : Spread.NONE, whole ? Spread.of(lateness.get(i)) : Spread.NONE));
        }
        return new Summary(window.from(), window.to(), window.bucket(), buckets,
                Spread.of(durations.stream().flatMap(List::stream).toList()),
                Spread.of(lateness.stream().flatMap(List::stream).toList()), sample.size(), limited, failing);
    }

    private static Map<RunStatus, Long> ended(long[] byOrdinal) {
        Map<RunStatus, Long> ended = new EnumMap<>(RunStatus.class);
        for (RunStatus status : RunStatus.values()) {
            if (byOrdinal[status.ordinal()] > 0) {
                ended.put(status, byOrdinal[status.ordinal()]);
            }
        }
        return ended;
    }

    private static FailingTask failingTask(ResultSet row) throws SQLException {
        return new FailingTask(row.getLong("task_id"), row.getString("task_name"), row.getLong("failures"),
                Jdbc.instant(row, "finished_at"), row.getString("error"));
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

    private static String params(int count) {
        return "(" + String.join(", ", Collections.nCopies(count, "?")) + ")";
    }

    /** A started run as the sample reads it. */
    private record Started(TriggerType trigger, RunStatus status, int attempt, Instant scheduledAt, Instant startedAt,
                           Instant finishedAt) {

        static Started read(ResultSet row) throws SQLException {
            return new Started(TriggerType.valueOf(row.getString("trigger_type")),
                    RunStatus.valueOf(row.getString("status")), row.getInt("attempt"), Jdbc.instant(row, "scheduled_at"),
                    Jdbc.instant(row, "started_at"), Jdbc.instant(row, "finished_at"));
        }

        /** A claim clears {@code finished_at}, so a finished row's two times belong to its last attempt. */
        Optional<Duration> duration() {
            if (!RAN_TO_OUTCOME.contains(status) || finishedAt == null || finishedAt.isBefore(startedAt)) {
                return Optional.empty();
            }
            return Optional.of(Duration.between(startedAt, finishedAt));
        }

        /** Only a first attempt's start says when the fire was picked up; a retry starts later by design. */
        Optional<Duration> lateness() {
            if (trigger != TriggerType.CRON || attempt != 1) {
                return Optional.empty();
            }
            return Optional.of(Duration.between(scheduledAt, startedAt));
        }
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

        long bucketMicros() {
            return bucket.toMillis() * 1000;
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

    private static Set<RunStatus> ranToOutcome() {
        Set<RunStatus> ran = EnumSet.of(RunStatus.SUCCEEDED, RunStatus.RETRYING);
        ran.addAll(RunStatus.FAILURES);
        return ran;
    }
}
