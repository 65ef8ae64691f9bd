package io.redcron.bench;

/**
 * The outcome of N one-off runs: how many succeeded, and the span from the first start to the
 * last finish (start-up of the processes does not count, their warm-up does).
 */
public record Throughput(int submitted, int succeeded, int failed, double seconds, String note) {

    public double perSecond() {
        return seconds > 0 ? succeeded / seconds : 0;
    }
}
