package io.redcron.node.worker;

import io.redcron.node.alert.AlertSink;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.EventBus;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The worker role: wires its stages, starts and stops them. Runs flow one way:
 * {@link Intake} (read, claim, acknowledge) → {@link HeldRuns} until their time, started by
 * {@link HeldRunStarter} → {@link Slots} (one {@link Attempts attempt} per slot thread) →
 * {@link Results} (decide and group-commit). Beside them, {@link LeaseKeeper} renews the leases of
 * the runs in flight and {@link RunStops} stops runs on a cancel, a lost lease or a task change.
 *
 * <p>Cron fires arrive ahead of their time (the scheduler's lookahead). Every run is claimed as
 * it is read, whatever its task's policy; a claim is an attempt at once only for a run due now
 * whose rules need no weighing. Any other claim is held, without a slot, until its time, and then
 * begun under its task's rules as they are then ({@link Begins}: one store call for every run due
 * at once). So the work of reading and claiming is done before a fire is due, one statement is
 * left at its time, and it starts on time.
 *
 * <p>{@link #run} runs intake on the calling thread and starts the others' threads. A worker that
 * is not run can be driven by hand, one step at a time ({@link #takeOnce}, {@link #startDue},
 * {@link #renewLeases}); its results are then written at once.
 */
public final class WorkerLoop implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLoop.class);
    /** How long a draining worker waits for its stopped runs to end before it leaves them to the reaper. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);
    private static final Duration THREAD_WAIT = Duration.ofSeconds(5);
    /**
     * Threads beginning held runs. Runs due at the same time (every task on the same cron second)
     * are begun in batches (of {@code worker.result-batch}, 256 by default), each one round of
     * statements: four threads begin a thousand side by side, where with one the last batch waited
     * for the three before it (measured at 1,000 fires/s: p99 lateness 65 ms with four, 75 to 105
     * ms with three). Begins of a task's runs queue on its row's lock whatever thread makes them.
     * Few, for each holds a database connection while it begins.
     */
    static final int STARTERS = 4;

    private final Settings settings;
    private final RunsInFlight inFlight = new RunsInFlight();
    private final HeldRuns held;
    private final Results results;
    private final Slots slots;
    private final HeldRunStarter starter;
    private final Intake intake;
    private final RunStops stops;
    private final LeaseKeeper leases;
    private final List<Thread> starterThreads = new ArrayList<>();
    private final CountDownLatch intakeEnded = new CountDownLatch(1);
    private volatile boolean running;
    private volatile boolean stopped;

    /**
     * @param misfireThreshold how late a cron run may start before its task's misfire policy
     *                         decides, and how long a run of a FORBID task never attempted may
     *                         wait for the task's run in flight before it is skipped
     * @param prefetch   runs held for their scheduled time at most; when full, intake reads no more
     */
    public record Settings(String nodeId, Set<String> groups, int slots, Duration lease, Duration misfireThreshold,
                           Duration taskCacheTtl, int resultBatch, int prefetch) {
    }

    public WorkerLoop(Settings settings, RunQueue queue, RunStore runs, TaskStore taskStore,
                      ExecutorRegistry executors, LiveLog liveLog, EventBus events, Clock clock, SlotThreads threads,
                      NodeMetrics metrics, AlertSink alerts, io.redcron.port.FailingTasks failing) {
        this.settings = settings;
        String node = settings.nodeId();
        int batch = Math.max(1, settings.resultBatch());
        TaskCache tasks = new TaskCache(taskStore, clock, settings.taskCacheTtl());
        this.held = new HeldRuns(clock, settings.prefetch());
        // A run of a task ended here: the task's runs deferred behind it are tried again at once.
        inFlight.onExecutedRunLeft(flight -> held.taskRunEnded(flight.run.taskId()));
        // Built from the last stage to the first: each gets only the ones runs flow on to.
        this.results = new Results(node, batch, runs, queue, events, clock, Math::random, metrics, alerts, failing, inFlight);
        this.slots = new Slots(settings.slots(), threads,
                new Attempts(node, executors, liveLog, results, inFlight, clock, metrics), results);
        Claims claims = new Claims(settings, runs, queue, tasks, inFlight, clock);
        this.starter = new HeldRunStarter(held, slots, claims, new Begins(settings, runs, events, clock), queue, results,
                inFlight, batch);
        this.intake = new Intake(settings, queue, claims, held, slots, results, clock);
        this.stops = new RunStops(inFlight, held, tasks, results);
        this.leases = new LeaseKeeper(node, settings.lease(), runs, inFlight, stops, clock);
        for (int i = 1; i <= STARTERS; i++) {
            Thread thread = new Thread(starter, "redcron-starter-" + node + "-" + i);
            thread.setDaemon(true);
            starterThreads.add(thread);
        }
    }

    /** Starts the stages' threads and runs intake on this one until the worker stops. */
    @Override
    public void run() {
        try {
            synchronized (this) {
                if (stopped) {
                    return;
                }
                running = true;
                results.start();
                starterThreads.forEach(Thread::start);
            }
            intake.run();
        } finally {
            intakeEnded.countDown();
        }
    }

    /** One intake pass by hand: reads, claims and passes on what free slots and room allow; entries read. */
    public int takeOnce() throws InterruptedException {
        return intake.takeOnce();
    }

    /** Starts by hand the held runs whose time has come; how many were started. */
    public int startDue() {
        return starter.startDue();
    }

    /** Renews the leases of the runs in flight; a run this node lost is stopped here. */
    public void renewLeases() {
        leases.renewOnce();
    }

    /** The task changed or was deleted: re-read it, and withdraw held fires it no longer has. */
    public void taskChanged(long taskId) {
        stops.taskChanged(taskId);
    }

    /** Stops a run in flight here, if it is (an operator's cancel, or the REPLACE policy). */
    public void cancel(long runId, String reason) {
        stops.cancel(runId, reason);
    }

    /**
     * An operator's drain: while {@code drain}, the worker takes no more runs; those it holds for
     * their time still start then, and every run it has goes on to its end.
     */
    public void pauseIntake(boolean drain) {
        intake.pause(drain);
    }

    /** Every run this worker has: running, or claimed and held for its time. */
    public int inFlight() {
        return inFlight.size();
    }

    /** The runs that began executing here and have not ended, for the checks that watch them. */
    java.util.List<InFlight> executing() {
        return inFlight.all().stream().filter(flight -> flight.startedAt != null && !flight.handBack).toList();
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
    public synchronized void halt() {
        intake.stop();
        results.halt();
        starterThreads.forEach(Thread::interrupt);
        starter.halt();
        for (InFlight flight : inFlight.all()) {
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
        intake.stop();
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            if (running) {
                // A pass under way may still be starting runs it has claimed: let it hand them over first.
                intakeEnded.await(Intake.READ_BLOCK.plus(grace).toMillis(), TimeUnit.MILLISECONDS);
            }
            // Held runs have not started: they go back at once, for another node to run on time.
            starterThreads.forEach(Thread::interrupt);
            for (Thread thread : starterThreads) {
                thread.join(THREAD_WAIT.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        starter.releaseAll();
        inFlight.awaitEmpty(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        for (InFlight flight : inFlight.all()) {
            flight.handBack = true;
            flight.cancellation.cancel("node " + settings.nodeId() + " is shutting down");
        }
        // Every run has its result handed over by then, even one whose java handler ignores its
        // stop (given up on after the kill grace); such a thread is not waited for.
        if (!inFlight.awaitEmpty(STOP_WAIT)) {
            LOG.warn("{} run(s) did not stop in time; their leases will run out and they will be recovered",
                    inFlight.size());
        }
        slots.shutdown();
        results.close(STOP_WAIT);
        stopped = true;
    }

    public boolean isStopped() {
        return stopped;
    }
}
