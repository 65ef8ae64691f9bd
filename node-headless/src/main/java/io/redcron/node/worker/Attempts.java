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
 * One attempt on the slot thread it is given: executes it with its task's executor and live
 * output, and hands how it ended to {@link Results}.
 */
final class Attempts {
    private static final Logger LOG = LoggerFactory.getLogger(Attempts.class);

    private final String nodeId;
    private final ExecutorRegistry executors;
    private final LiveLog liveLog;
    private final Results results;
    private final RunsInFlight inFlight;
    private final Clock clock;
    private final NodeMetrics metrics;

    Attempts(String nodeId, ExecutorRegistry executors, LiveLog liveLog, Results results, RunsInFlight inFlight,
             Clock clock, NodeMetrics metrics) {
        this.nodeId = nodeId;
        this.executors = executors;
        this.liveLog = liveLog;
        this.results = results;
        this.inFlight = inFlight;
        this.clock = clock;
        this.metrics = metrics;
    }

    /**
     * Whether the run may execute now: one cancelled after it began and before it got its slot
     * ends here, never run.
     */
    boolean begin(InFlight flight) {
        if (flight.cancellation.isCancelled()) {
            ended(flight, null);
            return false;
        }
        return true;
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
                    run.taskName(), flight.task.payload(), params, flight.task.timeout(), run.shardIndex(),
                    run.shardTotal());
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
