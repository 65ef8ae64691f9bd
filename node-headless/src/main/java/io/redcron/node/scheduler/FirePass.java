package io.redcron.node.scheduler;

import io.redcron.schedule.FirePlan;
import io.redcron.schedule.FirePlanner;
import io.redcron.schedule.PauseWindow;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertSink;
import io.redcron.port.Dispatch;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
import io.redcron.schedule.CronSchedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One batch of due tasks: plan their fires, record the runs in one fenced transaction, then one
 * Redis call enqueues them and moves the schedule on. A crash between the two repeats the batch,
 * which finds the same run rows: no fire is lost and none is doubled.
 */
final class FirePass {
    /** How long a task held by a window without a planned end waits before it is looked at again. */
    static final java.time.Duration OPEN_WINDOW_LOOK = java.time.Duration.ofMinutes(5);
    private final String namespace;
    private final SchedulerStore store;
    private final ScheduleIndex index;
    private final RunQueue queue;
    private final FirePlanner planner;
    private final int batchSize;
    private final int rowsPerTransaction;
    private final AlertSink alerts;
    private final TaskFireRules rules;
    private final Map<String, CronSchedule> schedules = new ConcurrentHashMap<>();
    private final HeldTasks held = new HeldTasks();
    /** Windows this leader has alerted about: one alert per window when it first holds fires. */
    private final java.util.Set<Long> heldAlerted = new java.util.HashSet<>();

    /**
     * @param batchSize          due tasks taken per pass
     * @param rowsPerTransaction run rows recorded per transaction at most (the planner's limit of
     *                           fires per task must not exceed it)
     * @param rules              each task's calendar and the maintenance windows over it
     */
    FirePass(String namespace, SchedulerStore store, ScheduleIndex index, RunQueue queue, FirePlanner planner,
             int batchSize, int rowsPerTransaction, AlertSink alerts, TaskFireRules rules) {
        this.namespace = namespace;
        this.store = store;
        this.index = index;
        this.queue = queue;
        this.planner = planner;
        this.batchSize = batchSize;
        this.rowsPerTransaction = rowsPerTransaction;
        this.alerts = alerts;
        this.rules = rules;
    }

