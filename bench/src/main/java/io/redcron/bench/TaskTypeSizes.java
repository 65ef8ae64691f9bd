package io.redcron.bench;

import java.time.Duration;
import java.util.List;

/**
 * The sizes of the process and http scenarios, which measure one task type at a time on one node.
 * Quick mode keeps both scenarios within about two and a half minutes: the node is warmed up by a
 * batch of runs and by the throughput measurement itself before lateness is measured, so its
 * lateness windows need a few seconds of warm-up, not the lateness scenario's twenty.
 *
 * @param warmUp         how long a fresh node executes warm-up batches first, not counted: a young
 *                       JVM spends more on compiling its hot path than on the runs
 * @param warmUpRuns     one-off runs per warm-up batch (each further type on the node gets one batch)
 * @param runs           one-off runs per throughput measurement
 * @param firesPerSecond lateness loads: tasks firing every second
 * @param latenessWarmUp from enabling the tasks to the start of the window
 * @param latenessWindow how long each lateness load is measured
 * @param drain          how long after the window a fire may still start before it counts as missing
 * @param ceilingWindow  how long each ceiling is measured
 */
record TaskTypeSizes(Duration warmUp, int warmUpRuns, int runs, List<Integer> firesPerSecond, Duration latenessWarmUp,
                     Duration latenessWindow, Duration drain, Duration ceilingWindow) {

    /** Process runs cost milliseconds each: a few hundred make a measurement. */
    static TaskTypeSizes processes(Mode mode) {
        return isFull(mode)
                ? new TaskTypeSizes(Mode.THROUGHPUT_WARM_UP, 2_000, 10_000, List.of(100, 500), Mode.WARM_UP, Duration.ofSeconds(30),
                        Window.DRAIN, Duration.ofSeconds(10))
                : new TaskTypeSizes(Duration.ofSeconds(8), 60, 200, List.of(100, 500), Duration.ofSeconds(4), Duration.ofSeconds(5),
                        Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    static TaskTypeSizes http(Mode mode) {
        return isFull(mode)
                ? new TaskTypeSizes(Mode.THROUGHPUT_WARM_UP, 10_000, 50_000, List.of(100, 500), Mode.WARM_UP, Duration.ofSeconds(30),
                        Window.DRAIN, Duration.ofSeconds(10))
                : new TaskTypeSizes(Duration.ofSeconds(8), 300, 1_000, List.of(100, 500), Duration.ofSeconds(4), Duration.ofSeconds(5),
                        Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    private static boolean isFull(Mode mode) {
        return mode.name().equals(Mode.full().name());
    }
}
