package io.redcron.bench;

import java.time.Duration;
import java.time.Instant;

/** The waiting and measuring that both in-process baselines share. */
final class Baselines {
    private Baselines() {
    }

    /** Waits until the recorder counted {@code runs} executions; a note if it was cut short. */
    static String awaitCompleted(String scheduler, Recorder recorder, int runs, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long nextReport = System.nanoTime();
        while (recorder.completed() < runs) {
            if (System.nanoTime() >= deadline) {
                return "cut short after " + timeout.toSeconds() + " s: " + recorder.completed() + " of " + runs + " ran";
            }
            if (System.nanoTime() >= nextReport) {
                Progress.say(scheduler + ": " + recorder.completed() + "/" + runs + " runs done");
                nextReport = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            }
            NodeProcess.pause(Duration.ofMillis(100));
        }
        return "";
    }

    /** Measures the lateness of the fires due in a window after the warm-up, from now. */
    static Lateness measureLateness(String scheduler, Recorder recorder, int tasks, Duration length) {
        Window window = Window.after(Instant.now(), Mode.WARM_UP, length);
        Progress.say(scheduler + ": " + tasks + " tasks fire every second; measuring " + window);
        window.awaitEnd();
        long from = window.start().toEpochMilli();
        long to = window.end().toEpochMilli();
        int expected = (int) (tasks * window.seconds());
        window.drain(expected, () -> recorder.latenessBetween(from, to).length);
        long lowerBound = Duration.between(window.end(), Instant.now()).toMillis();
        return Lateness.of(expected, recorder.latenessBetween(from, to), lowerBound);
    }
}