    /**
     * Records and queues the fires due at or before {@code horizon} (now plus the lookahead), so
     * that workers hold them ready before they are due. Misfires are judged against {@code now}.
     * Returns how many index entries were due (a full batch means: run again at once).
     */
    int run(long epoch, Instant now, Instant horizon) {
        rules.refresh(now);
        List<Dispatch.Advance> released = held.released(window -> rules.holds(window, now), now);
        if (!released.isEmpty()) {
            queue.dispatch(new Dispatch(List.of(), released));
        }
        List<ScheduleIndex.Entry> due = index.due(horizon, batchSize);
        if (due.isEmpty()) {
            return 0;
        }
        Map<Long, Task> tasks = store.tasks(due.stream().map(ScheduleIndex.Entry::taskId).toList());
        List<SchedulerStore.TaskFires> batch = new ArrayList<>();
        List<Dispatch.Advance> unplanned = new ArrayList<>();
        Map<Long, Dispatch.Advance> advances = new java.util.HashMap<>();
        Map<PauseWindow, List<String>> holding = new java.util.LinkedHashMap<>();
        for (ScheduleIndex.Entry entry : due) {
            Task task = tasks.get(entry.taskId());
            if (task == null || !task.enabled() || task.nextFireAt() == null) {
                unplanned.add(new Dispatch.Advance(entry.taskId(), entry.due(), null));
                continue;
            }
            if (task.nextFireAt().isAfter(horizon)) {
                // The index lagged behind MySQL (the task changed): follow MySQL.
                unplanned.add(new Dispatch.Advance(entry.taskId(), entry.due(), task.nextFireAt()));
                continue;
            }
            FirePlan plan = planner.plan(schedule(task), task.zone(), task.nextFireAt(), now, horizon,
                    task.misfirePolicy(), task.catchUpLimit(), rules.of(task));
            Instant entryDue = plan.next();
            if (plan.heldBy() != null) {
                entryDue = waitFor(plan.heldBy(), now);
                held.hold(task.id(), plan.heldBy().id(), entryDue);
                holding.computeIfAbsent(plan.heldBy(), window -> new ArrayList<>()).add(task.name());
                if (plan.fires().isEmpty()) {
                    // Nothing to record: the task's next fire in MySQL is the first one held.
                    unplanned.add(new Dispatch.Advance(entry.taskId(), entry.due(), entryDue));
                    continue;
                }
            } else {
                held.forget(task.id());
            }
            batch.add(new SchedulerStore.TaskFires(task, plan.fires().stream()
                    .map(f -> new SchedulerStore.Fire(f.scheduledAt(), f.skipped(), f.reason())).toList(), plan.next()));
            advances.put(task.id(), new Dispatch.Advance(entry.taskId(), entry.due(), entryDue));
        }
        // One fenced transaction per chunk of at most rowsPerTransaction rows, each followed by its
        // own dispatch: a chunk recorded is queued at once, whatever happens to the next.
        List<List<SchedulerStore.TaskFires>> chunks = chunks(batch);
        for (int i = 0; i < chunks.size(); i++) {
            List<SchedulerStore.TaskFires> chunk = chunks.get(i);
            List<Dispatch.Advance> chunkAdvances = new ArrayList<>(i == 0 ? unplanned : List.of());
            chunk.forEach(fires -> chunkAdvances.add(advances.get(fires.task().id())));
            List<Run> recorded = store.recordFires(namespace, epoch, chunk);
            Alert.misfiresSkipped(tasks, recorded, now).forEach(alerts::raise);
            List<QueuedRun> enqueue = new ArrayList<>();
            for (Run run : recorded) {
                if (run.status() == RunStatus.QUEUED) {
                    enqueue.add(QueuedRun.of(run.group(), run.id()));
                }
            }
            queue.dispatch(new Dispatch(enqueue, chunkAdvances));
        }
        if (chunks.isEmpty()) {
            queue.dispatch(new Dispatch(List.of(), unplanned));
        }
        holding.forEach((window, names) -> {
            if (heldAlerted.add(window.id())) {
                alerts.raise(Alert.firesHeld(window, names, now));
            }
        });
        return due.size();
    }

    /**
     * Where a held task's schedule entry waits: at the window's planned end, or {@link #OPEN_WINDOW_LOOK}
     * ahead for a window that lasts until resumed. A window resumed early releases its tasks at
     * once (see {@link HeldTasks}); the wait only bounds how long a forgotten entry sleeps.
     */
    private static Instant waitFor(PauseWindow window, Instant now) {
        Instant end = window.end();
        return end != null && end.isAfter(now) ? end : now.plus(OPEN_WINDOW_LOOK);
    }

    /** Tasks held this leader knows of, for tests and metrics. */
    int heldTasks() {
        return held.size();
    }

    /** The tasks' fires in runs of whole tasks, each at most {@code rowsPerTransaction} rows. */
    private List<List<SchedulerStore.TaskFires>> chunks(List<SchedulerStore.TaskFires> batch) {
        List<List<SchedulerStore.TaskFires>> chunks = new ArrayList<>();
        List<SchedulerStore.TaskFires> chunk = new ArrayList<>();
        int rows = 0;
        for (SchedulerStore.TaskFires fires : batch) {
            if (!chunk.isEmpty() && rows + fires.fires().size() > rowsPerTransaction) {
                chunks.add(chunk);
                chunk = new ArrayList<>();
                rows = 0;
            }
            chunk.add(fires);
            rows += fires.fires().size();
        }
        if (!chunk.isEmpty()) {
            chunks.add(chunk);
        }
        return chunks;
    }

    private CronSchedule schedule(Task task) {
        String key = task.dialect().id() + " " + task.cron();
        CronSchedule schedule = schedules.get(key);
        if (schedule == null) {
            if (schedules.size() > 100_000) {
                schedules.clear();
            }
            schedule = task.schedule();
            schedules.put(key, schedule);
        }
        return schedule;
    }
}
