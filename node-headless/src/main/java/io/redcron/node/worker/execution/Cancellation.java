package io.redcron.node.worker.execution;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Cancels a running execution from another thread (REPLACE policy, an operator's cancel, node
 * drain). The first reason wins; later calls change nothing.
 */
public final class Cancellation {
    private final List<Runnable> callbacks = new ArrayList<>();
    private String reason;

    public void cancel(String reason) {
        List<Runnable> toRun;
        synchronized (this) {
            if (this.reason != null) {
                return;
            }
            this.reason = reason == null || reason.isBlank() ? "cancelled" : reason;
            toRun = List.copyOf(callbacks);
            callbacks.clear();
        }
        // Outside the lock: a callback may kill processes and take a while.
        toRun.forEach(Cancellation::runQuietly);
    }

    public synchronized boolean isCancelled() {
        return reason != null;
    }

    /** Why it was cancelled, or null while it is not. */
    public synchronized String reason() {
        return reason;
    }

    /**
     * Runs {@code callback} once when cancelled, on the cancelling thread; at once, on this
     * thread, if that already happened. Executors close the registration when the run ends.
     */
    public Registration onCancel(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        synchronized (this) {
            if (reason == null) {
                callbacks.add(callback);
                return () -> {
                    synchronized (this) {
                        callbacks.remove(callback);
                    }
                };
            }
        }
        runQuietly(callback);
        return () -> { };
    }

    private static void runQuietly(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            // One executor's failing callback must not keep the others from hearing of it.
        }
    }

    /** Forgets a callback registered with {@link #onCancel}. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
