package io.redcron.node.worker.execution;

import io.redcron.handler.TaskContext;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

/** A {@link TaskContext} over one execution request. */
final class HandlerContext implements TaskContext {
    private final ExecutionRequest request;
    private final Map<String, String> settings;
    private final Supplier<PrintStream> openOut;
    private final Cancellation cancellation;
    /** Made on first use: most handlers print nothing, and a PrintStream costs buffers and an encoder. */
    private PrintStream out;
    private volatile boolean stopped;

    HandlerContext(ExecutionRequest request, Map<String, String> settings, Supplier<PrintStream> openOut,
                   Cancellation cancellation) {
        this.request = request;
        this.settings = Map.copyOf(settings);
        this.openOut = openOut;
        this.cancellation = cancellation;
    }

    /** Pushes what the handler printed through to the sink (nothing to do if it never asked for out). */
    synchronized void flush() {
        if (out != null) {
            out.flush();
        }
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
    public int shardIndex() {
        return request.shardIndex();
    }

    @Override
    public int shardTotal() {
        return request.shardTotal();
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
    public synchronized PrintStream out() {
        if (out == null) {
            out = openOut.get();
        }
        return out;
    }

    @Override
    public boolean isCancelled() {
        return stopped || cancellation.isCancelled();
    }
}
