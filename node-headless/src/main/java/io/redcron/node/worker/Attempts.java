package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.TriggerType;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.worker.execution.ExecutionRequest;
import io.redcron.node.worker.execution.ExecutionResult;
import io.redcron.node.worker.execution.ExecutionStatus;
import io.redcron.node.worker.execution.ExecutorRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One attempt on the slot thread it is given: begins it (a run claimed ahead becomes an attempt
 * only once its start is marked), executes it with its task's executor and live output, and hands
 * how it ended to {@link Results}.
 */
final class Attempts {
    private static final Logger LOG = LoggerFactory.getLogger(Attempts.class);

    private final String nodeId;
    private final ExecutorRegistry executors;
    private final LiveLog liveLog;
    private final StartMarks startMarks;
    private final Results results;
    private final RunsInFlight inFlight;
    private final Clock clock;
    private final NodeMetrics metrics;

    Attempts(String nodeId, ExecutorRegistry executors, LiveLog liveLog, StartMarks startMarks, Results results,
             RunsInFlight inFlight, Clock clock, NodeMetrics metrics) {
        this.nodeId = nodeId;
        this.executors = executors;
        this.liveLog = liveLog;
        this.startMarks = startMarks;
        this.results = results;
        this.inFlight = inFlight;
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * Whether the run may execute now. A run cancelled while it was held, or whose start mark is
     * refused (cancelled meanwhile, or no longer this node's), ends here, never run; one whose mark
     * could not be written has its claim released. False in both cases: nothing more to do.
     */
    boolean begin(InFlight flight) {
        if (flight.cancellation.isCancelled()) {
            ended(flight, null);
            return false;
        }
        if (!flight.claimedAhead) {
            return true;
        }
        try {
            if (startMarks.begin(flight.run.id(), flight.run.attempt())) {
                return true;
            }
            flight.cancellation.cancel("cancelled, or no longer held by node " + nodeId);
            ended(flight, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            results.release(flight);
        } catch (RuntimeException e) {
            LOG.warn("Run {}: could not mark it started, so it does not start here: {}", flight.run.id(),
                    e.getMessage());
            results.release(flight);
        }
        return false;
    }

    /** Executes a begun run; {@code ended} gets its result, once, on this thread or (given up on) another. */
    void execute(InFlight flight, Consumer<ExecutionResult> ended) {
        Run run = flight.run;
        Instant startedAt = clock.instant();
        flight.startedAt = startedAt;
        if (run.trigger() == TriggerType.CRON && run.attempt() == 1) {
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
            ended.accept(new ExecutionResult(ExecutionStatus.FAILED, null, "", "node " + nodeId
                    + " could not run it: " + e.getMessage(), Duration.ZERO));
            return;
        }
        executors.execute(request, liveLog.open(run.id()), flight.cancellation, ended::accept);
    }

    /** Hands how a run ended on to the results; {@code result} null: stopped before it began. */
    void ended(InFlight flight, ExecutionResult result) {
        Run run = flight.run;
        try {
            liveLog.close(run.id());
            // The run stays in flight (its lease renewed) until its result is written.
            if (result == null) {
                results.endUnstarted(flight);
            } else {
                results.finish(flight, result);
            }
        } catch (RuntimeException e) {
            // The lease then runs out and the reaper records this attempt as lost: nothing vanishes.
            LOG.warn("Run {} attempt {}: could not record the result ({}): {}", run.id(), run.attempt(),
                    result == null ? "not started" : result.status(), e.getMessage());
            inFlight.remove(flight);
        }
    }
}
