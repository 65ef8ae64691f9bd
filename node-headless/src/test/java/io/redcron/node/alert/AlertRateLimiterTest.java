package io.redcron.node.alert;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AlertRateLimiterTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final AlertRateLimiter limiter = new AlertRateLimiter(Duration.ofMinutes(10));
    private final AlertRateLimiter.Key key = new AlertRateLimiter.Key("https://h/x", "task 1", AlertKind.RUN_FAILED);

    @Test
    void aTaskFailingEverySecondSendsOneAlertAndOneSummaryPerWindow() {
        int sent = 0;
        for (int second = 0; second < 600; second++) {
            if (limiter.admit(key, alert(second), T0.plusSeconds(second)).send()) {
                sent++;
            }
        }

        assertThat(sent).isEqualTo(1);
        assertThat(limiter.closeWindows(T0.plusSeconds(599))).isEmpty();
        List<AlertRateLimiter.Summary> summaries = limiter.closeWindows(T0.plusSeconds(600));
        assertThat(summaries).singleElement().satisfies(summary -> {
            assertThat(summary.suppressed()).isEqualTo(599);
            assertThat(summary.latest().runId()).isEqualTo(599L);
        });
        // The summary opened a window of its own: the next failure is held back too.
        assertThat(limiter.admit(key, alert(601), T0.plusSeconds(601)).send()).isFalse();
    }

    @Test
    void keysDoNotShareAWindow() {
        limiter.admit(key, alert(1), T0);

        assertThat(limiter.admit(new AlertRateLimiter.Key("https://h/x", "task 2", AlertKind.RUN_FAILED), alert(2), T0).send()).isTrue();
        assertThat(limiter.admit(new AlertRateLimiter.Key("https://h/x", "task 1", AlertKind.RUN_TIMED_OUT), alert(3), T0).send()).isTrue();
        assertThat(limiter.admit(new AlertRateLimiter.Key("mailto:a@b.c", "task 1", AlertKind.RUN_FAILED), alert(4), T0).send()).isTrue();
        assertThat(limiter.admit(key, alert(5), T0).send()).isFalse();
    }

    @Test
    void anAlertAfterAnUncollectedWindowCarriesItsCount() {
        limiter.admit(key, alert(1), T0);
        limiter.admit(key, alert(2), T0.plusSeconds(1));
        limiter.admit(key, alert(3), T0.plusSeconds(2));

        AlertRateLimiter.Admission next = limiter.admit(key, alert(4), T0.plusSeconds(700));

        assertThat(next.send()).isTrue();
        assertThat(next.suppressedBefore()).isEqualTo(2);
        assertThat(limiter.closeWindows(T0.plusSeconds(1400))).isEmpty();
    }

    @Test
    void theSummaryCarriesTheAlertRaisedLastEvenIfItArrivedEarlier() {
        limiter.admit(key, alert(1), T0);
        limiter.admit(key, new Alert(AlertKind.RUN_FAILED, T0.plusSeconds(9), 1L, "backup", 9L, null, "", Map.of(), List.of()), T0.plusSeconds(10));
        limiter.admit(key, new Alert(AlertKind.RUN_FAILED, T0.plusSeconds(8), 1L, "backup", 8L, null, "", Map.of(), List.of()), T0.plusSeconds(10));

        assertThat(limiter.closeWindows(T0.plusSeconds(600))).singleElement()
                .satisfies(summary -> assertThat(summary.latest().runId()).isEqualTo(9L));
    }

    @Test
    void quietKeysAreForgotten() {
        limiter.admit(key, alert(1), T0);

        assertThat(limiter.closeWindows(T0.plusSeconds(600))).isEmpty();
        assertThat(limiter.admit(key, alert(2), T0.plusSeconds(601))).isEqualTo(new AlertRateLimiter.Admission(true, 0));
    }

    private static Alert alert(long runId) {
        return new Alert(AlertKind.RUN_FAILED, T0, 1L, "backup", runId, null, "exit 1", Map.of(), List.of());
    }
}
