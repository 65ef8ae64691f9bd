package io.redcron.node.worker.execution;

import io.redcron.handler.TaskContext;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;

/** A {@link TaskContext} over one execution request. */
final class HandlerContext implements TaskContext {
    private final ExecutionRequest request;
    private final Map<String, String> settings;
    private final PrintStream out;
    private final Cancellation cancellation;
    private volatile boolean stopped;

    HandlerContext(ExecutionRequest request, Map<String, String> settings, PrintStream out, Cancellation cancellation) {
        this.request = request;
        this.settings = Map.copyOf(settings);
        this.out = out;
        this.cancellation = cancellation;
    }

    /** Called on timeout, which the cancellation does not know about. */
    void stop() {
        stopped = true;
    }

    @Override
    public long runId() {
        return request.runId();
    }

    @Override
    public long taskId() {
        return request.taskId();
    }

    @Override
    public int attempt() {
        return request.attempt();
    }

    @Override
    public Instant scheduledAt() {
        return request.scheduledAt();
    }

    @Override
    public Map<String, String> params() {
        return request.params();
    }

    @Override
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public PrintStream out() {
        return out;
    }

    @Override
    public boolean isCancelled() {
        return stopped || cancellation.isCancelled();
    }
}
