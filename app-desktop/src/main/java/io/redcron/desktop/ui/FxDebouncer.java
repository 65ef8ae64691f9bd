package io.redcron.desktop.ui;

import javafx.animation.PauseTransition;
import javafx.util.Duration;

/** A {@link Debouncer} on the JavaFX clock; use it on the JavaFX thread only. */
public final class FxDebouncer implements Debouncer {
    private final Duration quiet;
    private PauseTransition pause;

    public FxDebouncer(java.time.Duration quiet) {
        this.quiet = Duration.millis(quiet.toMillis());
    }

    @Override
    public void schedule(Runnable action) {
        if (pause == null) {
            pause = new PauseTransition(quiet); // made on first use: the toolkit runs by then
        }
        pause.stop();
        pause.setOnFinished(event -> action.run());
        pause.playFromStart();
    }
}
