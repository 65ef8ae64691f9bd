package io.redcron.bench;

import java.time.Duration;

/** Progress lines on stderr, so that stdout holds only the results table. */
public final class Progress {
    private static final long START = System.nanoTime();

    private Progress() {
    }

    public static void say(String line) {
        long seconds = Duration.ofNanos(System.nanoTime() - START).toSeconds();
        System.err.printf("[bench %3d:%02d] %s%n", seconds / 60, seconds % 60, line);
        System.err.flush();
    }
}
