package io.redcron.bench;

import io.redcron.handler.TaskHandler;

/** The task of every Redcron run measured here: it does nothing, so only the scheduler's cost shows. */
public final class NoopHandler implements TaskHandler {
    public static final String NAME = "bench-noop";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(io.redcron.handler.TaskContext context) {
        // Nothing: the run's cost is the scheduler's own.
    }
}
