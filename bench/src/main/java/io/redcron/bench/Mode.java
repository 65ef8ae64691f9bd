package io.redcron.bench;

import java.time.Duration;
import java.util.List;

/**
 * The sizes of one benchmark run. Quick mode takes minutes on a laptop; full mode uses the sizes
 * the performance goals are stated in.
 *
 * @param runs           one-off runs per throughput measurement
 * @param warmUpRuns     one-off runs each scheduler executes first in the same process(es), not
 *                       counted, so that JIT compilation of a fresh JVM does not count
 * @param workerCounts   Redcron worker processes to measure throughput with (1 and 2 for the
 *                       comparison, 4 for the scaling curve)
 * @param firesPerSecond lateness loads: tasks firing every second
 * @param latenessWindow how long each lateness load is measured, after a warm-up
 * @param taskCounts     enabled tasks for the scale scenario (100 of them fire every second)
 * @param scaleWindow    how long the leader's CPU is measured at each size
 * @param ceilingWindow  how long each ceiling is measured
 * @param phaseTimeout   the longest any one measurement may take before it is cut short (and said so)
 */
public record Mode(String name, int runs, int warmUpRuns, List<Integer> workerCounts, List<Integer> firesPerSecond,
                   Duration latenessWindow, List<Integer> taskCounts, Duration scaleWindow, Duration ceilingWindow,
                   Duration phaseTimeout) {

    /**
     * A warm-up before lateness windows, under the same load, so that start-up and JIT do not
     * count: a fresh JVM keeps compiling its hot path for some 20 s, on the cores it measures on.
     */
    public static final Duration WARM_UP = Duration.ofSeconds(20);
    /**
     * How long every scheduler executes throughput warm-up batches, at least, in the process(es)
     * then measured (a baseline's last batch is cut off then).
     */
    public static final Duration THROUGHPUT_WARM_UP = Duration.ofSeconds(30);
    /** Tasks of the scale scenario that fire every second; the rest fire once a year. */
    public static final int FIRING_TASKS = 100;

    public static Mode quick() {
        // Scale windows of 10 s: with a million tasks to write and list, longer ones would not keep the
        // scale scenario within a few minutes.
        return new Mode("quick", 50_000, 20_000, List.of(1, 2), List.of(100, 1_000, 5_000, 10_000), Duration.ofSeconds(15),
                List.of(1_000, 10_000, 100_000, 1_000_000), Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(90));
    }

    public static Mode full() {
        return new Mode("full", 100_000, 50_000, List.of(1, 2, 4), List.of(100, 1_000, 5_000, 10_000), Duration.ofSeconds(60),
                List.of(1_000, 10_000, 100_000, 1_000_000), Duration.ofSeconds(60), Duration.ofSeconds(20), Duration.ofMinutes(20));
    }

    public Mode withWorkerCounts(List<Integer> value) {
        return new Mode(name, runs, warmUpRuns, List.copyOf(value), firesPerSecond, latenessWindow, taskCounts, scaleWindow,
                ceilingWindow, phaseTimeout);
    }

    public Mode withFiresPerSecond(List<Integer> value) {
        return new Mode(name, runs, warmUpRuns, workerCounts, List.copyOf(value), latenessWindow, taskCounts, scaleWindow,
                ceilingWindow, phaseTimeout);
    }

    public Mode withTaskCounts(List<Integer> value) {
        return new Mode(name, runs, warmUpRuns, workerCounts, firesPerSecond, latenessWindow, List.copyOf(value), scaleWindow,
                ceilingWindow, phaseTimeout);
    }

    public Mode withRuns(int value) {
        return new Mode(name, value, Math.min(warmUpRuns, value), workerCounts, firesPerSecond, latenessWindow, taskCounts, scaleWindow,
                ceilingWindow, phaseTimeout);
    }
}
