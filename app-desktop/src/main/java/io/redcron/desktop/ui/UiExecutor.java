package io.redcron.desktop.ui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The one way the desktop does slow work: {@code work} runs off the JavaFX thread, and exactly one
 * of the callbacks runs on it afterwards. View-models depend on this seam, so their tests run the
 * work synchronously ({@link #direct()}) while the app never blocks its window on a store call.
 */
public interface UiExecutor {

    <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure);

    /** Runs everything at once on the calling thread; for tests. */
    static UiExecutor direct() {
        return new UiExecutor() {
            @Override
            public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
                T result;
                try {
                    result = work.call();
                } catch (Exception e) {
                    onFailure.accept(e);
                    return;
                }
                onSuccess.accept(result);
            }
        };
    }
}
