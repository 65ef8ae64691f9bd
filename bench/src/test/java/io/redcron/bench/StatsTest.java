package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

class StatsTest {

    @Test
    void nearestRankPercentilesOfAHundredValues() {
        long[] oneToHundred = LongStream.rangeClosed(1, 100).toArray();
        Stats stats = Stats.of(reversed(oneToHundred));

        assertThat(stats.count()).isEqualTo(100);
        assertThat(stats.p50()).isEqualTo(50);
        assertThat(stats.p95()).isEqualTo(95);
        assertThat(stats.p99()).isEqualTo(99);
        assertThat(stats.max()).isEqualTo(100);
    }

    @Test
    void aSingleValueIsEveryPercentile() {
        Stats stats = Stats.of(new long[] {7});

        assertThat(stats.p50()).isEqualTo(7);
        assertThat(stats.p99()).isEqualTo(7);
        assertThat(stats.max()).isEqualTo(7);
    }

    @Test
    void oneSlowFireInAHundredShowsOnlyInTheMaximum() {
        long[] sample = LongStream.range(0, 100).map(i -> i == 42 ? 5_000 : 3).toArray();
        Stats stats = Stats.of(sample);

        assertThat(stats.p99()).isEqualTo(3);
        assertThat(stats.max()).isEqualTo(5_000);
    }

    @Test
    void anEmptySampleHasNoPercentiles() {
        Stats stats = Stats.of(new long[0]);

        assertThat(stats.count()).isZero();
        assertThat(stats.p50()).isNaN();
    }

    @Test
    void theCallersArrayIsNotReordered() {
        long[] sample = {3, 1, 2};
        Stats.of(sample);

        assertThat(sample).containsExactly(3, 1, 2);
    }

    private static long[] reversed(long[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[values.length - 1 - i];
        }
        return out;
    }
}
