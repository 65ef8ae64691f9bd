package io.redcron.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LatenessTest {

    @Test
    void firesThatNeverStartedCountAtTheirLowerBound() {
        long[] started = new long[90];
        java.util.Arrays.fill(started, 5);

        Lateness lateness = Lateness.of(100, started, 10_000);

        assertThat(lateness.started()).isEqualTo(90);
        assertThat(lateness.missing()).isEqualTo(10);
        assertThat(lateness.stats().count()).isEqualTo(100);
        assertThat(lateness.stats().p50()).isEqualTo(5);
        assertThat(lateness.stats().p99()).isEqualTo(10_000);
    }

    @Test
    void moreStartsThanExpectedMissNothing() {
        Lateness lateness = Lateness.of(2, new long[] {1, 2, 3}, 10_000);

        assertThat(lateness.missing()).isZero();
        assertThat(lateness.stats().max()).isEqualTo(3);
    }
}
