package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
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

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
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
    private final TaskStore tasks;
    private final ExecutorRegistry executors;
    private final LiveLog liveLog;
    private final RunFinisher finisher;
    private final EventBus events;
    private final Clock clock;
    private final ExecutorService slots;
    private final io.redcron.node.metrics.NodeMetrics metrics;
    private final Semaphore free;
    private final Map<Long, InFlight> inFlight = new ConcurrentHashMap<>();
    private volatile boolean accepting = true;
    private volatile boolean stopped;

    /**
     * @param forbidWait how long after its scheduled time a run of a FORBID task may wait for the
     *                   task's run in flight before it is skipped (the misfire threshold)
     */
    public record Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration forbidWait) {
    }

    public WorkerLoop(Settings settings, RunQueue queue, RunStore runs, TaskStore tasks, ExecutorRegistry executors,
                      LiveLog liveLog, EventBus events, Clock clock, ExecutorService slots,
                      io.redcron.node.metrics.NodeMetrics metrics) {
        this.settings = settings;
        this.queue = queue;
        this.runs = runs;
        this.tasks = tasks;
        this.executors = executors;
        this.liveLog = liveLog;
        this.events = events;
        this.clock = clock;
        this.slots = slots;
        this.free = new Semaphore(settings.slots());
        this.finisher = new RunFinisher(settings.nodeId(), runs, queue, events, clock, Math::random, metrics);
        this.metrics = metrics;
    }

    @Override
    public void run() {
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
                int started = 0;
                try {
                    List<QueuedRun> delivered = accepting
                            ? queue.read(settings.nodeId(), settings.groups(), count, READ_BLOCK) : List.of();
                    for (QueuedRun entry : delivered) {
                        if (start(entry)) {
                            started++;
                        }
                    }
                } finally {
                    // Also when Redis or MySQL failed mid-pass: a slot not given back is lost for good.
                    free.release(count - started);
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

    /** Claims and starts one delivered run; true if it took a slot. */
    private boolean start(QueuedRun entry) {
        Optional<Run> found = runs.get(entry.runId());
        if (found.isEmpty() || found.get().status().isFinal()) {
            queue.ack(List.of(entry));
            return false;
        }
        Run run = found.get();
        Optional<Task> task = tasks.get(run.taskId());
        Instant now = clock.instant();
        Claim claim = runs.claim(run.id(), task.map(Task::concurrencyPolicy).orElse(io.redcron.domain.ConcurrencyPolicy.ALLOW),
                settings.nodeId(), now, now.plus(settings.lease()), waitUntil(run), now.plus(FORBID_RECHECK));
        if (claim.result() == Claim.Result.DEFERRED) {
            // Waits for the run in flight; the delayed set brings it back shortly.
            queue.delay(QueuedRun.of(run.group(), run.id()), now.plus(FORBID_RECHECK));
        }
        queue.ack(List.of(entry));
        if (claim.result() != Claim.Result.CLAIMED) {
            return false;
        }
        for (Run replaced : claim.replaced()) {
            publishCancel(replaced.id());
        }
        Run claimed = claim.run();
        if (claimed.trigger() == io.redcron.domain.TriggerType.CRON && claimed.attempt() == 1 && claimed.startedAt() != null) {
            metrics.fireStarted(Duration.between(claimed.scheduledAt(), claimed.startedAt()));
        }
        if (task.isEmpty()) {
            runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING, new RunOutcome(RunStatus.FAILED,
                    clock.instant(), null, "", "task " + run.taskName() + " was deleted before this run started"));
            return false;
        }
        InFlight flight = new InFlight(claimed, task.get());
        inFlight.put(claimed.id(), flight);
        slots.execute(() -> execute(flight));
        return true;
    }

    private void execute(InFlight flight) {
        Run run = flight.run;
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
            finisher.finish(flight, result);
        } catch (RuntimeException e) {
            // The lease then runs out and the reaper records this attempt as lost: nothing vanishes.
            LOG.warn("Run {} attempt {}: could not record the result ({}): {}", run.id(), run.attempt(),
                    result.status(), e.getMessage());
        } finally {
            inFlight.remove(run.id());
            free.release();
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
        stopped = true;
    }

    /**
     * Stops taking runs, lets those in flight finish within {@code grace}, then stops the rest and
     * gives them back to the queue for another node.
     */
    public void drain(Duration grace) {
        accepting = false;
        long deadline = System.nanoTime() + grace.toNanos();
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
