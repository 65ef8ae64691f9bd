package io.redcron.node.alert;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class DeadManWindowTest {
    private static final Instant CREATED = Instant.parse("2026-05-01T00:00:00Z");
    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void overdueOncePeriodPassedSinceTheLastSuccess() {
        Instant success = CREATED.plus(Duration.ofHours(5));

        assertThat(DeadManWindow.judge(HOUR, success, CREATED, success.plusSeconds(3599))).isEmpty();
        assertThat(DeadManWindow.judge(HOUR, success, CREATED, success.plus(HOUR)))
                .contains(new DeadManWindow.Overdue(HOUR, success, 1));
        assertThat(DeadManWindow.judge(HOUR, success, CREATED, success.plus(Duration.ofMinutes(150))))
                .as("each further period is one more crossing").contains(new DeadManWindow.Overdue(HOUR, success, 2));
    }

    @Test
    void aTaskThatNeverSucceededCountsFromItsLastChange() {
        assertThat(DeadManWindow.judge(HOUR, null, CREATED, CREATED.plusSeconds(1800))).isEmpty();
        assertThat(DeadManWindow.judge(HOUR, null, CREATED, CREATED.plus(HOUR)).map(DeadManWindow.Overdue::since))
                .contains(CREATED);
    }

    @Test
    void aTaskEnabledAgainGetsItsFullPeriod() {
        Instant success = CREATED.plus(HOUR);
        Instant enabled = CREATED.plus(Duration.ofDays(3));

        assertThat(DeadManWindow.judge(HOUR, success, enabled, enabled.plusSeconds(60))).isEqualTo(Optional.empty());
        assertThat(DeadManWindow.judge(HOUR, success, enabled, enabled.plus(HOUR)).map(DeadManWindow.Overdue::since))
                .contains(enabled);
    }
}
