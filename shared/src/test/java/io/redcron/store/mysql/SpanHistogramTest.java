package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.port.RunStatistics.Spread;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

class SpanHistogramTest {

    @Test
    void spansOfThreeSignificantDigitsAreExactAndOthersReadAtMostOnePercentLow() {
        for (long millis : new long[] {0, 1, 999, 1_000, 1_009, 12_345, 99_999, 100_000, 3_600_000, 86_399_999,
                Long.MAX_VALUE / 3, Long.MAX_VALUE}) {
            long bottom = SpanHistogram.bottomOf(SpanHistogram.bucketOf(millis));
            assertThat(bottom).isLessThanOrEqualTo(millis);
            assertThat(millis - bottom).isLessThanOrEqualTo(millis / 100);
        }
        assertThat(SpanHistogram.bottomOf(SpanHistogram.bucketOf(700))).isEqualTo(700);
        assertThat(SpanHistogram.bottomOf(SpanHistogram.bucketOf(15 * 60_000))).isEqualTo(15 * 60_000);
        assertThat(SpanHistogram.bucketOf(9_999)).isLessThan(SpanHistogram.bucketOf(10_000));
        assertThat(SpanHistogram.bucketOf(10_000) - SpanHistogram.bucketOf(9_999)).isOne();
    }

    @Test
    void percentilesMatchNearestRankWithinTheBucketsPrecision() {
        Random random = new Random(42);
        SpanHistogram histogram = new SpanHistogram();
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            long millis = (long) Math.exp(random.nextDouble() * 16);
            values.add(millis);
            histogram.add(Duration.ofMillis(millis));
        }
        Collections.sort(values);
        Spread spread = histogram.spread();

        assertThat(spread.count()).isEqualTo(5_000);
        assertThat(spread.max().toMillis()).isEqualTo(values.get(4_999));
        long p50 = values.get(2_499);
        long p95 = values.get(4_749);
        assertThat(spread.p50().toMillis()).isBetween(p50 - p50 / 100, p50);
        assertThat(spread.p95().toMillis()).isBetween(p95 - p95 / 100, p95);
    }

    @Test
    void anEncodedHistogramAddsUpAsTheSpansThemselves() {
        SpanHistogram first = new SpanHistogram();
        SpanHistogram second = new SpanHistogram();
        SpanHistogram both = new SpanHistogram();
        for (long millis = 0; millis < 200_000; millis += 777) {
            (millis % 2 == 0 ? first : second).add(Duration.ofMillis(millis));
            both.add(Duration.ofMillis(millis));
        }
        SpanHistogram sum = new SpanHistogram();
        sum.addEncoded(first.encode());
        sum.addEncoded(second.encode());
        sum.addEncoded("");

        assertThat(sum.spread()).isEqualTo(both.spread());
        assertThat(sum.encode()).isEqualTo(both.encode());
    }

    @Test
    void aNegativeSpanCountsAsZeroAndNoSpansIsNoSpread() {
        SpanHistogram histogram = new SpanHistogram();
        assertThat(histogram.spread()).isEqualTo(Spread.NONE);
        assertThat(histogram.encode()).isEmpty();

        histogram.add(Duration.ofMillis(-40));

        assertThat(histogram.spread()).isEqualTo(new Spread(1, Duration.ZERO, Duration.ZERO, Duration.ZERO));
    }
}
