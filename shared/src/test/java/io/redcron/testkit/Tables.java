package io.redcron.testkit;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.AuditEntry;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rows the in-memory stores share, as one database would hold them: tasks, runs and the audit
 * log. Every store works under this object's monitor, so a change that touches several rows (a
 * claim under a task's rules, a task change with its audit entry) is atomic, as a transaction is.
 * Instants are kept to the millisecond, as the database keeps them.
 */
final class Tables {
    final Clock clock;
    final TreeMap<Long, Task> tasks = new TreeMap<>();
    final TreeMap<Long, RunRow> runs = new TreeMap<>();
    final List<AuditEntry> audit = new ArrayList<>();
    /** The past attempts of each run, by attempt number (run_attempt). */
    final Map<Long, TreeMap<Integer, io.redcron.domain.PastAttempt>> attempts = new java.util.HashMap<>();
    /** Each namespace's misfire threshold, as its leader published it with its epoch. */
    final Map<String, java.time.Duration> misfireThresholds = new java.util.HashMap<>();
    final Map<String, io.redcron.port.FencingEpochs.Epoch> epochs = new java.util.HashMap<>();
    /** Retention policies by namespace, then task (0: the namespace's own). */
    final Map<String, Map<Long, io.redcron.domain.RetentionPolicy>> retention = new java.util.HashMap<>();
    final TreeMap<Long, io.redcron.port.RetentionStore.RunPin> pins = new TreeMap<>();
    /** Business calendars by namespace, then name; blackout ids count across all of them. */
    final Map<String, Map<String, io.redcron.calendar.BusinessCalendar>> calendars = new java.util.HashMap<>();
    /** The calendar each task follows, by task id. */
    final Map<Long, io.redcron.calendar.CalendarBinding> calendarBindings = new java.util.HashMap<>();
    long nextBlackoutId = 1;
    /** Drain requests by namespace and node id. */
    final Map<String, io.redcron.port.NodeDrains.Drain> drains = new java.util.HashMap<>();
    final List<io.redcron.domain.MaintenanceWindow> windows = new ArrayList<>();
    /** Tasks' alert rules by namespace, then task id. */
    final Map<String, Map<Long, io.redcron.domain.AlertRule>> alertRules = new java.util.HashMap<>();
    /** Silences by id, of every namespace. */
    final TreeMap<Long, io.redcron.domain.AlertSilence> silences = new TreeMap<>();
    long nextSilenceId = 1;
    /** Workflows by id, of every namespace; their runs, and each run's steps by name in definition order. */
    final TreeMap<Long, io.redcron.workflow.Workflow> workflows = new TreeMap<>();
    final TreeMap<Long, io.redcron.workflow.WorkflowRun> workflowRuns = new TreeMap<>();
    final Map<Long, java.util.LinkedHashMap<String, io.redcron.workflow.StepRun>> workflowSteps = new java.util.HashMap<>();
    /** Idempotency keys of run requests: task id and key, to the run the first request recorded. */
    final Map<java.util.List<Object>, Long> requestKeys = new java.util.HashMap<>();
    long nextWorkflowId = 1;
    long nextWorkflowRunId = 1;
    private long nextTaskId = 1;
    private long nextRunId = 1;
    private long nextAuditId = 1;

    Tables(Clock clock) {
        this.clock = clock;
    }

    /** A task's calendar as it applies to its fires (task_calendar with its calendar). */
    io.redcron.schedule.FireExclusion calendarExclusion(Task task) {
        io.redcron.calendar.CalendarBinding binding = calendarBindings.get(task.id());
        io.redcron.calendar.BusinessCalendar calendar = binding == null ? null
                : calendars.getOrDefault(task.namespace(), Map.of()).get(binding.calendar());
        return calendar == null ? io.redcron.schedule.FireExclusion.NONE
                : new io.redcron.calendar.CalendarExclusion(calendar, binding.mode());
    }

    /** The maintenance windows over a task that still decide its fires, as the leader reads them. */
    List<io.redcron.schedule.PauseWindow> windowsOver(Task task, Instant now) {
        Instant endedAfter = now.minus(io.redcron.domain.MaintenanceWindow.LOOK_BACK);
        return windows.stream().filter(w -> w.namespace().equals(task.namespace()) && w.covers(task.group()))
                .filter(w -> w.end() == null || w.end().isAfter(endedAfter))
                .map(io.redcron.domain.MaintenanceWindow::pause).toList();
    }

