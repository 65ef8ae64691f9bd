package io.redcron.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The promises checked after every scenario, from the run rows (MySQL), the queues (Redis) and
 * the side effects:
 * <ol>
 *   <li>every scheduled fire in the window has exactly one run row;</li>
 *   <li>every run reached a final status, and Redis holds no delivery or retry for it any more;</li>
 *   <li>no run succeeded twice; the result of an attempt comes from the node that owned it;</li>
 *   <li>the side effects match the rows: more executions than one only where an attempt was
 *       recorded lost (or failed and was retried);</li>
 *   <li>no {@code SKIPPED} run was ever executed;</li>
 *   <li>a run that was attempted (attempt 1 or more) ended in an outcome of that attempt: not
 *       {@code SKIPPED}, and its last attempt executed, or was cancelled or recorded lost before
 *       it started;</li>
 *   <li>around an edit, every fire of the old cron up to the edit's commit and every fire of the
 *       new one after it has its row; a paused task runs no fire after the pause's commit.</li>
 * </ol>
 */
final class Invariants {
    private static final int MAX_LISTED = 20;
    /** Lost attempts after which the reaper fails a run: its last attempt was recorded lost, not executed. */
    static final int LOST_ATTEMPTS_LIMIT = 3;

    private Invariants() {
    }

    /** The Redis side of invariant 2, counted by the caller. */
    record QueueState(long pendingDeliveries, long delayedRetries) {
    }

    static Verdict check(List<Workload.Planned> tasks, List<RunRow> rows, Effects effects, Instant cutoff,
                         QueueState queues) {
        List<String> violations = new ArrayList<>();
        long expected = 0;
        long inWindow = 0;
        long lost = 0;
        long doubled = 0;
        Map<Long, Workload.Kind> kinds = new HashMap<>();
        for (Workload.Planned task : tasks) {
            kinds.put(task.id(), task.kind());
            Set<Instant> fires = fires(task, cutoff);
            expected += fires.size();
            Map<Instant, RunRow> rowsByFire = new HashMap<>();
            for (RunRow row : rows) {
                if (row.taskId() == task.id() && row.triggerType().equals("CRON")) {
                    if (rowsByFire.put(row.scheduledAt(), row) != null) {
                        violations.add(task.name() + ": two rows for the fire at " + row.scheduledAt());
                        doubled++;
                    }
                    Instant paused = task.pausedAt();
                    if (paused != null && row.scheduledAt().isAfter(paused)) {
                        if (!row.status().equals("SKIPPED")) {
                            violations.add(task.name() + ": run " + row.id() + " for " + row.scheduledAt() + " is "
                                    + row.status() + ", though the task was paused at " + paused);
                            doubled++;
                        }
                    } else if (!row.scheduledAt().isAfter(cutoff)) {
                        if (fires.contains(row.scheduledAt())) {
                            inWindow++;
                        } else if (!row.scheduledAt().isBefore(task.firstFire())) {
                            violations.add(task.name() + ": run " + row.id() + " for " + row.scheduledAt()
                                    + ", which is no fire of its cron" + (task.periods().size() > 1 ? "s" : ""));
                        }
                    }
                }
            }
            for (Instant fire : fires) {
                if (!rowsByFire.containsKey(fire)) {
                    violations.add(task.name() + ": no run row for the fire at " + fire);
                    lost++;
                }
            }
        }
        for (RunRow row : rows) {
            Workload.Kind kind = kinds.get(row.taskId());
            if (!row.isFinal()) {
                violations.add("run " + row.id() + " (" + row.scheduledAt() + ") is still " + row.status());
                lost++;
                continue;
            }
            if (kind == Workload.Kind.SHARDED && row.triggerType().equals("CRON")) {
                // The parent of a sharded fire never runs: its shards do, each checked as a run here,
                // and the parent against them by the scenario that shards (ShardedFireKill).
                continue;
            }
            RunCheck check = checkRun(row, kind, effects);
            lost += check.lost;
            doubled += check.doubled;
            violations.addAll(check.problems);
        }
        if (queues.pendingDeliveries() > 0) {
            violations.add("Redis: " + queues.pendingDeliveries() + " stream deliveries still pending after recovery");
        }
        if (queues.delayedRetries() > 0) {
            violations.add("Redis: " + queues.delayedRetries() + " retries still waiting after every run ended");
        }
        Set<Long> known = rows.stream().map(RunRow::id).collect(Collectors.toSet());
        for (Long runId : effects.runIds()) {
            if (!known.contains(runId)) {
                violations.add("run " + runId + " executed but has no row");
                doubled++;
            }
        }
        long lostAttempts = rows.stream().mapToLong(RunRow::lostAttempts).sum();
        long reExecutions = rows.stream().mapToLong(row -> Math.max(0, effects.starts(row.id()).size() - 1
                - plannedRetries(row, kinds.get(row.taskId())))).sum();
        return new Verdict(expected, inWindow, lost, doubled, lostAttempts, reExecutions, Duration.ZERO,
                shorten(violations));
    }

    private record RunCheck(long lost, long doubled, List<String> problems) {
    }

