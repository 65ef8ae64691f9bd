package io.redcron.bench;

import java.util.Arrays;

/**
 * How late the fires of a measurement window started. A fire that had not started when the
 * measurement ended, or that was never recorded at all, counts with the lateness it had at least
 * by then: leaving it out would flatter a scheduler that falls behind.
 *
 * @param expected fires the window should have had (tasks × seconds)
 * @param started  fires that started
 * @param missing  fires that did not start by the end (never recorded, still waiting, or skipped)
 */
public record Lateness(int expected, int started, int missing, Stats stats) {

    /**
     * @param startedLateness   milliseconds late, one per started fire
     * @param lowerBoundLateness how late a missing fire was at least, when the measurement ended
     */
    public static Lateness of(int expected, long[] startedLateness, long lowerBoundLateness) {
        int missing = Math.max(0, expected - startedLateness.length);
        long[] all = Arrays.copyOf(startedLateness, startedLateness.length + missing);
        Arrays.fill(all, startedLateness.length, all.length, Math.max(0, lowerBoundLateness));
        return new Lateness(expected, startedLateness.length, missing, Stats.of(all));
    }
}
