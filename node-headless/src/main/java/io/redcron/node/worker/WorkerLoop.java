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
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Reads run ids from the node's groups, claims each in the run store (the only way to own a run),
 * acknowledges the stream entry once the claim is decided, and executes claimed runs on the
 * node's slots. A duplicate delivery finds the run taken and is simply acknowledged.
 *
 * <p>Cron fires arrive ahead of their time (the scheduler's lookahead). Such a run is claimed
 * now when its claim depends on nothing else (policy ALLOW) and held, without a slot, until its
 * scheduled time; a starter thread then gives it a slot. A run whose policy is weighed against
 * the task's other runs keeps its stream entry unacknowledged until its time, and is claimed
 * then. So the database work is done before a fire is due, and it starts on time.
 */
public final class WorkerLoop implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLoop.class);
    private static final Duration READ_BLOCK = Duration.ofMillis(500);
    private static final Duration FORBID_RECHECK = Duration.ofMillis(250);
    /** How long a draining worker waits for its stopped runs to end before it leaves them to the reaper. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

    private final Settings settings;
    private final RunQueue queue;
    private final RunStore runs;
    private final TaskCache tasks;
    private final ResultWriter writer;
    private final StartMarks startMarks;
    private final ExecutorRegistry executors;
    private final LiveLog liveLog;
    private final RunFinisher finisher;
    private final EventBus events;
    private final Clock clock;
    private final SlotThreads slots;
    private final io.redcron.node.metrics.NodeMetrics metrics;
    /** Free slots; fair, so that a held run whose time has come is not starved by the read loop. */
    private final Semaphore free;
    private final Map<Long, InFlight> inFlight = new ConcurrentHashMap<>();
    private final HeldRuns held;
    private final Thread starter;
    private final java.util.concurrent.CountDownLatch loopEnded = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean accepting = true;
    private volatile boolean halted;
    private volatile boolean stopped;

    /**
     * @param misfireThreshold how late a cron run may start before its task's misfire policy
     *                         decides, and how long a run of a FORBID task never attempted may
     *                         wait for the task's run in flight before it is skipped
     * @param prefetch   runs held for their scheduled time at most; when full the loop reads no more
     */
    public record Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration misfireThreshold,
                           Duration taskCacheTtl, int resultBatch, int prefetch) {
        public Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration misfireThreshold,
                        Duration taskCacheTtl, int resultBatch) {
            this(nodeId, groups, slots, lease, misfireThreshold, taskCacheTtl, resultBatch,
                    io.redcron.config.WorkerConfig.DEFAULT_PREFETCH);
        }

        public Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration misfireThreshold) {
            this(nodeId, groups, slots, lease, misfireThreshold, io.redcron.config.WorkerConfig.DEFAULT_TASK_CACHE_TTL,
                    io.redcron.config.WorkerConfig.DEFAULT_RESULT_BATCH);
        }
    }

    public WorkerLoop(Settings settings, RunQueue queue, RunStore runs, TaskStore tasks, ExecutorRegistry executors,
                      LiveLog liveLog, EventBus events, Clock clock, SlotThreads slots,
                      io.redcron.node.metrics.NodeMetrics metrics) {
        this(settings, queue, runs, tasks, executors, liveLog, events, clock, slots, metrics, AlertSink.NONE);
    }

    public WorkerLoop(Settings settings, RunQueue queue, RunStore runs, TaskStore tasks, ExecutorRegistry executors,
                      LiveLog liveLog, EventBus events, Clock clock, SlotThreads slots,
                      io.redcron.node.metrics.NodeMetrics metrics, AlertSink alerts) {
        this.settings = settings;
        this.queue = queue;
        this.runs = runs;
        this.tasks = new TaskCache(tasks, clock, settings.taskCacheTtl());
        this.writer = new ResultWriter(runs, settings.resultBatch(), "redcron-results-" + settings.nodeId(),
                this::announceFinished);
        this.startMarks = new StartMarks(runs, settings.nodeId(), clock, settings.lease(),
                Math.max(1, settings.resultBatch()), "redcron-starts-" + settings.nodeId());
        this.executors = executors;
        this.liveLog = liveLog;
        this.events = events;
        this.clock = clock;
        this.slots = slots;
        this.free = new Semaphore(settings.slots(), true);
        this.held = new HeldRuns(clock, settings.prefetch());
        this.starter = new Thread(this::startHeld, "redcron-starter-" + settings.nodeId());
        this.starter.setDaemon(true);
        this.finisher = new RunFinisher(settings.nodeId(), runs, writer, queue, events, clock, Math::random, metrics,
                alerts);
        this.metrics = metrics;
    }

    @Override
    public void run() {
        starter.start();
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
                if (!held.awaitRoom(READ_BLOCK)) {
                    // Held runs fill the prefetch: read again once some have started.
                    continue;
                }
                // Waits for a free slot in turn, but keeps none while reading and claiming: runs read
                // ahead need no slot until their time, and a held run due meanwhile must not wait
                // for this pass. Runs due now take their slots once claimed.
                if (!free.tryAcquire(READ_BLOCK.toMillis(), TimeUnit.MILLISECONDS)) {
                    continue;
                }
                free.release();
                int count = Math.min(Math.max(1, free.availablePermits()), Math.max(1, held.room()));
                List<QueuedRun> delivered = accepting
                        ? queue.read(settings.nodeId(), settings.groups(), count, READ_BLOCK) : List.of();
                if (!delivered.isEmpty()) {
                    startAll(delivered);
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
     * policy must be weighed are claimed one by one. Runs not yet due are held for their time.
     */
    private void startAll(List<QueuedRun> delivered) {
        List<Long> ids = new ArrayList<>(delivered.size());
        for (QueuedRun entry : delivered) {
            ids.add(entry.runId());
        }
        Instant now = clock.instant();
        RunStore.BatchClaim batch = runs.claimAll(ids, settings.nodeId(), now, now.plus(settings.lease()),
                settings.misfireThreshold());
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
                Optional<InFlight> flight = prepare(claimed, Optional.ofNullable(found.get(claimed.taskId())));
                if (flight.isEmpty()) {
                    continue;
                }
                if (HeldRuns.startsLater(claimed, now)) {
                    flight.get().claimedAhead = true;
                    held.hold(flight.get());
                } else {
                    startNow(flight.get());
                }
            }
        }
        for (QueuedRun entry : oneByOne) {
            Optional<Run> run = waiting(entry);
            if (run.isEmpty()) {
                continue;
            }
            if (HeldRuns.startsLater(run.get(), clock.instant())) {
                // Its policy is weighed when it is due, against the runs in flight then.
                held.hold(entry, run.get().scheduledAt());
            } else {
                claim(entry, run.get()).ifPresent(this::startNow);
            }
        }
    }

    /** The delivered run, if it still waits; a run that is gone or final just has its entry acknowledged. */
    private Optional<Run> waiting(QueuedRun entry) {
        Optional<Run> found = runs.get(entry.runId());
        if (found.isEmpty() || found.get().status().isFinal()) {
            queue.ack(List.of(entry));
            return Optional.empty();
        }
        return found;
    }

    /** Claims one delivered run under its task's concurrency policy; the run to execute, if claimed. */
    private Optional<InFlight> claim(QueuedRun entry, Run run) {
        // Read afresh: this path already costs a few statements, and a FORBID or REPLACE task is
        // often edited while its previous run is in flight, which the next run must then follow
        // even when the task-changed event was lost.
        Optional<Task> task = tasks.fresh(run.taskId());
        Instant now = clock.instant();
        Claim claim = runs.claim(run.id(), settings.nodeId(), now, now.plus(settings.lease()),
                settings.misfireThreshold(), now.plus(FORBID_RECHECK));
        if (claim.result() == Claim.Result.DEFERRED) {
            // Waits for the run in flight; the delayed set brings it back shortly.
            queue.delay(QueuedRun.of(run.group(), run.id()), now.plus(FORBID_RECHECK));
        }
        if (claim.result() != Claim.Result.CLAIMED) {
            queue.ack(List.of(entry));
            return Optional.empty();
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
        Optional<InFlight> flight = prepare(claim.run(), task);
        // Claimed a moment before its time (the starter woke early): it begins when marked, like a held run.
        flight.ifPresent(claimed -> claimed.claimedAhead = HeldRuns.startsLater(claim.run(), now));
        return flight;
    }

    /**
     * Makes a run this node has just claimed its own (in flight: its lease is renewed, a cancel
     * reaches it); a run whose task was deleted ends here, failed.
     */
    private Optional<InFlight> prepare(Run claimed, Optional<Task> task) {
        if (task.isEmpty()) {
            RunOutcome failed = new RunOutcome(RunStatus.FAILED, clock.instant(), null, "",
                    tasks.whyMissing(claimed.taskId(), claimed.taskName()));
            runs.completeAll(List.of(new RunStore.Completion(claimed.id(), claimed.attempt(), RunStatus.RUNNING, failed,
                    null, settings.nodeId())));
            return Optional.empty();
        }
        InFlight flight = new InFlight(claimed, task.get());
        inFlight.put(claimed.id(), flight);
        return Optional.of(flight);
    }

    /**
     * Starts a claimed run that is due now once a slot is free (in turn with held runs); a run
     * still waiting for a slot when the node stops is handed back.
     */
    private void startNow(InFlight flight) {
        try {
            while (!free.tryAcquire(READ_BLOCK.toMillis(), TimeUnit.MILLISECONDS)) {
                if (!accepting) {
                    handBack(flight);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            handBack(flight);
            return;
        }
        if (!dispatch(flight)) {
            free.release();
        }
    }

    /** Hands a run to a slot thread, which releases the slot when done; false if the node stopped. */
    private boolean dispatch(InFlight flight) {
        try {
            slots.execute(() -> execute(flight));
            return true;
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // The node stopped meanwhile: give the run back rather than leave it to its lease.
            handBack(flight);
            return false;
        }
    }

    /**
     * The starter: takes each held run when its time comes, waits for a free slot (fair, so the
     * read loop does not starve it) and starts it; a held entry is claimed then, on its slot.
     */
    private void startHeld() {
        while (true) {
            HeldRuns.Held next;
            try {
                next = held.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                free.acquire();
            } catch (InterruptedException e) {
                release(next);
                return;
            }
            try {
                if (next.flight != null) {
                    if (!dispatch(next.flight)) {
                        free.release();
                    }
                } else {
                    slots.execute(() -> claimAndExecute(next.entry));
                }
            } catch (RuntimeException e) {
                // Rejected: the node is stopping. The entry stays unacknowledged for the reaper.
                free.release();
                LOG.debug("Held run {} not started: {}", next.runId, e.getMessage());
            }
        }
    }

    /** On a slot the starter took: claims a held entry now that it is due, and runs it if claimed. */
    private void claimAndExecute(QueuedRun entry) {
        Optional<InFlight> flight = Optional.empty();
        try {
            flight = waiting(entry).flatMap(run -> claim(entry, run));
        } catch (RuntimeException e) {
            // Unacknowledged, the entry is handed back by the reaper: nothing is lost.
            LOG.warn("Run {}: could not claim it at its time: {}", entry.runId(), e.getMessage());
        }
        if (flight.isPresent()) {
            execute(flight.get());
        } else {
            free.release();
        }
    }

    /** A held run that will not start here: a claimed one is handed back, an entry queued again. */
    private void release(HeldRuns.Held run) {
        if (halted) {
            return;
        }
        try {
            if (run.flight != null) {
                handBack(run.flight);
            } else {
                queue.enqueue(List.of(QueuedRun.of(run.entry.group(), run.entry.runId())));
                queue.ack(List.of(run.entry));
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not hand back held run {}; it is recovered when its lease runs out: {}", run.runId,
                    e.getMessage());
        }
    }

    private void handBack(InFlight flight) {
        flight.handBack = true;
        finisher.finish(flight, null, () -> inFlight.remove(flight.run.id()));
    }

    private void announceFinished() {
        finisher.announceFinished();
    }

    /**
     * The task changed or was deleted: its next run reads it again, and a cron run held here for
     * a time the task no longer fires at (disabled, deleted, another schedule) ends before it
     * starts. The change itself recorded the withdrawal (it asked for the cancel); this is the
     * worker doing it.
     */
    public void taskChanged(long taskId) {
        tasks.invalidate(taskId);
        Instant now = clock.instant();
        List<InFlight> waitingForTheirTime = new ArrayList<>();
        for (InFlight flight : inFlight.values()) {
            if (flight.run.taskId() == taskId && flight.startedAt == null
                    && flight.run.trigger() == io.redcron.domain.TriggerType.CRON && flight.run.scheduledAt().isAfter(now)) {
                waitingForTheirTime.add(flight);
            }
        }
        if (waitingForTheirTime.isEmpty()) {
            return;
        }
        Optional<Task> task;
        try {
            task = tasks.fresh(taskId);
        } catch (RuntimeException e) {
            LOG.warn("Task {} changed, but could not be read to check the runs held for it: {}", taskId, e.getMessage());
            return;
        }
        for (InFlight flight : waitingForTheirTime) {
            if (task.isEmpty() || !task.get().firesAt(flight.run.scheduledAt())) {
                stop(flight, "withdrawn: the task was changed before this fire was due");
            }
        }
    }

    /**
     * Executes a run on the slot thread this is called on; its slot is released once the result
     * is handed over (which, for a java handler given up on, happens while this thread is still
     * held by it: the slot pool then makes another thread).
     */
    private void execute(InFlight flight) {
        Run run = flight.run;
        // Every log line written while this slot works on the run names it (logback's %X{runId}).
        MDC.put("runId", Long.toString(run.id()));
        try {
            if (flight.cancellation.isCancelled()) {
                // Cancelled while it was held for its time: it ends without having run at all.
                ended(flight, notStarted(flight));
            } else {
                executeNow(flight);
            }
        } finally {
            MDC.remove("runId");
        }
    }

    /** Records how a run ended and frees its slot; called once per executed run. */
    private void ended(InFlight flight, ExecutionResult result) {
        Run run = flight.run;
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
        }
    }

    private void executeNow(InFlight flight) {
        Run run = flight.run;
        if (flight.claimedAhead && !begin(flight)) {
            return;
        }
        Instant startedAt = clock.instant();
        flight.startedAt = startedAt;
        if (run.trigger() == io.redcron.domain.TriggerType.CRON && run.attempt() == 1) {
            metrics.fireStarted(Duration.between(run.scheduledAt(), startedAt));
        }
        LOG.debug("Run {} attempt {} of task '{}' starting", run.id(), run.attempt(), run.taskName());
        ExecutionRequest request;
        try {
            Map<String, String> params = new HashMap<>(flight.task.params());
            params.putAll(run.params());
            request = new ExecutionRequest(run.id(), run.taskId(), run.attempt(), run.scheduledAt(),
                    run.taskName(), flight.task.payload(), params, flight.task.timeout());
        } catch (RuntimeException e) {
            ended(flight, new ExecutionResult(ExecutionStatus.FAILED, null, "", "node " + settings.nodeId()
                    + " could not run it: " + e.getMessage(), Duration.ZERO));
            return;
        }
        SlotThreads.Handover handover = slots.handover(result -> ended(flight, result));
        executors.execute(request, liveLog.open(run.id()), flight.cancellation, handover);
        handover.slotReturned();
    }

    /**
     * Marks a run claimed ahead as begun before it executes (its claim becomes an attempt). A run
     * whose mark is refused (cancelled meanwhile, or no longer this node's) ends here, never run;
     * one whose mark could not be written is left to its lease: the claim is released then.
     */
    private boolean begin(InFlight flight) {
        try {
            if (startMarks.begin(flight.run.id(), flight.run.attempt())) {
                return true;
            }
            flight.cancellation.cancel("cancelled, or no longer held by node " + settings.nodeId());
            ended(flight, notStarted(flight));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(flight);
        } catch (RuntimeException e) {
            LOG.warn("Run {}: could not mark it started, so it does not start here: {}", flight.run.id(),
                    e.getMessage());
            release(flight);
        }
        return false;
    }

    /** Gives back a claim that never began, freeing its slot; if even that fails, the claim lapses. */
    private void release(InFlight flight) {
        try {
            runs.handBack(flight.run.id(), flight.run.attempt(), settings.nodeId(), clock.instant(),
                    "node " + settings.nodeId() + " could not start it");
        } catch (RuntimeException e) {
            LOG.debug("Run {}: could not give its claim back: {}", flight.run.id(), e.getMessage());
        } finally {
            inFlight.remove(flight.run.id());
            free.release();
        }
    }

    /** A claimed run stopped before it began (cancelled while held for its time): it never ran. */
    private static ExecutionResult notStarted(InFlight flight) {
        return new ExecutionResult(ExecutionStatus.CANCELLED, null, "", flight.cancellation.reason()
                + " (before it started)", Duration.ZERO);
    }

    /** Ends a held run that was cancelled before its time, at once and without a slot. */
    private void endHeld(InFlight flight) {
        try {
            finisher.finish(flight, notStarted(flight), () -> inFlight.remove(flight.run.id()));
        } catch (RuntimeException e) {
            // The lease then runs out and the reaper records the attempt as lost (cancelled).
            LOG.warn("Run {}: could not record its cancellation: {}", flight.run.id(), e.getMessage());
            inFlight.remove(flight.run.id());
        }
    }

    /** Renews the leases of the runs in flight; a run this node lost is stopped here. */
    public void renewLeases() {
        Instant now = clock.instant();
        // Renewals come every third of the lease. A run claimed ahead and not started yet is
        // renewed only once less than two thirds are left: it still never has less than a third,
        // and the thousands of runs held under a high fire rate cost no statement each per round.
        Instant fresh = now.plus(settings.lease().multipliedBy(2).dividedBy(3));
        for (InFlight flight : inFlight.values()) {
            if (flight.startedAt == null && flight.leaseUntil.isAfter(fresh)) {
                continue;
            }
            try {
                Instant leaseUntil = now.plus(settings.lease());
                if (runs.renewLease(flight.run.id(), flight.run.attempt(), settings.nodeId(), leaseUntil)) {
                    flight.leaseUntil = leaseUntil;
                } else {
                    stop(flight, "node " + settings.nodeId() + " no longer owns this run");
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
            stop(flight, reason);
        }
    }

    /** Stops a running run; one still held for its time ends at once, never executed. */
    private void stop(InFlight flight, String reason) {
        flight.cancellation.cancel(reason);
        held.withdraw(flight.run.id()).ifPresent(withdrawn -> endHeld(withdrawn.flight));
    }

    /** Runs executing now (not those claimed and held for their time). */
    public int running() {
        return Math.max(0, inFlight.size() - held.claimed());
    }

    /**
     * Stops at once, recording nothing more, as if the node's machine had died: runs in flight are
     * killed and their leases left to run out, so the leader's reaper recovers them. For tests of
     * recovery, and for a node that must get out of the way immediately.
     */
    public void halt() {
        accepting = false;
        halted = true;
        finisher.silence();
        starter.interrupt();
        held.drain();
        for (InFlight flight : inFlight.values()) {
            flight.cancellation.cancel("node " + settings.nodeId() + " halted");
        }
        slots.shutdownNow();
        startMarks.close();
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
            // Held runs have not started: they go back at once, for another node to run on time.
            starter.interrupt();
            starter.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (HeldRuns.Held run : held.drain()) {
            release(run);
        }
        while (!inFlight.isEmpty() && System.nanoTime() < deadline) {
            pause(100);
        }
        for (InFlight flight : inFlight.values()) {
            flight.handBack = true;
            flight.cancellation.cancel("node " + settings.nodeId() + " is shutting down");
        }
        // Every run has its result handed over by then, even one whose java handler ignores its
        // stop (given up on after the kill grace); such a thread is not waited for.
        long stopDeadline = System.nanoTime() + STOP_WAIT.toNanos();
        while (!inFlight.isEmpty() && System.nanoTime() < stopDeadline) {
            pause(50);
        }
        if (!inFlight.isEmpty()) {
            LOG.warn("{} run(s) did not stop in time; their leases will run out and they will be recovered",
                    inFlight.size());
        }
        slots.shutdown();
        startMarks.close();
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
