package io.redcron.node.alert;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One event worth an alert. It is about a task (and then usually one of its runs) or about a
 * node; {@code taskTargets} are the task's own alert targets, delivered to besides the global ones.
 *
 * @param details short facts shown as they are (attempt, exit code, epoch…); never secrets
 * @param owner   the task's owner as written in the task, for chat mentions; null when unknown
 * @param group   the routing group of its task (or the group it is about); null when unknown
 */
public record Alert(AlertKind kind, Instant at, Long taskId, String taskName, Long runId, String node,
                    String message, Map<String, String> details, List<String> taskTargets, String owner,
                    String group) {

    public Alert {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(at, "at");
        message = message == null ? "" : message;
        details = Map.copyOf(details);
        taskTargets = List.copyOf(taskTargets);
        if (taskId == null && node == null) {
            throw new IllegalArgumentException("an alert is about a task or a node");
        }
        owner = owner == null || owner.isBlank() ? null : owner;
        group = group == null || group.isBlank() ? null : group;
    }

    /** An alert whose group is not known (or that is about no task and no group). */
    public Alert(AlertKind kind, Instant at, Long taskId, String taskName, Long runId, String node, String message,
                 Map<String, String> details, List<String> taskTargets, String owner) {
        this(kind, at, taskId, taskName, runId, node, message, details, taskTargets, owner, null);
    }

    /** An alert whose task's owner is not known (or that is about no task). */
    public Alert(AlertKind kind, Instant at, Long taskId, String taskName, Long runId, String node, String message,
                 Map<String, String> details, List<String> taskTargets) {
        this(kind, at, taskId, taskName, runId, node, message, details, taskTargets, null, null);
    }

    /**
     * This alert with what its task says filled in where the raiser did not know it (the leader's
     * recovery raises RUN_DEAD without the task): owner, group and own targets.
     */
    public Alert withTask(Task task) {
        return new Alert(kind, at, taskId, taskName, runId, node, message, details,
                taskTargets.isEmpty() ? task.alertTargets() : taskTargets, owner == null ? task.owner() : owner,
                group == null ? task.group() : group);
    }

    /** What the rate limit counts per target and kind: one task, or one node. */
    public String subject() {
        return taskId != null ? "task " + taskId : "node " + node;
    }

    /** A run that ended for good: FAILED, TIMED_OUT (no attempts left), or dead after lost attempts. */
    public static Alert runEnded(AlertKind kind, Task task, Run run, RunStatus status, String error, Integer exitCode,
                                 Instant at) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("status", status.name());
        details.put("attempt", Integer.toString(run.attempt()));
        details.put("maxAttempts", Integer.toString(run.maxAttempts()));
        details.put("scheduledAt", run.scheduledAt().toString());
        details.put("trigger", run.trigger().name());
        details.put("group", run.group());
        if (exitCode != null) {
            details.put("exitCode", exitCode.toString());
        }
        return new Alert(kind, at, run.taskId(), run.taskName(), run.id(), null, error, details,
                task == null ? List.of() : task.alertTargets(), task == null ? null : task.owner(), run.group());
    }

    /** One alert per task with fires recorded SKIPPED in a scheduler pass (a misfire policy at work). */
    public static List<Alert> misfiresSkipped(Map<Long, Task> tasks, List<Run> recorded, Instant at) {
        Map<Long, List<Run>> skipped = new LinkedHashMap<>();
        for (Run run : recorded) {
            if (run.status() == RunStatus.SKIPPED) {
                skipped.computeIfAbsent(run.taskId(), id -> new ArrayList<>()).add(run);
            }
        }
        List<Alert> out = new ArrayList<>();
        skipped.forEach((taskId, runs) -> {
            Task task = tasks.get(taskId);
            if (task != null) {
                runs.sort(Comparator.comparing(Run::scheduledAt));
                out.add(misfiresSkipped(task, runs, at));
            }
        });
        return out;
    }

    /** Fires of one task recorded SKIPPED by its misfire policy in one scheduler pass. */
    public static Alert misfiresSkipped(Task task, List<Run> skipped, Instant at) {
        Run first = skipped.get(0);
        Run last = skipped.get(skipped.size() - 1);
        Map<String, String> details = new LinkedHashMap<>();
        details.put("skipped", Integer.toString(skipped.size()));
        details.put("firstScheduledAt", first.scheduledAt().toString());
        details.put("lastScheduledAt", last.scheduledAt().toString());
        details.put("misfirePolicy", task.misfirePolicy().name());
        String message = skipped.size() + " fire(s) of '" + task.name() + "' from " + first.scheduledAt() + " to "
                + last.scheduledAt() + " were skipped" + (first.error() == null ? "" : ": " + first.error());
        return new Alert(AlertKind.MISFIRE_SKIPPED, at, task.id(), task.name(), skipped.size() == 1 ? first.id() : null,
                null, message, details, task.alertTargets(), task.owner(), task.group());
    }

    public static Alert nodeLost(String lostNode, String host, Instant lastSeen, Instant at) {
        Duration silent = Duration.between(lastSeen, at);
        return new Alert(AlertKind.NODE_LOST, at, null, null, null, lostNode,
                "node " + lostNode + " on " + host + " has not sent a heartbeat for " + silent.toSeconds() + "s",
                Map.of("host", host, "lastSeen", lastSeen.toString()), List.of());
    }

    public static Alert leaderChanged(String leader, long epoch, Instant at) {
        return new Alert(AlertKind.LEADER_CHANGED, at, null, null, null, leader,
                "node " + leader + " now leads the scheduler (epoch " + epoch + ")",
                Map.of("epoch", Long.toString(epoch)), List.of());
    }

    /**
     * Runs of a routing group wait and no live worker serves the group. The alert is about the
     * group, named in {@code node} as {@code group NAME}, so the rate limit counts each group apart.
     */
    public static Alert groupUnserved(String group, long waiting, Instant oldestDueAt, Instant at) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("group", group);
        details.put("waiting", Long.toString(waiting));
        details.put("oldestDueAt", oldestDueAt.toString());
        return new Alert(AlertKind.GROUP_UNSERVED, at, null, null, null, "group " + group,
                waiting + " run(s) of group '" + group + "' wait, the oldest since " + oldestDueAt
                        + ", and no live worker serves the group: start a worker with '" + group + "' in node.groups",
                details, List.of(), null, group);
    }

    // ---- kinds added with alert rules: recovery, slow runs, the dead-man switch, backlogs ----

    /** The first success of a task after one or more runs that failed for good. */
    public static Alert recovered(Task task, Run run, RunStatus previous, Instant at) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("previousStatus", previous.name());
        details.put("scheduledAt", run.scheduledAt().toString());
        details.put("trigger", run.trigger().name());
        details.put("group", run.group());
        return new Alert(AlertKind.RUN_RECOVERED, at, run.taskId(), run.taskName(), run.id(), null,
                "'" + run.taskName() + "' succeeded again; its run before ended " + previous, details,
                task.alertTargets(), task.owner(), run.group());
    }

    /** A run still running past its task's slow limit ({@link SlowRunLimit}). */
    public static Alert slowRun(Task task, Run run, Instant startedAt, SlowRunLimit.Limit limit, Instant at) {
        Duration running = Duration.between(startedAt, at);
        Map<String, String> details = new LinkedHashMap<>();
        details.put("attempt", Integer.toString(run.attempt()));
        details.put("startedAt", startedAt.toString());
        details.put("runningSeconds", Long.toString(running.toSeconds()));
        details.put("limitSeconds", Long.toString(limit.after().toSeconds()));
        details.put("limit", limit.reason());
        details.put("group", run.group());
        return new Alert(AlertKind.RUN_SLOW, at, run.taskId(), run.taskName(), run.id(), null,
                "run " + run.id() + " of '" + run.taskName() + "' has been running for " + running.toSeconds()
                        + "s, longer than " + limit.reason() + "; it goes on", details, task.alertTargets(),
                task.owner(), run.group());
    }

    /** An enabled task that has not succeeded within its {@code successWithin} ({@link DeadManWindow}). */
    public static Alert noSuccess(Task task, Instant lastSuccess, DeadManWindow.Overdue overdue, Instant at) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("successWithin", io.redcron.domain.Durations.format(overdue.within()));
        details.put("since", overdue.since().toString());
        details.put("lastSuccess", lastSuccess == null ? "never" : lastSuccess.toString());
        details.put("periods", Long.toString(overdue.periods()));
        details.put("group", task.group());
        String message = "'" + task.name() + "' has not succeeded since " + overdue.since()
                + (lastSuccess == null ? " (it never succeeded; counted from its last change)" : "")
                + ", longer than its successWithin of " + io.redcron.domain.Durations.format(overdue.within());
        return new Alert(AlertKind.NO_SUCCESS, at, task.id(), task.name(), null, null, message, details,
                task.alertTargets(), task.owner(), task.group());
    }

    /**
     * Runs of a routing group have waited longer than {@code alerts.backlog-after}: workers do not
     * keep up. About the group, named in {@code node} as {@code group NAME}, as GROUP_UNSERVED is.
     */
    public static Alert backlog(String group, long waiting, Instant oldestDueAt, Duration after, Instant at) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("group", group);
        details.put("waiting", Long.toString(waiting));
        details.put("oldestDueAt", oldestDueAt.toString());
        details.put("backlogAfter", io.redcron.domain.Durations.format(after));
        return new Alert(AlertKind.BACKLOG, at, null, null, null, "group " + group,
                waiting + " run(s) of group '" + group + "' have waited longer than "
                        + io.redcron.domain.Durations.format(after) + ", the oldest since " + oldestDueAt
                        + ": its workers do not keep up (add slots or workers to the group)",
                details, List.of(), null, group);
    }

    /**
     * A maintenance window holds back the fires of some tasks. The alert is about the window, named
     * in {@code node} as {@code window ID}: one per window, whatever the number of tasks it holds.
     *
     * @param tasks the names of the tasks it held in the pass that noticed it first
     */
    public static Alert firesHeld(io.redcron.schedule.PauseWindow window, List<String> tasks, Instant at) {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("window", Long.toString(window.id()));
        details.put("from", window.from().toString());
        details.put("until", window.end() == null ? "resumed by hand" : window.end().toString());
        details.put("onResume", window.onResume().name());
        List<String> named = tasks.stream().sorted().limit(10).toList();
        details.put("tasks", String.join(", ", named) + (tasks.size() > named.size() ? ", …" : ""));
        return new Alert(AlertKind.FIRES_HELD, at, null, null, null, "window " + window.id(),
                window.label() + " holds back the fires of " + tasks.size() + " task(s) "
                        + (window.end() == null ? "until it is resumed" : "until " + window.end())
                        + "; on resume they follow policy " + window.onResume().name().toLowerCase(java.util.Locale.ROOT)
                        .replace('_', '-'),
                details, List.of());
    }
}