    Instant now() {
        return millis(clock.instant());
    }

    long newTaskId() {
        return nextTaskId++;
    }

    long newRunId() {
        return nextRunId++;
    }

    /**
     * Keeps the attempt {@code row} holds now, as it ended ({@code ending}), found at {@code at};
     * {@code withOutcome}: its exit code and output are the attempt's own (a retry), not left
     * from an earlier one (a lost attempt has none).
     */
    void archive(RunRow row, io.redcron.domain.AttemptEnding ending, Instant at, boolean withOutcome) {
        attempts.computeIfAbsent(row.id, id -> new TreeMap<>()).putIfAbsent(row.attempt,
                new io.redcron.domain.PastAttempt(row.id, row.attempt, row.node, row.startedAt, at, ending,
                        withOutcome ? row.exitCode : null, row.error,
                        withOutcome ? io.redcron.domain.PastAttempt.tailOf(row.output) : null, row.dueAt));
    }

    /** The run of a task's cron fire, if recorded. */
    RunRow fire(long taskId, Instant scheduledAt) {
        for (RunRow row : runs.values()) {
            if (row.taskId == taskId && row.scheduledAt.equals(scheduledAt) && row.shardIndex == Run.NOT_A_SHARD) {
                return row;
            }
        }
        return null;
    }

    /**
     * Records a cron fire, queued or skipped with the reason; a fire recorded before is kept as
     * it is. A fire recorded ahead is due at its time, one recorded late from now.
     */
    RunRow recordFire(Task task, Instant scheduledAt, boolean skipped, String reason, Instant now) {
        RunRow existing = fire(task.id(), scheduledAt);
        if (existing != null) {
            return existing;
        }
        RunRow row = new RunRow(newRunId(), task, TriggerType.CRON, scheduledAt, task.retry().maxAttempts(), now,
                scheduledAt.isAfter(now) ? scheduledAt : now, Map.of());
        if (skipped) {
            // Recorded skipped, as MySQL inserts it (a sharded task's fire too: it never has shards).
            row.status = RunTransition.RECORD_NEW.target(RunStatus.SKIPPED);
            row.finishedAt = now;
            row.error = Texts.truncate(reason, Texts.MAX_ERROR);
        }
        runs.put(row.id, row);
        return row;
    }

    /** Whether the task has a run of this shard index (or NOT_A_SHARD) at this moment: the store's unique key. */
    boolean takenByShard(long taskId, Instant at, int shardIndex) {
        return runs.values().stream().anyMatch(row -> row.taskId == taskId && row.scheduledAt.equals(at)
                && row.shardIndex == shardIndex);
    }

    /** The shards of a parent, by index. */
    List<RunRow> shards(RunRow parent) {
        List<RunRow> shards = new ArrayList<>();
        for (RunRow row : runs.values()) {
            if (row.taskId == parent.taskId && row.scheduledAt.equals(parent.scheduledAt)
                    && row.shardIndex != Run.NOT_A_SHARD && row.trigger == TriggerType.SHARD
                    && parent.shardIndex == Run.NOT_A_SHARD) {
                shards.add(row);
            }
        }
        shards.sort(java.util.Comparator.comparingInt(row -> row.shardIndex));
        return shards;
    }

    /**
     * Stops a parent, as MySQL does: unsplit, it ends CANCELLED at once; split, it is marked, its
     * waiting shards end CANCELLED and its running ones are asked to stop (returned).
     */
    List<RunRow> cancelSharded(RunRow parent, Instant now, String reason) {
        if (parent.shardTotal == 0) {
            parent.move(RunTransition.SETTLE_SHARDS, RunStatus.CANCELLED);
            parent.finishedAt = millis(now);
            parent.error = Texts.error(reason);
            return List.of();
        }
        parent.cancelRequested = true;
        List<RunRow> stopping = new ArrayList<>();
        for (RunRow shard : shards(parent)) {
            if (RunStatus.WAITING.contains(shard.status)) {
                shard.move(RunTransition.CANCEL_WAITING, RunStatus.CANCELLED);
                shard.finishedAt = millis(now);
                shard.error = Texts.error(reason);
            } else if (RunStatus.IN_FLIGHT.contains(shard.status)) {
                shard.cancelRequested = true;
                stopping.add(shard);
            }
        }
        return stopping;
    }

