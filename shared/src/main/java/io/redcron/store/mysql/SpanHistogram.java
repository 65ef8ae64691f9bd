package io.redcron.store.mysql;

import io.redcron.port.RunStatistics.Spread;

import java.time.Duration;
import java.util.Arrays;

/**
 * Counts of spans (run durations, lateness) in millisecond buckets of three significant decimal
 * digits, so that the spans of a minute can be stored in one short text and the minutes of a day
 * summed without the runs. Spans under 1,000 ms each have a bucket of their own; above that a
 * bucket holds the spans that share their first three digits (12,340 to 12,349 ms). A percentile
 * read back is the smallest span of its bucket: at most 1 % below the true one, and exact for any
 * span of three significant digits (700 ms, 2 s, 15 min). The largest span is kept exactly.
 *
 * <p>HdrHistogram counts much the same way, but it decodes every stored histogram into its full
 * counts array: summing the 1,440 minutes of a day would allocate more than the query reads. Here
 * the stored buckets in use are added straight into the sum.
 */
final class SpanHistogram {
    private static final int EXACT = 1_000;
    private static final int PER_DECADE = 900;
    private static final long[] POWERS = powersOfTen();
    private static final int LAST = bucketOf(Long.MAX_VALUE);

    private long[] counts = new long[0];
    private long total;
    private long max = -1;

    /** Adds one span; a negative one (a start a little before its time, clocks apart) counts as zero. */
    void add(Duration span) {
        long millis = Math.max(0, span.toMillis());
        bucket(bucketOf(millis), 1);
        total++;
        max = Math.max(max, millis);
    }

    void add(SpanHistogram other) {
        for (int i = 0; i < other.counts.length; i++) {
            if (other.counts[i] > 0) {
                bucket(i, other.counts[i]);
            }
        }
        total += other.total;
        max = Math.max(max, other.max);
    }

    /** Adds the spans of {@link #encode()}'s text, without decoding them into a histogram of their own. */
    void addEncoded(String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        int semicolon = text.indexOf(';');
        max = Math.max(max, Long.parseLong(text, 0, semicolon, 10));
        int at = semicolon + 1;
        while (at < text.length()) {
            int colon = text.indexOf(':', at);
            int comma = text.indexOf(',', colon);
            int end = comma < 0 ? text.length() : comma;
            long count = Long.parseLong(text, colon + 1, end, 10);
            bucket(Integer.parseInt(text, at, colon, 10), count);
            total += count;
            at = end + 1;
        }
    }

    long count() {
        return total;
    }

    /** Nearest-rank p50 and p95 (the smallest span of the bucket that holds the rank) and the largest span. */
    Spread spread() {
        if (total == 0) {
            return Spread.NONE;
        }
        return new Spread((int) Math.min(Integer.MAX_VALUE, total), Duration.ofMillis(percentile(50)),
                Duration.ofMillis(percentile(95)), Duration.ofMillis(max));
    }

    /** {@code max;bucket:count,bucket:count…} of the buckets in use; empty for no spans. */
    String encode() {
        if (total == 0) {
            return "";
        }
        StringBuilder text = new StringBuilder().append(max).append(';');
        boolean first = true;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                text.append(first ? "" : ",").append(i).append(':').append(counts[i]);
                first = false;
            }
        }
        return text.toString();
    }

    static int bucketOf(long millis) {
        if (millis < EXACT) {
            return (int) millis;
        }
        int shift = 1;
        while (shift + 3 < POWERS.length && millis >= POWERS[shift + 3]) {
            shift++;
        }
        long leading = millis / POWERS[shift];
        return EXACT + (shift - 1) * PER_DECADE + (int) (leading - 100);
    }

    /** The smallest span in bucket {@code index}. */
    static long bottomOf(int index) {
        if (index < EXACT) {
            return index;
        }
        int shift = (index - EXACT) / PER_DECADE + 1;
        long leading = (index - EXACT) % PER_DECADE + 100;
        return leading * POWERS[shift];
    }

    private void bucket(int index, long count) {
        if (index < 0 || index > LAST) {
            throw new IllegalArgumentException("span bucket " + index + " out of range");
        }
        if (index >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(index + 1, Math.min(counts.length * 2, LAST + 1)));
        }
        counts[index] += count;
    }

    private long percentile(int percent) {
        long rank = Math.max(1, (long) Math.ceil(percent / 100.0 * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return bottomOf(i);
            }
        }
        return max;
    }

    private static long[] powersOfTen() {
        long[] powers = new long[19];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }
}
