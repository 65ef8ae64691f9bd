package io.redcron.node.worker;

import io.redcron.domain.AttemptEnd;
import io.redcron.domain.AttemptEnding;
import io.redcron.domain.AttemptOutcome;
import io.redcron.domain.OutcomeRules;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertKind;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.worker.execution.ExecutionResult;
import io.redcron.port.EventBus;
import io.redcron.port.FailingTasks;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.DoubleSupplier;

/**
 * The last stage: settles every run that leaves this node. An ended attempt is decided by
 * {@link OutcomeRules} and group-committed, fenced by its attempt number; once written, a retry
 * goes to the delayed set, a run that failed for good to the dead runs (with an alert), and the
 * ends of each batch are announced in one publish. A result this node no longer owns (the run was
 * recovered elsewhere) is refused by the store and only reported. Whether a success ends a run of
 * failures is settled per written batch in one call to {@link FailingTasks}, never per run. A run given back goes to the
 * queue again. Either way the run then leaves {@link RunsInFlight}.
 */
final class Results {
    private static final Logger LOG = LoggerFactory.getLogger(Results.class);

    private final String nodeId;
    private final RunStore runs;
    private final RunQueue queue;
    private final EventBus events;
    private final Clock clock;
    private final DoubleSupplier random;
    private final NodeMetrics metrics;
    private final AlertSink alerts;
    private final RunsInFlight inFlight;
    private final GroupCommit<RunStore.Completion, Boolean> writer;
    private final FailingTasks failing;
    private final Queue<EventBus.Event> finished = new ConcurrentLinkedQueue<>();
    /** Final failures and successes recorded since the last batch was settled (as {@link #finished}). */
    private final Queue<FailingTasks.Failure> failures = new ConcurrentLinkedQueue<>();
    private final Queue<InFlight> successes = new ConcurrentLinkedQueue<>();
    private volatile boolean silenced;

    Results(String nodeId, int maxBatch, RunStore runs, RunQueue queue, EventBus events, Clock clock,
            DoubleSupplier random, NodeMetrics metrics, AlertSink alerts, FailingTasks failing, RunsInFlight inFlight) {
        this.nodeId = nodeId;
        this.runs = runs;
        this.queue = queue;
        this.events = events;
        this.clock = clock;
        this.random = random;
        this.metrics = metrics;
        this.alerts = alerts;
        this.failing = failing;
        this.inFlight = inFlight;
        this.writer = new GroupCommit<>("redcron-results-" + nodeId, maxBatch, runs::completeAll,
                this::afterBatch);
    }

    /** Records how an executed attempt ended. This and the next give the run back if the node is shutting down. */
    void finish(InFlight flight, ExecutionResult result) {
        AttemptEnd.Kind kind = switch (result.status()) {
            case SUCCEEDED -> AttemptEnd.Kind.SUCCEEDED;
            case FAILED -> AttemptEnd.Kind.FAILED;
            case TIMED_OUT -> AttemptEnd.Kind.TIMED_OUT;
            case CANCELLED -> AttemptEnd.Kind.CANCELLED;
        };
        write(flight, kind, result);
    }

    /** Records a claimed run stopped before it began (cancelled while held for its time): it never ran. */
    void endUnstarted(InFlight flight) {
        write(flight, AttemptEnd.Kind.NOT_STARTED, new ExecutionResult(
                io.redcron.node.worker.execution.ExecutionStatus.CANCELLED, null, "",
                flight.cancellation.reason() + " (before it started)", Duration.ZERO));
    }

    /** Gives a claimed run back to the queue for another node (this one is shutting down). */
    void handBack(InFlight flight) {
        flight.handBack = true;
        Run run = flight.run;
        try {
            if (!silenced && runs.handBack(run.id(), run.attempt(), run.claim(), nodeId, clock.instant(),
                    "handed back: node " + nodeId + " shut down")) {
                queue.enqueue(List.of(QueuedRun.of(run.group(), run.id())));
            }
        } finally {
            inFlight.remove(flight);
        }
    }

    /** Gives up a claim that never began, without queueing it; if even that fails, the claim lapses. */
    void release(InFlight flight) {
        Run run = flight.run;
        try {
            runs.handBack(run.id(), run.attempt(), run.claim(), nodeId, clock.instant(),
                    "node " + nodeId + " could not start it");
        } catch (RuntimeException e) {
            LOG.debug("Run {}: could not give its claim back: {}", run.id(), e.getMessage());
        } finally {
            inFlight.remove(flight);
        }
    }

