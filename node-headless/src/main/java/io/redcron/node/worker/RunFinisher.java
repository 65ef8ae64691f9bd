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
import java.util.function.DoubleSupplier;

/**
 * Writes how an attempt ended, fenced by the attempt number: a retry with backoff while attempts
 * are left, else the final status (and the dead stream for a failure). A result this node no
 * longer owns (the run was recovered elsewhere) is dropped and reported.
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
    private final AlertSink alerts;

    RunFinisher(String nodeId, RunStore runs, RunQueue queue, EventBus events, Clock clock, DoubleSupplier random,
                io.redcron.node.metrics.NodeMetrics metrics, AlertSink alerts) {
        this.nodeId = nodeId;
        this.runs = runs;
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

    void finish(InFlight flight, ExecutionResult result) {
        if (silenced) {
            return;
        }
        Run run = flight.run;
        Instant now = clock.instant();
        QueuedRun queued = QueuedRun.of(run.group(), run.id());
        if (flight.handBack) {
            if (runs.handBack(run.id(), run.attempt(), nodeId, now, "handed back: node " + nodeId + " shut down")) {
                queue.enqueue(java.util.List.of(queued));
            }
            return;
        }
        RunOutcome outcome = outcome(flight.task, run, result, now);
        if (!runs.complete(run.id(), run.attempt(), RunStatus.RUNNING, outcome)) {
            LOG.warn("Run {} attempt {}: result {} not recorded, this node no longer owns the run", run.id(),
                    run.attempt(), result.status());
            return;
        }
        metrics.runFinished(run.taskName(), outcome.status(), result.elapsed());
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
        try {
            events.publish(new EventBus.Event(EventBus.Event.Kind.RUN_FINISHED, runId));
        } catch (RuntimeException e) {
            LOG.debug("Could not announce the end of run {}: {}", runId, e.getMessage());
        }
    }
}
