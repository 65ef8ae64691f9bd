package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.worker.execution.ExecutionRequest;
import io.redcron.node.worker.execution.ExecutionResult;
import io.redcron.node.worker.execution.ExecutionStatus;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.Claim;
import io.redcron.port.EventBus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Reads run ids from the node's groups, claims each in the run store (the only way to own a run),
 * acknowledges the stream entry once the claim is decided, and executes claimed runs on the
 * node's slots. A duplicate delivery finds the run taken and is simply acknowledged.
 */
public final class WorkerLoop implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLoop.class);
    private static final Duration READ_BLOCK = Duration.ofMillis(500);
    private static final Duration FORBID_RECHECK = Duration.ofMillis(250);

    private final Settings settings;
    private final RunQueue queue;
    private final RunStore runs;
    private final TaskCache tasks;
    private final ResultWriter writer;
    private final ExecutorRegistry executors;
    private final LiveLog liveLog;
    private final RunFinisher finisher;
    private final EventBus events;
    private final Clock clock;
    private final ExecutorService slots;
    private final io.redcron.node.metrics.NodeMetrics metrics;
    private final Semaphore free;
    private final Map<Long, InFlight> inFlight = new ConcurrentHashMap<>();
    /** Slots taken by runs started in the current pass (only the loop's thread touches it). */
    private int startedThisPass;
    private final java.util.concurrent.CountDownLatch loopEnded = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean accepting = true;
    private volatile boolean stopped;

    /**
     * @param forbidWait how long after its scheduled time a run of a FORBID task may wait for the
     *                   task's run in flight before it is skipped (the misfire threshold)
     */
    public record Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration forbidWait,
                           Duration taskCacheTtl, int resultBatch) {
        public Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration forbidWait) {
            this(nodeId, groups, slots, lease, forbidWait, io.redcron.config.WorkerConfig.DEFAULT_TASK_CACHE_TTL,
                    io.redcron.config.WorkerConfig.DEFAULT_RESULT_BATCH);
        }
    }

    public WorkerLoop(Settings settings, RunQueue queue, RunStore runs, TaskStore tasks, ExecutorRegistry executors,
                      LiveLog liveLog, EventBus events, Clock clock, ExecutorService slots,
                      io.redcron.node.metrics.NodeMetrics metrics) {
        this(settings, queue, runs, tasks, executors, liveLog, events, clock, slots, metrics, AlertSink.NONE);
    }

    public WorkerLoop(Settings settings, RunQueue queue, RunStore runs, TaskStore tasks, ExecutorRegistry executors,
                      LiveLog liveLog, EventBus events, Clock clock, ExecutorService slots,
                      io.redcron.node.metrics.NodeMetrics metrics, AlertSink alerts) {
        this.settings = settings;
        this.queue = queue;
        this.runs = runs;
        this.tasks = new TaskCache(tasks, clock, settings.taskCacheTtl());
        this.writer = new ResultWriter(runs, settings.resultBatch(), "redcron-results-" + settings.nodeId(),
                this::announceFinished);
        this.executors = executors;
        this.liveLog = liveLog;
        this.events = events;
        this.clock = clock;
        this.slots = slots;
        this.free = new Semaphore(settings.slots());
        this.finisher = new RunFinisher(settings.nodeId(), runs, writer, queue, events, clock, Math::random, metrics,
                alerts);
        this.metrics = metrics;
    }

    @Override
    public void run() {
        try {
            loop();
        } finally {
            loopEnded.countDown();
        }
    }

    private void loop() {
        boolean groupsReady = false;
        while (accepting) {
            try {
                if (!groupsReady) {
                    queue.ensureGroups(settings.groups());
                    groupsReady = true;
                }
                if (!free.tryAcquire(READ_BLOCK.toMillis(), TimeUnit.MILLISECONDS)) {
                    continue;
                }
                int count = 1 + free.drainPermits();
                startedThisPass = 0;
                try {
                    List<QueuedRun> delivered = accepting
                            ? queue.read(settings.nodeId(), settings.groups(), count, READ_BLOCK) : List.of();
                    if (!delivered.isEmpty()) {
                        startAll(delivered);
                    }
                } finally {
                    // Also when the pass failed half way: a slot not taken must not be lost.
                    free.release(count - startedThisPass);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.warn("Worker pass of node {} failed: {}", settings.nodeId(), e.getMessage());
                pause();
            }
        }
    }

    /**
     * Claims a delivery in one transaction and starts what it got; runs whose task's concurrency
     * policy must be weighed are claimed one by one.
     */
    private void startAll(List<QueuedRun> delivered) {
        List<Long> ids = new ArrayList<>(delivered.size());
        for (QueuedRun entry : delivered) {
            ids.add(entry.runId());
        }
        Instant now = clock.instant();
        RunStore.BatchClaim batch = runs.claimAll(ids, settings.nodeId(), now, now.plus(settings.lease()));
        Set<Long> passed = new HashSet<>(batch.passed());
        List<QueuedRun> decided = new ArrayList<>(delivered.size());
        List<QueuedRun> oneByOne = new ArrayList<>();
        for (QueuedRun entry : delivered) {
            (passed.remove(entry.runId()) ? oneByOne : decided).add(entry);
        }
        try {
            queue.ack(decided);
        } catch (RuntimeException e) {
            // The claims in MySQL made the runs ours; entries left unacknowledged (Redis failing
            // over) are handed back by the reaper later and dropped then, their runs no longer waiting.
            LOG.warn("Could not acknowledge {} queue entries, running the claimed runs anyway: {}", decided.size(),
                    e.getMessage());
        }
        if (!batch.claimed().isEmpty()) {
            List<Long> taskIds = new ArrayList<>(batch.claimed().size());
            for (Run run : batch.claimed()) {
                taskIds.add(run.taskId());
            }
            Map<Long, Task> found = tasks.get(taskIds);
            for (Run claimed : batch.claimed()) {
                run(claimed, Optional.ofNullable(found.get(claimed.taskId())));
            }
        }
        for (QueuedRun entry : oneByOne) {
            start(entry);
        }
    }

    /** Claims and starts one delivered run under its task's concurrency policy. */
    private void start(QueuedRun entry) {
        Optional<Run> found = runs.get(entry.runId());
        if (found.isEmpty() || found.get().status().isFinal()) {
            queue.ack(List.of(entry));
            return;
        }
        Run run = found.get();
        // Read afresh: this path already costs a few statements, and a FORBID or REPLACE task is
        // often edited while its previous run is in flight, which the next run must then follow
        // even when the task-changed event was lost.
        Optional<Task> task = tasks.fresh(run.taskId());
        Instant now = clock.instant();
        Claim claim = runs.claim(run.id(), task.map(Task::concurrencyPolicy).orElse(io.redcron.domain.ConcurrencyPolicy.ALLOW),
                settings.nodeId(), now, now.plus(settings.lease()), waitUntil(run), now.plus(FORBID_RECHECK));
        if (claim.result() == Claim.Result.DEFERRED) {
            // Waits for the run in flight; the delayed set brings it back shortly.
            queue.delay(QueuedRun.of(run.group(), run.id()), now.plus(FORBID_RECHECK));
        }
        if (claim.result() != Claim.Result.CLAIMED) {
            queue.ack(List.of(entry));
            return;
        }
        try {
            queue.ack(List.of(entry));
        } catch (RuntimeException e) {
            // The claim in MySQL made the run ours; an entry left unacknowledged (Redis failing over)
            // is handed back by the reaper later and dropped then, as its run is no longer waiting.
            LOG.warn("Run {}: could not acknowledge its queue entry, running it anyway: {}", run.id(), e.getMessage());
        }
        for (Run replaced : claim.replaced()) {
            publishCancel(replaced.id());
        }
        run(claim.run(), task);
    }

    /** Starts a run this node has just claimed, on a slot of this pass. */
    private void run(Run claimed, Optional<Task> task) {
        if (claimed.trigger() == io.redcron.domain.TriggerType.CRON && claimed.attempt() == 1 && claimed.startedAt() != null) {
            metrics.fireStarted(Duration.between(claimed.scheduledAt(), claimed.startedAt()));
        }
        if (task.isEmpty()) {
            runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING, new RunOutcome(RunStatus.FAILED,
                    clock.instant(), null, "", "task " + claimed.taskName() + " was deleted before this run started"));
            return;
        }
        InFlight flight = new InFlight(claimed, task.get());
        inFlight.put(claimed.id(), flight);
        try {
            slots.execute(() -> execute(flight));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // The node stopped meanwhile: give the run back rather than leave it to its lease.
            inFlight.remove(claimed.id());
            flight.handBack = true;
            finisher.finish(flight, null, () -> { });
            return;
        }
        startedThisPass++;
    }

    private void announceFinished() {
        finisher.announceFinished();
    }

    /** The task changed or was deleted: its next run reads it again. */
    public void taskChanged(long taskId) {
        tasks.invalidate(taskId);
    }

    private void execute(InFlight flight) {
        Run run = flight.run;
        // Every log line written while this slot works on the run names it (logback's %X{runId}).
        MDC.put("runId", Long.toString(run.id()));
        LOG.debug("Run {} attempt {} of task '{}' starting", run.id(), run.attempt(), run.taskName());
        ExecutionResult result;
        try {
            Map<String, String> params = new HashMap<>(flight.task.params());
            params.putAll(run.params());
            ExecutionRequest request = new ExecutionRequest(run.id(), run.taskId(), run.attempt(), run.scheduledAt(),
                    run.taskName(), flight.task.payload(), params, flight.task.timeout());
            result = executors.execute(request, liveLog.open(run.id()), flight.cancellation);
        } catch (RuntimeException e) {
            result = new ExecutionResult(ExecutionStatus.FAILED, null, "", "node " + settings.nodeId()
                    + " could not run it: " + e.getMessage(), Duration.ZERO);
        }
        try {
            liveLog.close(run.id());
            // The run stays in flight (its lease renewed) until its result is written.
            finisher.finish(flight, result, () -> inFlight.remove(run.id()));
        } catch (RuntimeException e) {
            // The lease then runs out and the reaper records this attempt as lost: nothing vanishes.
            LOG.warn("Run {} attempt {}: could not record the result ({}): {}", run.id(), run.attempt(),
                    result.status(), e.getMessage());
            inFlight.remove(run.id());
        } finally {
            free.release();
            MDC.remove("runId");
        }
    }

    /**
     * Until when a run of a FORBID task may wait for the task's run in flight: the misfire
     * threshold, counted from when the run was due, or from when it was recorded for a fire that
     * was caught up late (its schedule time is long past then, yet it has only just been queued).
     */
    private Instant waitUntil(Run run) {
        Instant from = run.createdAt() != null && run.createdAt().isAfter(run.scheduledAt()) ? run.createdAt()
                : run.scheduledAt();
        return from.plus(settings.forbidWait());
    }

    /** Renews the leases of the runs in flight; a run this node lost is stopped here. */
    public void renewLeases() {
        Instant now = clock.instant();
        for (InFlight flight : inFlight.values()) {
            try {
                if (!runs.renewLease(flight.run.id(), flight.run.attempt(), settings.nodeId(), now.plus(settings.lease()))) {
                    flight.cancellation.cancel("node " + settings.nodeId() + " no longer owns this run");
                }
            } catch (RuntimeException e) {
                LOG.warn("Could not renew the lease of run {}: {}", flight.run.id(), e.getMessage());
            }
        }
    }

    /** Stops a run in flight here, if it is (an operator's cancel, or the REPLACE policy). */
    public void cancel(long runId, String reason) {
        InFlight flight = inFlight.get(runId);
        if (flight != null) {
            flight.cancellation.cancel(reason);
        }
    }

    public int running() {
        return inFlight.size();
    }

    /**
     * Stops at once, recording nothing more, as if the node's machine had died: runs in flight are
     * killed and their leases left to run out, so the leader's reaper recovers them. For tests of
     * recovery, and for a node that must get out of the way immediately.
     */
    public void halt() {
        accepting = false;
        finisher.silence();
        for (InFlight flight : inFlight.values()) {
            flight.cancellation.cancel("node " + settings.nodeId() + " halted");
        }
        slots.shutdownNow();
        writer.halt();
        stopped = true;
    }

    /**
     * Stops taking runs, lets those in flight finish within {@code grace}, then stops the rest and
     * gives them back to the queue for another node.
     */
    public void drain(Duration grace) {
        accepting = false;
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            // A pass under way may still be starting runs it has claimed: let it hand them over first.
            loopEnded.await(READ_BLOCK.toMillis() + grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        while (!inFlight.isEmpty() && System.nanoTime() < deadline) {
            pause(100);
        }
        for (InFlight flight : inFlight.values()) {
            flight.handBack = true;
            flight.cancellation.cancel("node " + settings.nodeId() + " is shutting down");
        }
        slots.shutdown();
        try {
            if (!slots.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("{} run(s) did not stop in time; their leases will run out and they will be recovered",
                        inFlight.size());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writer.close();
        stopped = true;
    }

    public boolean isStopped() {
        return stopped;
    }

    private void publishCancel(long runId) {
        try {
            events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId));
        } catch (RuntimeException e) {
            LOG.warn("Could not ask for run {} to be cancelled: {}", runId, e.getMessage());
        }
    }

    private static void pause() {
        pause(500);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
