package io.redcron.node.alert;

import io.redcron.domain.AlertRule;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class SlowRunLimitTest {

    @Test
    void theFixedLimitAloneWhenThereIsNoFactorOrNoP95() {
        AlertRule fixed = new AlertRule(Duration.ofMinutes(10), null, null);
        AlertRule both = new AlertRule(Duration.ofMinutes(10), new BigDecimal("3"), null);

        assertThat(SlowRunLimit.of(fixed, Duration.ofSeconds(30)).orElseThrow().after()).isEqualTo(Duration.ofMinutes(10));
        assertThat(SlowRunLimit.of(both, null).orElseThrow().reason()).isEqualTo("slowAfter 10m");
        assertThat(SlowRunLimit.of(new AlertRule(null, new BigDecimal("3"), null), null)).as("no p95 yet").isEmpty();
        assertThat(SlowRunLimit.of(new AlertRule(null, null, Duration.ofHours(1)), Duration.ofSeconds(30))).isEmpty();
    }

    @Test
    void theFactorTimesTheP95WhenItComesFirst() {
        AlertRule both = new AlertRule(Duration.ofMinutes(10), new BigDecimal("2.5"), null);

        SlowRunLimit.Limit limit = SlowRunLimit.of(both, Duration.ofSeconds(40)).orElseThrow();

        assertThat(limit.after()).isEqualTo(Duration.ofSeconds(100));
        assertThat(limit.reason()).isEqualTo("2.5 × p95 (40s)");
        assertThat(SlowRunLimit.of(both, Duration.ofMinutes(8)).orElseThrow().after())
                .as("2.5 × 8m is past the fixed limit").isEqualTo(Duration.ofMinutes(10));
        assertThat(SlowRunLimit.isSlow(limit, Duration.ofSeconds(100))).isFalse();
        assertThat(SlowRunLimit.isSlow(limit, Duration.ofSeconds(101))).isTrue();
    }

    @Test
    void aP95OfMillisecondsIsNoLimit() {
        assertThat(SlowRunLimit.of(new AlertRule(null, new BigDecimal("3"), null), Duration.ofMillis(20))).isEmpty();
    }
}
