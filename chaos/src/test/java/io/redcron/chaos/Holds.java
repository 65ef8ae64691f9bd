package io.redcron.chaos;

import java.time.Duration;

/** Keeps a fault in place for a while. This waiting is the fault itself, not a synchronisation. */
final class Holds {
    private Holds() {
    }

    static void hold(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while holding a fault", e);
        }
    }
}
