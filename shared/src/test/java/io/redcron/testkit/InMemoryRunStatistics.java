package io.redcron.testkit;

import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.port.ByTaskTally;
import io.redcron.port.RunStatistics;
import io.redcron.testkit.Tables.RunRow;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Dashboard figures from the runs in memory, under the port's definitions; its percentiles are
 * exact, as {@link RunStatistics.Spread} allows.
 */
public final class InMemoryRunStatistics implements RunStatistics {
    private final Tables tables;

    InMemoryRunStatistics(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Summary summarize(String namespace, Instant from, Instant to, Duration bucket) {
        Objects.requireNonNull(namespace, "namespace");
        Instant start = Tables.millis(from);
        Instant end = Tables.millis(to);
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("window: from " + from + " must come before to " + to);
        }
        if (bucket == null || bucket.isNegative() || bucket.isZero() || bucket.getNano() != 0) {
            throw new IllegalArgumentException("bucket: must be a positive whole number of seconds, got " + bucket);
        }
        long size = (Duration.between(start, end).toMillis() + bucket.toMillis() - 1) / bucket.toMillis();
        if (size > MAX_BUCKETS) {
            throw new IllegalArgumentException("bucket: " + bucket + " cuts the window into " + size
                    + " buckets, more than " + MAX_BUCKETS);
        }
        List<Slice> slices = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            slices.add(new Slice());
        }
        Slice whole = new Slice();
        Map<Long, List<RunRow>> failures = new HashMap<>();
        for (RunRow run : ended(namespace, start, end)) {
            int index = (int) (Duration.between(start, run.scheduledAt).toMillis() / bucket.toMillis());
            slices.get(index).add(run);
            whole.add(run);
            if (FAILURES.contains(run.status)) {
                failures.computeIfAbsent(run.taskId, id -> new ArrayList<>()).add(run);
            }
        }
        List<Bucket> buckets = new ArrayList<>();
        for (int i = 0; i < slices.size(); i++) {
            Slice slice = slices.get(i);
            buckets.add(new Bucket(start.plus(bucket.multipliedBy(i)), slice.ended, Spread.of(slice.durations),
                    Spread.of(slice.lateness)));
        }
        return new Summary(start, end, bucket, buckets, Spread.of(whole.durations), Spread.of(whole.lateness),
                failingTasks(failures));
    }

    @Override
    public ByTask byTask(String namespace, Instant from, Instant to, int tasks) {
        ByTaskTally.check(namespace, from, to, tasks);
        Instant start = Tables.millis(from);
        Instant end = Tables.millis(to);
        ByTaskTally tally = new ByTaskTally();
        for (RunRow run : ended(namespace, start, end)) {
            tally.add(run.id, run.taskId, run.taskName, run.status, run.trigger, run.attempt, run.scheduledAt,
                    run.startedAt, run.finishedAt);
        }
        return tally.result(start, end, tasks);
    }

    @Override
    public List<TaskFigures> ofTasks(String namespace, java.util.Collection<Long> taskIds, Instant from, Instant to) {
        ByTaskTally.check(namespace, from, to, 1);
        Instant start = Tables.millis(from);
        Instant end = Tables.millis(to);
        ByTaskTally tally = new ByTaskTally();
        for (RunRow run : ended(namespace, start, end)) {
            if (taskIds.contains(run.taskId)) {
                tally.add(run.id, run.taskId, run.taskName, run.status, run.trigger, run.attempt, run.scheduledAt,
                        run.startedAt, run.finishedAt);
            }
        }
        return tally.result(start, end, Math.max(1, taskIds.size())).tasks();
    }

    private List<RunRow> ended(String namespace, Instant from, Instant to) {
        synchronized (tables) {
            return tables.runs.values().stream().filter(run -> run.namespace.equals(namespace)
                    && !run.scheduledAt.isBefore(from) && run.scheduledAt.isBefore(to) && ENDED.contains(run.status))
                    .toList();
        }
    }

    /** The most failing tasks, most first, then by latest failure, then by id, each with its latest failure. */
    private static List<FailingTask> failingTasks(Map<Long, List<RunRow>> failures) {
        Comparator<RunRow> byFire = Comparator.comparing(run -> run.scheduledAt);
        return failures.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<Long, List<RunRow>> e) -> e.getValue().size()).reversed()
                        .thenComparing(e -> e.getValue().stream().max(byFire).orElseThrow().scheduledAt,
                                Comparator.reverseOrder())
                        .thenComparing(Map.Entry::getKey))
                .limit(FAILING_TASKS)
                .map(e -> {
                    RunRow latest = e.getValue().stream().max(byFire).orElseThrow();
                    return new FailingTask(e.getKey(), latest.taskName, e.getValue().size(), latest.finishedAt,
                            latest.error);
                }).toList();
    }

    /** The ended runs of one bucket, or of the window, as {@link Summary} counts them. */
    private static final class Slice {
        private final Map<RunStatus, Long> ended = new EnumMap<>(RunStatus.class);
        private final List<Duration> durations = new ArrayList<>();
        private final List<Duration> lateness = new ArrayList<>();

        void add(RunRow run) {
            ended.merge(run.status, 1L, Long::sum);
            if (run.startedAt == null) {
                return;
            }
            boolean ranToOutcome = run.status == RunStatus.SUCCEEDED || FAILURES.contains(run.status);
            if (ranToOutcome && run.finishedAt != null && !run.finishedAt.isBefore(run.startedAt)) {
                durations.add(Duration.between(run.startedAt, run.finishedAt));
            }
            if (run.trigger == TriggerType.CRON && run.attempt == 1) {
                Duration late = Duration.between(run.scheduledAt, run.startedAt);
                lateness.add(late.isNegative() ? Duration.ZERO : late);
            }
        }
    }
}
