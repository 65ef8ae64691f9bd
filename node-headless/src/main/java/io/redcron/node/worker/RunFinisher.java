package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertKind;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.worker.execution.ExecutionResult;
import io.redcron.port.EventBus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.DoubleSupplier;

/**
 * Decides how an attempt ended and has it written, fenced by the attempt number: a retry with
 * backoff while attempts are left, else the final status (and the dead stream for a failure). A
 * result this node no longer owns (the run was recovered elsewhere) is dropped and reported.
 */
final class RunFinisher {
    private static final Logger LOG = LoggerFactory.getLogger(RunFinisher.class);

    private final String nodeId;
    private final RunStore runs;
    private final RunQueue queue;
    private final EventBus events;
    private final Clock clock;
    private final DoubleSupplier random;
    private final io.redcron.node.metrics.NodeMetrics metrics;
    private final ResultWriter writer;
    private final Queue<EventBus.Event> finished = new ConcurrentLinkedQueue<>();
    private final AlertSink alerts;

    RunFinisher(String nodeId, RunStore runs, ResultWriter writer, RunQueue queue, EventBus events, Clock clock,
                DoubleSupplier random, io.redcron.node.metrics.NodeMetrics metrics, AlertSink alerts) {
        this.nodeId = nodeId;
        this.runs = runs;
        this.writer = writer;
        this.queue = queue;
        this.events = events;
        this.clock = clock;
        this.random = random;
        this.metrics = metrics;
        this.alerts = alerts;
    }

    private volatile boolean silenced;

    /** From now on nothing is recorded (the node halted). */
    void silence() {
        silenced = true;
    }

    /**
     * Records how the attempt ended and calls {@code done} once that is settled (written, refused
     * as stale, or failed: then the lease runs out and the reaper records the attempt as lost).
     * The outcome goes through the batch writer, so {@code done} may run later, on its thread.
     */
    void finish(InFlight flight, ExecutionResult result, Runnable done) {
        if (silenced) {
            done.run();
            return;
        }
        Run run = flight.run;
        Instant now = clock.instant();
        if (flight.handBack) {
            try {
                if (runs.handBack(run.id(), run.attempt(), nodeId, now, "handed back: node " + nodeId + " shut down")) {
                    queue.enqueue(java.util.List.of(QueuedRun.of(run.group(), run.id())));
                }
            } finally {
                done.run();
            }
            return;
        }
        RunOutcome outcome = outcome(flight.task, run, result, now);
        writer.submit(new RunStore.Completion(run.id(), run.attempt(), RunStatus.RUNNING, outcome, flight.startedAt,
                        nodeId),
                new ResultWriter.Callback() {
                    @Override
                    public void written(boolean applied) {
                        try {
                            if (!silenced) {
                                recorded(flight, result, outcome, applied, now);
                            }
                        } finally {
                            done.run();
                        }
                    }

                    @Override
                    public void failed(RuntimeException error) {
                        // The lease then runs out and the reaper records this attempt as lost: nothing vanishes.
                        LOG.warn("Run {} attempt {}: could not record the result ({}): {}", run.id(), run.attempt(),
                                result.status(), error.getMessage());
                        done.run();
                    }
                });
    }

    /** What follows a result once it is written (or refused because another node owns the run now). */
    private void recorded(InFlight flight, ExecutionResult result, RunOutcome outcome, boolean applied, Instant now) {
        Run run = flight.run;
        if (!applied) {
            LOG.warn("Run {} attempt {}: result {} not recorded, this node no longer owns the run", run.id(),
                    run.attempt(), result.status());
            return;
        }
        metrics.runFinished(run.taskName(), outcome.status(), result.elapsed());
        QueuedRun queued = QueuedRun.of(run.group(), run.id());
        if (outcome.status() == RunStatus.RETRYING) {
            queue.delay(queued, outcome.retryAt());
        } else if (outcome.status() == RunStatus.FAILED || outcome.status() == RunStatus.TIMED_OUT) {
            queue.dead(queued, outcome.error(), now);
            metrics.deadRun();
            alerts.raise(Alert.runEnded(outcome.status() == RunStatus.FAILED ? AlertKind.RUN_FAILED
                    : AlertKind.RUN_TIMED_OUT, flight.task, run, outcome.status(), outcome.error(), outcome.exitCode(), now));
        }
        publishFinished(run.id());
    }

    private RunOutcome outcome(Task task, Run run, ExecutionResult result, Instant now) {
        RunStatus status = switch (result.status()) {
            case SUCCEEDED -> RunStatus.SUCCEEDED;
            case CANCELLED -> RunStatus.CANCELLED;
            case TIMED_OUT -> RunStatus.TIMED_OUT;
            case FAILED -> RunStatus.FAILED;
        };
        boolean retryable = status == RunStatus.FAILED || status == RunStatus.TIMED_OUT;
        if (retryable && run.hasAttemptsLeft()) {
            Instant retryAt = now.plus(task.retry().backoffBefore(run.attempt() + 1, random.getAsDouble()));
            String error = result.error() + "; retry " + (run.attempt() - run.lostAttempts()) + " of "
                    + (run.maxAttempts() - 1) + " at " + retryAt;
            return new RunOutcome(RunStatus.RETRYING, now, result.exitCode(), result.output(), error, retryAt);
        }
        return new RunOutcome(status, now, result.exitCode(), result.output(), result.error());
    }

    private void publishFinished(long runId) {
        finished.add(new EventBus.Event(EventBus.Event.Kind.RUN_FINISHED, runId));
    }

    /** Announces the runs recorded since the last call, in one round trip (after each written batch). */
    void announceFinished() {
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
}