    private void write(InFlight flight, AttemptEnd.Kind kind, ExecutionResult result) {
        if (flight.handBack) {
            handBack(flight);
            return;
        }
        if (silenced) {
            inFlight.remove(flight);
            return;
        }
        Run run = flight.run;
        Instant now = clock.instant();
        AttemptOutcome decided = OutcomeRules.decide(run, flight.task.retry(),
                new AttemptEnd(kind, result.exitCode(), result.error()), now, random);
        RunOutcome outcome = new RunOutcome(decided.status(), now, result.exitCode(), result.output(),
                decided.error(), decided.retryAt(), decided.status() != RunStatus.RETRYING ? null
                : kind == AttemptEnd.Kind.TIMED_OUT ? AttemptEnding.TIMED_OUT : AttemptEnding.FAILED);
        writer.submit(new RunStore.Completion(run.id(), run.attempt(), RunStatus.RUNNING, outcome, flight.startedAt,
                nodeId), new GroupCommit.Done<>() {
                    @Override
                    public void written(Boolean applied) {
                        try {
                            if (!silenced) {
                                recorded(flight, result, decided, outcome, applied);
                            }
                        } finally {
                            inFlight.remove(flight);
                        }
                    }

                    @Override
                    public void failed(RuntimeException error) {
                        // The lease then runs out and the reaper records this attempt as lost: nothing vanishes.
                        LOG.warn("Run {} attempt {}: could not record the result ({}): {}", run.id(), run.attempt(),
                                result.status(), error.getMessage());
                        inFlight.remove(flight);
                    }
                });
    }

    /** What follows a result once it is written (or refused because another node owns the run now). */
    private void recorded(InFlight flight, ExecutionResult result, AttemptOutcome decided, RunOutcome outcome,
                          boolean applied) {
        Run run = flight.run;
        if (!applied) {
            if (flight.startedAt == null) {
                // A claim held for its time that was settled elsewhere first (a task change withdrew it).
                LOG.debug("Run {}: held claim already settled, nothing to record", run.id());
            } else {
                LOG.warn("Run {} attempt {}: result {} not recorded, this node no longer owns the run", run.id(),
                        run.attempt(), result.status());
            }
            return;
        }
        metrics.runFinished(run.taskName(), outcome.status(), result.elapsed());
        if (decided.status() == RunStatus.SUCCEEDED) {
            successes.add(flight);
        }
        QueuedRun queued = QueuedRun.of(run.group(), run.id());
        if (decided.status() == RunStatus.RETRYING) {
            queue.delay(queued, decided.retryAt());
        } else if (decided.deadLetter()) {
            queue.dead(queued, outcome.error(), outcome.finishedAt());
            metrics.deadRun();
            failures.add(new FailingTasks.Failure(fire(run), outcome.status()));
            alerts.raise(Alert.runEnded(outcome.status() == RunStatus.FAILED ? AlertKind.RUN_FAILED
                    : AlertKind.RUN_TIMED_OUT, flight.task, run, outcome.status(), outcome.error(), outcome.exitCode(),
                    outcome.finishedAt()));
        }
        finished.add(new EventBus.Event(EventBus.Event.Kind.RUN_FINISHED, run.id()));
    }

    private static FailingTasks.Fire fire(Run run) {
        return new FailingTasks.Fire(run.taskId(), run.scheduledAt(), run.id());
    }

    /** What follows each written batch, on the writing thread: one call for recoveries, one publish. */
    private void afterBatch() {
        settleFailing();
        announceFinished();
    }

    /**
     * Keeps the batch's final failures and tells which of its successes end a run of failures:
     * one round trip for the whole batch. When it fails, only recovery alerts are lost; a result
     * is never held back for one. Batches written by hand on several threads settle one at a
     * time, so a failure queued before a success is settled no later than it.
     */
    private synchronized void settleFailing() {
        List<FailingTasks.Failure> failed = new ArrayList<>();
        for (FailingTasks.Failure failure = failures.poll(); failure != null; failure = failures.poll()) {
            failed.add(failure);
        }
        Map<FailingTasks.Fire, InFlight> succeeded = new HashMap<>();
        for (InFlight flight = successes.poll(); flight != null; flight = successes.poll()) {
            succeeded.put(fire(flight.run), flight);
        }
        if (failed.isEmpty() && succeeded.isEmpty()) {
            return;
        }
        try {
            for (FailingTasks.Recovery recovery : failing.settle(failed, succeeded.keySet())) {
                InFlight flight = succeeded.get(recovery.success());
                alerts.raise(Alert.recovered(flight.task, flight.run, recovery.cleared().status(), clock.instant()));
            }
        } catch (RuntimeException e) {
            LOG.debug("Could not settle {} failure(s) and {} success(es) for recovery alerts: {}", failed.size(),
                    succeeded.size(), e.getMessage());
        }
    }

    /** Announces the runs recorded since the last call, in one round trip (after each written batch). */
    private void announceFinished() {
        List<EventBus.Event> batch = new ArrayList<>();
        for (EventBus.Event event = finished.poll(); event != null; event = finished.poll()) {
            batch.add(event);
        }
        try {
            events.publishAll(batch);
        } catch (RuntimeException e) {
            LOG.debug("Could not announce the end of {} runs: {}", batch.size(), e.getMessage());
        }
    }

    /** Writes one batch of the outcomes waiting now, on this thread; how many it held. */
    int flush() {
        return writer.flush();
    }

    /** Starts the thread that group-commits outcomes. */
    void start() {
        writer.start();
    }

    /** Records nothing more from now on (the node halted as if it crashed). */
    void halt() {
        silenced = true;
        writer.halt();
    }

    /** Writes the outcomes waiting, then stops the writing thread. */
    void close(Duration wait) {
        writer.close(wait);
    }
}