    void audit(String namespace, String actor, String action, String subject, String before, String after) {
        audit.add(new AuditEntry(nextAuditId++, now(), actor, "redcron@memory", action, subject, namespace, before, after));
    }

    static Instant millis(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MILLIS);
    }

    /** One row of the run history, with the columns a {@link Run} does not show. */
    static final class RunRow {
        final long id;
        final long taskId;
        final String namespace;
        final String taskName;
        final String group;
        final TriggerType trigger;
        final Instant scheduledAt;
        final int maxAttempts;
        final Instant createdAt;
        final Map<String, String> params;
        RunStatus status = RunStatus.QUEUED;
        int attempt;
        int lostAttempts;
        String node;
        /** The token of the claim that took the current attempt ({@link io.redcron.domain.ClaimTokens}). */
        long claimToken;
        Instant leaseUntil;
        Instant startedAt;
        Instant finishedAt;
        Integer exitCode;
        String output;
        String error;
        /** When the run may next be taken: its time, the end of a backoff, or a forbid recheck. */
        Instant dueAt;
        boolean cancelRequested;
        /** False while a claim made ahead of the run's time has not begun executing. */
        boolean attemptBegan = true;
        int shardIndex = Run.NOT_A_SHARD;
        int shardTotal;

        RunRow(long id, Task task, TriggerType trigger, Instant scheduledAt, int maxAttempts, Instant createdAt,
               Instant dueAt, Map<String, String> params) {
            this.id = id;
            this.taskId = task.id();
            this.namespace = task.namespace();
            this.taskName = task.name();
            this.group = task.group();
            this.trigger = trigger;
            this.scheduledAt = scheduledAt;
            this.maxAttempts = maxAttempts;
            this.createdAt = createdAt;
            this.dueAt = dueAt;
            this.params = params == null ? Map.of() : Map.copyOf(params);
            // A sharded task's run is recorded as the parent of its shards, as MySQL does.
            if (trigger != TriggerType.SHARD && task.sharding().isSharded()) {
                this.status = RunTransition.RECORD_NEW.target(RunStatus.SHARDED);
            }
        }

        /** Shard {@code index} of {@code total} of a split parent: its task, names, time and parameters. */
        RunRow(long id, RunRow parent, int index, int total, int maxAttempts, Instant now) {
            this.id = id;
            this.taskId = parent.taskId;
            this.namespace = parent.namespace;
            this.taskName = parent.taskName;
            this.group = parent.group;
            this.trigger = TriggerType.SHARD;
            this.scheduledAt = parent.scheduledAt;
            this.maxAttempts = maxAttempts;
            this.createdAt = now;
            this.dueAt = now;
            this.params = parent.params;
            this.shardIndex = index;
            this.shardTotal = total;
        }

        /** Changes the status by a named transition, which must allow it. */
        void move(RunTransition transition, RunStatus to) {
            transition.check(id, status, to);
            status = to;
        }

        /**
         * A claim that never began is taken back by {@code transition} (RELEASE_UNSTARTED, or
         * DROP_HELD to {@code to}): its attempt undone, no node, no lease, no start.
         */
        void undoClaim(RunTransition transition, RunStatus to) {
            move(transition, to);
            attempt--;
            node = null;
            leaseUntil = null;
            startedAt = null;
            attemptBegan = true;
        }

        boolean neverAttempted() {
            return attempt == 0;
        }

        /** The row as the claim rules weigh it. */
        io.redcron.domain.ClaimRules.UnfinishedRun unfinished() {
            return new io.redcron.domain.ClaimRules.UnfinishedRun(toListed(), dueAt, cancelRequested);
        }

        Run toRun() {
            return new Run(id, taskId, namespace, taskName, group, trigger, scheduledAt, status, attempt, maxAttempts,
                    lostAttempts, node, leaseUntil, createdAt, startedAt, finishedAt, exitCode, output, error, params,
                    shardIndex, shardTotal, claimToken);
        }

        /** As a listing shows it: without its output, nor its claim's token. */
        Run toListed() {
            return new Run(id, taskId, namespace, taskName, group, trigger, scheduledAt, status, attempt, maxAttempts,
                    lostAttempts, node, leaseUntil, createdAt, startedAt, finishedAt, exitCode, null, error, params,
                    shardIndex, shardTotal);
        }
    }
}
