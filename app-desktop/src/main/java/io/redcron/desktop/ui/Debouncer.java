package io.redcron.desktop.ui;

/**
 * Runs an action once things have settled: each call replaces the action still waiting, so a
 * burst of keystrokes leads to one store look-up, for the last text. View-models take this seam so
 * that their tests run the action at once ({@link #immediate()}) or when they choose.
 */
public interface Debouncer {

    /** Runs {@code action} on the JavaFX thread after a quiet spell, unless another call comes first. */
    void schedule(Runnable action);

    /** Runs every action at once, on the calling thread: no quiet spell. */
    static Debouncer immediate() {
        return Runnable::run;
    }
}
