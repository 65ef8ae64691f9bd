package io.redcron.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

class AlertRuleTest {
    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void aFactorMustBeGreaterThanOneWithTwoDecimalsAtMost() {
        assertThat(new AlertRule(null, new BigDecimal("2.50"), null).slowFactor()).isEqualTo(new BigDecimal("2.5"));
        assertThat(new AlertRule(null, new BigDecimal("3.00"), null).slowFactor().toPlainString()).isEqualTo("3");
        assertThatThrownBy(() -> new AlertRule(null, BigDecimal.ONE, null))
                .hasMessageStartingWith("alerting.slowFactor: must be a decimal greater than 1");
        assertThatThrownBy(() -> new AlertRule(null, new BigDecimal("1.234"), null))
                .hasMessageStartingWith("alerting.slowFactor: takes two decimals at most");
        assertThatThrownBy(() -> AlertRule.factor("alerting.slowFactor", "fast"))
                .hasMessageStartingWith("alerting.slowFactor: 'fast' is not a decimal");
    }

    @Test
    void limitsTooShortToBeCheckedAreRefused() {
        assertThatThrownBy(() -> new AlertRule(Duration.ofMillis(500), null, null))
                .hasMessageStartingWith("alerting.slowAfter:");
        assertThatThrownBy(() -> new AlertRule(null, null, Duration.ofSeconds(30)))
                .hasMessageStartingWith("alerting.successWithin:");
    }

    @Test
    void aChangeKeepsWhatItDoesNotSet() {
        AlertRule rule = new AlertRule(Duration.ofMinutes(10), null, Duration.ofHours(1));

        assertThat(rule.with(new AlertRule(null, new BigDecimal("2"), null)))
                .isEqualTo(new AlertRule(Duration.ofMinutes(10), new BigDecimal("2"), Duration.ofHours(1)));
        assertThat(rule.toString()).isEqualTo("slowAfter=10m successWithin=1h");
        assertThat(AlertRule.NONE.isEmpty()).isTrue();
        assertThat(new AlertRule(null, null, Duration.ofHours(1)).watchesDuration()).isFalse();
    }

    @Test
    void aSilenceMatchesWhatItNamesAndAnythingItLeavesOpen() {
        AlertSilence taskKind = silence("backup", null, "RUN_FAILED");
        AlertSilence group = silence(null, "gpu", null);
        AlertSilence all = silence(null, null, null);

        assertThat(taskKind.matches("backup", "default", "RUN_FAILED")).isTrue();
        assertThat(taskKind.matches("backup", "default", "RUN_TIMED_OUT")).isFalse();
        assertThat(taskKind.matches("report", "default", "RUN_FAILED")).isFalse();
        assertThat(taskKind.matches(null, "default", "RUN_FAILED")).as("an alert about no task").isFalse();
        assertThat(group.matches("train", "gpu", "RUN_SLOW")).isTrue();
        assertThat(group.matches(null, "gpu", "BACKLOG")).as("a group's own alert").isTrue();
        assertThat(group.matches("train", null, "RUN_SLOW")).as("group unknown").isFalse();
        assertThat(all.matches(null, null, "NODE_LOST")).isTrue();
        assertThat(all.silencesAll()).isTrue();
        assertThat(all.scope()).isEqualTo("everything");
    }

    @Test
    void aSilenceEndsAtItsTimeOrWhenEndedByHand() {
        AlertSilence silence = silence("backup", null, null);

        assertThat(silence.isActive(NOW)).isTrue();
        assertThat(silence.isActive(NOW.plusSeconds(3600))).isFalse();
        AlertSilence ended = new AlertSilence(1, "ns", "backup", null, null, NOW.plusSeconds(3600), "why", "alice",
                NOW.minusSeconds(60), NOW, "bob");
        assertThat(ended.isActive(NOW.plusSeconds(1))).isFalse();
    }

    private static AlertSilence silence(String task, String group, String kind) {
        return new AlertSilence(1, "ns", task, group, kind, NOW.plusSeconds(3600), "why", "alice", NOW.minusSeconds(60),
                null, null);
    }
}