    private static RunCheck checkRun(RunRow row, Workload.Kind kind, Effects effects) {
        List<String> problems = new ArrayList<>();
        long lost = 0;
        long doubled = 0;
        List<Effects.Line> starts = effects.starts(row.id());
        Set<Integer> attempts = new HashSet<>();
        for (Effects.Line start : starts) {
            if (!attempts.add(start.attempt())) {
                problems.add("run " + row.id() + ": attempt " + start.attempt() + " executed twice");
                doubled++;
            }
            if (start.attempt() > row.attempt()) {
                problems.add("run " + row.id() + ": attempt " + start.attempt() + " executed on " + start.node()
                        + " but the row knows only " + row.attempt() + " attempts");
                doubled++;
            }
        }
        if (row.status().equals("SKIPPED") && !starts.isEmpty()) {
            problems.add("run " + row.id() + ": SKIPPED (" + row.error() + "), yet executed " + starts.size()
                    + " time" + (starts.size() == 1 ? "" : "s"));
            doubled++;
        }
        if (row.attempt() >= 1) {
            String unfinished = unfinishedAttempt(row, starts);
            if (unfinished != null) {
                problems.add("run " + row.id() + ": " + unfinished);
                lost++;
            }
        }
        if (row.status().equals("SUCCEEDED")) {
            boolean ranByOwner = effects.ends(row.id()).stream()
                    .anyMatch(end -> end.attempt() == row.attempt() && end.node().equals(row.node()));
            if (!ranByOwner) {
                problems.add("run " + row.id() + ": SUCCEEDED with attempt " + row.attempt() + " on " + row.node()
                        + ", but that node never completed that attempt");
                lost++;
            }
            long completedSuccessfully = effects.ends(row.id()).stream()
                    .filter(end -> kind == null || !kind.failsFirstAttempt || end.attempt() != 1).count();
            if (completedSuccessfully > 1 + row.lostAttempts()) {
                problems.add("run " + row.id() + ": completed " + completedSuccessfully + " times with only "
                        + row.lostAttempts() + " attempts recorded lost");
                doubled++;
            }
        } else if (kind != null && kind.served() && (row.status().equals("FAILED") || row.status().equals("TIMED_OUT"))
                && !diedWithEveryNode(row, effects)) {
            problems.add("run " + row.id() + " of a task that succeeds ended " + row.status() + " (attempt "
                    + row.attempt() + ", " + row.lostAttempts() + " lost)");
            lost++;
        }
        int allowedExtra = row.lostAttempts() + plannedRetries(row, kind);
        if (starts.size() > 1 + allowedExtra) {
            problems.add("run " + row.id() + ": executed " + starts.size() + " times, only " + row.lostAttempts()
                    + " attempts recorded lost");
            doubled++;
        }
        return new RunCheck(lost, doubled, problems);
    }

    /**
     * A run failed by the reaper because every one of its attempts died with its node (killed by
     * the fault in the middle of it, none ever ended): what the lost-attempt limit is for, a run
     * that keeps losing its node ends rather than runs for ever. Not a run that failed on its own.
     */
    static boolean diedWithEveryNode(RunRow row, Effects effects) {
        return row.status().equals("FAILED") && row.attempt() >= 1 && row.lostAttempts() >= row.attempt()
                && effects.ends(row.id()).isEmpty() && effects.starts(row.id()).size() == row.attempt();
    }

    /**
     * Why an attempted run did not end in an outcome of its last attempt, or null when it did: that
     * attempt executed, or it was cancelled, or recorded lost for the last time, before it started.
     */
    private static String unfinishedAttempt(RunRow row, List<Effects.Line> starts) {
        if (row.status().equals("SKIPPED")) {
            return "attempt " + row.attempt() + " was claimed, yet the run ended SKIPPED (" + row.error() + ")";
        }
        boolean executed = starts.stream().anyMatch(start -> start.attempt() == row.attempt());
        boolean endedBeforeStart = row.status().equals("CANCELLED")
                || row.status().equals("FAILED") && row.lostAttempts() >= LOST_ATTEMPTS_LIMIT;
        if (executed || endedBeforeStart) {
            return null;
        }
        return "ended " + row.status() + " with attempt " + row.attempt() + ", which never executed ("
                + row.lostAttempts() + " lost)";
    }

    /** The flaky task's first attempt fails on purpose: its retry is no re-execution. */
    private static int plannedRetries(RunRow row, Workload.Kind kind) {
        return kind != null && kind.failsFirstAttempt && row.attempt() > 1 ? 1 : 0;
    }

    /** Every fire of the crons the task followed, from its first planned fire up to the cutoff. */
    static Set<Instant> fires(Workload.Planned task, Instant cutoff) {
        Set<Instant> fires = new HashSet<>();
        for (CronPeriod period : task.periods()) {
            fires.addAll(period.fires(cutoff));
        }
        return fires;
    }

    private static List<String> shorten(List<String> violations) {
        if (violations.size() <= MAX_LISTED) {
            return List.copyOf(violations);
        }
        List<String> shown = new ArrayList<>(violations.subList(0, MAX_LISTED));
        shown.add("... and " + (violations.size() - MAX_LISTED) + " more");
        return shown;
    }
}
