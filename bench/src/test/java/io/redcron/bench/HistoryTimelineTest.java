package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HistoryTimelineTest {
    private static final Instant NOW = Instant.parse("2026-12-03T10:15:30Z");

    @Test
    void anAgedHistoryEndsAtTheStartOfTheDayThatLongAgoWithEveryRunEnded() {
        HistoryData.Timeline timeline = HistoryData.Timeline.aged(NOW, Duration.ofDays(100));

        assertThat(timeline.end()).isEqualTo(Instant.parse("2026-08-25T00:00:00Z"));
        assertThat(timeline.underWay()).isFalse();
    }

    @Test
    void theCurrentHistoryNeverAgesAndHasRunsUnderWay() {
        assertThat(HistoryData.Timeline.CURRENT.end()).isEqualTo(Instant.parse("2030-06-01T00:00:00Z"));
        assertThat(HistoryData.Timeline.CURRENT.underWay()).isTrue();
    }

    @Test
    void anAgedHistoryLiesInThePast() {
        assertThatThrownBy(() -> HistoryData.Timeline.aged(NOW, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in the past");
    }

    @Test
    void aHistoryWithRunsUnderWayNeedsThatManyRunsAnAgedOneOnlyOne() {
        assertThatThrownBy(() -> new HistoryData(null, HistoryData.UNDER_WAY - 1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least " + HistoryData.UNDER_WAY);

        HistoryData aged = new HistoryData(null, 1, 1, "ns", HistoryData.Timeline.aged(NOW, Duration.ofDays(1)));

        assertThat(aged).isNotNull();
    }
}
