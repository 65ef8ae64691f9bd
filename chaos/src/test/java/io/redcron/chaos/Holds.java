package io.redcron.chaos;

import java.time.Duration;
import java.time.Instant;

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

    /** Keeps the fault until {@code end}; returns at once if that has passed. */
    static void holdUntil(Instant end) {
        Duration left = Duration.between(Instant.now(), end);
        if (!left.isNegative()) {
            hold(left);
        }
    }
}
