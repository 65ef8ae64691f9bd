package io.redcron.port;

import io.redcron.domain.RunStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * How the runs of a namespace went over a window of time, for the dashboard.
 *
 * <p>A run belongs to the window, and to a bucket, by its {@code scheduledAt} (the fire time, or
 * the moment a manual run was requested), the same time the run listings filter on: every figure
 * of a summary describes the same runs, those of the window that ended, and a slow run is counted
 * with the fire that caused it. A run still in flight appears in the figures once it ends.
 */
public interface RunStatistics {

    /** The statuses counted as ended: the final ones. */
    Set<RunStatus> ENDED = RunStatus.FINAL;

    /** The statuses that count against the success rate and list a task among the failing ones. */
    Set<RunStatus> FAILURES = RunStatus.FAILURES;

    /** The most buckets a window may be cut into. */
    int MAX_BUCKETS = 10_000;

    /** How many of the most failing tasks a summary names. */
    int FAILING_TASKS = 10;

    /**
     * The runs of {@code namespace} scheduled in {@code [from, to)}, counted per {@code bucket}
     * (the first bucket starts at {@code from}; the last one may be cut short by {@code to}).
     *
     * @param bucket a whole number of seconds, at most {@link #MAX_BUCKETS} of them in the window
     */
    Summary summarize(String namespace, Instant from, Instant to, Duration bucket);

    /** The most tasks {@link #byTask} ranks. */
    int MAX_TASKS = 500;

    /** How many slow runs {@link #byTask} names at most. */
    int SLOW_RUNS = 20;

    /**
     * The same runs as {@link #summarize}, per task: a task that fires every ten seconds no longer
     * hides a nightly one in the namespace's percentiles. Each adapter reads the window's ended
     * runs once and tallies them with {@link ByTaskTally}, so the figures mean the same everywhere.
     *
     * @param tasks how many tasks to list, at most {@link #MAX_TASKS}: those with the highest p95
     *              duration (then lateness) first; the slow runs are found among every task
     */
    ByTask byTask(String namespace, Instant from, Instant to, int tasks);

    /**
     * The figures {@link #byTask} gives, of exactly the tasks named, however many others the
     * namespace has: for checks that follow given tasks (the slow-run alert rules). Read through
     * each task's own fires, so the cost is these tasks' runs of the window. A task without an
     * ended run in the window is left out.
     */
    List<TaskFigures> ofTasks(String namespace, java.util.Collection<Long> taskIds, Instant from, Instant to);

