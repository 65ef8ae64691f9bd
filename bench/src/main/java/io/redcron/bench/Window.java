package io.redcron.bench;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.IntSupplier;

/**
 * The whole seconds a lateness or scale measurement looks at: from the first whole second after
 * a warm-up, for {@code length}. Fires due in it are expected to start within {@link #DRAIN} of
 * its end; those that do not count as missing.
 */
public record Window(Instant start, Instant end) {
    public static final Duration DRAIN = Duration.ofSeconds(10);

    public static Window after(Instant ready, Duration warmUp, Duration length) {
        Instant start = ready.plus(warmUp).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        return new Window(start, start.plus(length));
    }

    public long seconds() {
        return Duration.between(start, end).toSeconds();
    }

    public void awaitStart() {
        sleepUntil(start);
    }

    public void awaitEnd() {
        sleepUntil(end);
    }

    /** Waits after the end until {@code started} reaches {@code expected} or the drain time is over. */
    public void drain(int expected, IntSupplier started) {
        Instant deadline = end.plus(DRAIN);
        while (Instant.now().isBefore(deadline) && started.getAsInt() < expected) {
            NodeProcess.pause(Duration.ofMillis(250));
        }
    }

    private static void sleepUntil(Instant moment) {
        long millis = Duration.between(Instant.now(), moment).toMillis();
        if (millis > 0) {
            NodeProcess.pause(Duration.ofMillis(millis));
        }
    }
}
