package io.redcron.bench;

import java.util.Arrays;

/** Percentiles of a sample of durations in milliseconds (nearest rank, as latency reports use). */
public record Stats(int count, double p50, double p95, double p99, double max) {

    public static Stats of(long[] millis) {
        if (millis.length == 0) {
            return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        long[] sorted = millis.clone();
        Arrays.sort(sorted);
        return new Stats(sorted.length, percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99),
                sorted[sorted.length - 1]);
    }

    /** The smallest value that at least {@code percent}% of the sorted sample does not exceed. */
    static double percentile(long[] sorted, double percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
