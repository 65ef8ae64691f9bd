package io.redcron.port;

import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.port.RunStatistics.ByTask;
import io.redcron.port.RunStatistics.SlowRun;
import io.redcron.port.RunStatistics.Spread;
import io.redcron.port.RunStatistics.TaskFigures;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * The per-task figures of {@link RunStatistics#byTask}, from the ended runs of a window added one
 * at a time in any order. Every adapter tallies here, so a run's duration and lateness are taken
 * exactly as the namespace-wide figures take them, and a slow run is judged one way.
 *
 * <p>Memory grows with the window's runs (two longs each) and its tasks, never with the history:
 * a task keeps its spans to rank them exactly, and only its {@link RunStatistics#SLOW_RUNS}
 * longest runs as candidates. That is enough: a task's runs rank by factor as they rank by
 * duration, so no run past a task's longest few can be among the slowest of the namespace.
 */
public final class ByTaskTally {
    private static final Comparator<Candidate> SHORTEST_FIRST = Comparator.comparingLong(Candidate::millis)
            .thenComparing(Comparator.comparingLong(Candidate::runId).reversed());
    private static final Comparator<TaskFigures> SLOWEST_FIRST = Comparator
            .comparing((TaskFigures t) -> t.durations().p95()).reversed()
            .thenComparing((TaskFigures t) -> t.lateness().p95(), Comparator.reverseOrder())
            .thenComparing(TaskFigures::runs, Comparator.reverseOrder())
            .thenComparingLong(TaskFigures::taskId);
    private static final Comparator<SlowRun> FURTHEST_FIRST = Comparator.comparingDouble(SlowRun::factor).reversed()
            .thenComparing(SlowRun::duration, Comparator.reverseOrder())
            .thenComparingLong(SlowRun::runId);

    private final Map<Long, TaskRuns> tasks = new HashMap<>();

    /**
     * Adds an ended run (any other is not counted, as in {@link RunStatistics#ENDED}).
     *
     * @param startedAt  the start of its last attempt; null if it never started
     * @param finishedAt when it ended
     */
    public void add(long runId, long taskId, String taskName, RunStatus status, TriggerType trigger, int attempt,
                    Instant scheduledAt, Instant startedAt, Instant finishedAt) {
        if (!RunStatistics.ENDED.contains(status)) {
            return;
        }
        TaskRuns task = tasks.computeIfAbsent(taskId, id -> new TaskRuns());
        task.runs++;
        if (task.newest == null || scheduledAt.isAfter(task.newest)) {
            task.newest = scheduledAt;
            task.name = taskName;
        }
        if (startedAt == null) {
            return;
        }
        boolean ranToOutcome = status == RunStatus.SUCCEEDED || RunStatus.FAILURES.contains(status);
        if (ranToOutcome && finishedAt != null && !finishedAt.isBefore(startedAt)) {
            long millis = Duration.between(startedAt, finishedAt).toMillis();
            task.durations.add(millis);
            task.longest.add(new Candidate(runId, scheduledAt, millis));
            if (task.longest.size() > RunStatistics.SLOW_RUNS) {
                task.longest.poll();
            }
        }
        // A retry starts late by design; a start a little early (clocks apart) is no lateness.
        if (trigger == TriggerType.CRON && attempt == 1) {
            task.lateness.add(Math.max(0, Duration.between(scheduledAt, startedAt).toMillis()));
        }
    }

    /** The window's figures: at most {@code limit} tasks, the highest p95 duration first, and the slowest runs. */
    public ByTask result(Instant from, Instant to, int limit) {
        List<TaskFigures> figures = new ArrayList<>(tasks.size());
        List<SlowRun> slow = new ArrayList<>();
        tasks.forEach((taskId, task) -> {
            Spread durations = Spread.ofMillis(task.durations.toArray());
            figures.add(new TaskFigures(taskId, task.name, task.runs, durations,
                    Spread.ofMillis(task.lateness.toArray())));
            long threshold = Math.max(SlowRun.FACTOR * durations.p50().toMillis(), durations.p95().toMillis());
            for (Candidate run : task.longest) {
                if (run.millis() > threshold && run.millis() >= SlowRun.FLOOR.toMillis()) {
                    slow.add(new SlowRun(run.runId(), taskId, task.name, run.scheduledAt(),
                            Duration.ofMillis(run.millis()), durations.p50()));
                }
            }
        });
        figures.sort(SLOWEST_FIRST);
        slow.sort(FURTHEST_FIRST);
        return new ByTask(from, to, tasks.size(), figures.subList(0, Math.min(limit, figures.size())),
                slow.subList(0, Math.min(RunStatistics.SLOW_RUNS, slow.size())));
    }

    /** Checks the arguments of {@link RunStatistics#byTask} the same way for every adapter. */
    public static void check(String namespace, Instant from, Instant to, int tasks) {
        Objects.requireNonNull(namespace, "namespace");
        if (!Objects.requireNonNull(from, "from").isBefore(Objects.requireNonNull(to, "to"))) {
            throw new IllegalArgumentException("window: from " + from + " must come before to " + to);
        }
        if (tasks < 1 || tasks > RunStatistics.MAX_TASKS) {
            throw new IllegalArgumentException("tasks: between 1 and " + RunStatistics.MAX_TASKS + ", got " + tasks);
        }
    }

    private static final class TaskRuns {
        private long runs;
        private Instant newest;
        private String name;
        private final Millis durations = new Millis();
        private final Millis lateness = new Millis();
        private final PriorityQueue<Candidate> longest = new PriorityQueue<>(SHORTEST_FIRST);
    }

    private record Candidate(long runId, Instant scheduledAt, long millis) {
    }

    /** A growing array of spans in milliseconds: a boxed list would take four times the memory. */
    private static final class Millis {
        private long[] values = new long[8];
        private int size;

        void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
