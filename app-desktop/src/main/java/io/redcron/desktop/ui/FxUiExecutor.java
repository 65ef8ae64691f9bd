package io.redcron.desktop.ui;

import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** Runs work on a small pool of daemon threads and reports back on the JavaFX thread. */
public final class FxUiExecutor implements UiExecutor, AutoCloseable {
    private final ExecutorService pool;

    public FxUiExecutor() {
        AtomicInteger count = new AtomicInteger();
        pool = Executors.newFixedThreadPool(4, runnable -> {
            Thread thread = new Thread(runnable, "redcron-desktop-io-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Runs {@code work} off the JavaFX thread. Once closed (the app is closing its connection),
     * work is dropped: a screen's timer that fires meanwhile has nothing left to read from.
     */
    @Override
    public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        try {
            pool.execute(() -> {
                try {
                    T result = work.call();
                    Platform.runLater(() -> onSuccess.accept(result));
                } catch (Exception e) {
                    Platform.runLater(() -> onFailure.accept(e));
                }
            });
        } catch (RejectedExecutionException closed) {
            // closed: see above
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