    /**
     * @param buckets      every bucket of the window in order, empty ones included
     * @param durations    {@code finishedAt - startedAt} of the last attempt of runs that ran to an
     *                     outcome (succeeded, failed or timed out)
     * @param lateness     {@code startedAt - scheduledAt} of ended cron fires whose first attempt
     *                     started (a start a little before its time counts as no lateness)
     * @param failingTasks the tasks with the most failures in the window, most first
     */
    record Summary(Instant from, Instant to, Duration bucket, List<Bucket> buckets, Spread durations,
                   Spread lateness, List<FailingTask> failingTasks) {
        public Summary {
            buckets = List.copyOf(buckets);
            failingTasks = List.copyOf(failingTasks);
        }

        /** Ended runs of the whole window, by status. */
        public Map<RunStatus, Long> totals() {
            Map<RunStatus, Long> totals = new EnumMap<>(RunStatus.class);
            for (Bucket b : buckets) {
                b.ended().forEach((status, count) -> totals.merge(status, count, Long::sum));
            }
            return totals;
        }

        public long total(RunStatus status) {
            return totals().getOrDefault(status, 0L);
        }

        /**
         * Succeeded runs out of those that succeeded, failed or timed out; skipped and cancelled
         * runs say nothing about the task itself. Empty when no run came to such an end.
         */
        public OptionalDouble successRate() {
            long succeeded = total(RunStatus.SUCCEEDED);
            long judged = succeeded + FAILURES.stream().mapToLong(this::total).sum();
            return judged == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) succeeded / judged);
        }
    }

    /**
     * One slice of the window.
     *
     * @param ended     runs scheduled in the slice that ended, by status (absent status: none)
     * @param durations as in {@link Summary}, for the runs of this slice
     * @param lateness  as in {@link Summary}, for the runs of this slice
     */
    record Bucket(Instant start, Map<RunStatus, Long> ended, Spread durations, Spread lateness) {
        public Bucket {
            ended = ended.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(ended));
        }

        public long count(RunStatus status) {
            return ended.getOrDefault(status, 0L);
        }
    }

    /**
     * Nearest-rank percentiles of a set of spans: p50 is the smallest value that at least half
     * of them do not exceed. All zero when {@code count} is 0. An adapter may read them from a
     * histogram of millisecond buckets: {@link #of} is exact; the MySQL adapter's percentiles are
     * at most 1 % below the exact ones, and exact for spans of three significant digits
     * ({@code max} is always exact).
     */
    record Spread(int count, Duration p50, Duration p95, Duration max) {
        public static final Spread NONE = new Spread(0, Duration.ZERO, Duration.ZERO, Duration.ZERO);

        public Spread {
            Objects.requireNonNull(p50, "p50");
            Objects.requireNonNull(p95, "p95");
            Objects.requireNonNull(max, "max");
        }

        /** The spread of {@code millis}, which this sorts. */
        public static Spread ofMillis(long[] millis) {
            if (millis.length == 0) {
                return NONE;
            }
            java.util.Arrays.sort(millis);
            int n = millis.length;
            return new Spread(n, Duration.ofMillis(millis[rank(n, 50)]), Duration.ofMillis(millis[rank(n, 95)]),
                    Duration.ofMillis(millis[n - 1]));
        }

        public static Spread of(List<Duration> values) {
            if (values.isEmpty()) {
                return NONE;
            }
            List<Duration> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            return new Spread(sorted.size(), sorted.get(rank(sorted.size(), 50)), sorted.get(rank(sorted.size(), 95)),
                    sorted.get(sorted.size() - 1));
        }

        public boolean isEmpty() {
            return count == 0;
        }

        /** The index of the nearest-rank {@code percent}-th of {@code count} sorted values. */
        private static int rank(int count, int percent) {
            int rank = (int) Math.ceil(percent / 100.0 * count);
            return Math.max(rank, 1) - 1;
        }
    }

    /**
     * The runs of a window per task.
     *
     * @param taskCount how many tasks had ended runs in the window (more than {@code tasks} lists
     *                  when it was cut)
     * @param tasks     the tasks with the highest p95 duration first
     * @param slowRuns  the runs that took far longer than their own task usually does, the
     *                  furthest above it first (see {@link SlowRun})
     */
    record ByTask(Instant from, Instant to, int taskCount, List<TaskFigures> tasks, List<SlowRun> slowRuns) {
        public ByTask {
            tasks = List.copyOf(tasks);
            slowRuns = List.copyOf(slowRuns);
        }
    }

    /**
     * A task's ended runs of the window.
     *
     * @param taskName  as recorded with its latest run of the window (a task may have been renamed since)
     * @param runs      its ended runs, whatever their status
     * @param durations as in {@link Summary}, of this task's runs, exact
     * @param lateness  as in {@link Summary}, of this task's cron fires, exact
     */
    record TaskFigures(long taskId, String taskName, long runs, Spread durations, Spread lateness) {
    }

    /**
     * A run that took far longer than its task's usual: more than {@link #FACTOR} times its
     * task's median in the window and more than the task's p95, and at least {@link #FLOOR}. A
     * task needs 20 runs with a duration before one can stand out: with fewer, its p95 is its
     * slowest run. A task that is always slow has no slow runs.
     *
     * @param duration   as in {@link Summary}
     * @param taskMedian the p50 of its task's durations in the window
     */
    record SlowRun(long runId, long taskId, String taskName, Instant scheduledAt, Duration duration,
                   Duration taskMedian) {
        public static final int FACTOR = 3;
        /** Sub-second runs jitter by multiples of their median without anything being wrong. */
        public static final Duration FLOOR = Duration.ofSeconds(1);

        /** How many times its task's median the run took; a median of 0 ms counts as 1 ms. */
        public double factor() {
            return (double) duration.toMillis() / Math.max(1, taskMedian.toMillis());
        }
    }

    /**
     * A task that failed in the window.
     *
     * @param taskName    as recorded with its latest failure (a task may have been renamed since)
     * @param lastFailure when the latest failed run (by schedule) ended
     * @param lastError   that run's error; null when it recorded none
     */
    record FailingTask(long taskId, String taskName, long failures, Instant lastFailure, String lastError) {
    }
}
